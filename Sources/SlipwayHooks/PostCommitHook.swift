import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwayWorkspace

/// `slipway hook post-commit`: judges the commit just made and, on a major change, does the configured action.
///
/// It must never make `git commit` slow or fail: it only judges one commit against its parent, anything long is
/// started detached and returns at once, and every problem becomes one line on standard error with exit 0.
/// Like git's own messages, everything it says goes to standard error.
public struct PostCommitHook {
    /// Set to 1 to have the hook say why it did nothing (it is silent otherwise).
    public static let verboseVariable = "SLIPWAY_HOOK_VERBOSE"

    public init() {}

    public func run(from directory: URL, environment: [String: String], console: Console) -> ExitStatus {
        let verbose = environment[PostCommitHook.verboseVariable] == "1"
        func skip(_ reason: String) -> ExitStatus {
            if verbose { console.err("slipway: post-commit hook skipped: \(reason)\n") }
            return .success
        }
        if let reason = HookGuard.reasonToSkip(environment: environment) { return skip(reason) }
        do {
            let repository = try Repository(discoveringFrom: directory, environment: environment)
            if repository.isBare || repository.isEmpty { return skip("no commit to judge") }
            if let reason = HookGuard.reasonToSkip(repository: repository) { return skip(reason) }
            let head = try repository.commit(try repository.resolveCommit("HEAD"))
            if let reason = HookGuard.reasonToSkip(commit: head) { return skip(reason) }
            let workspace = try Workspace(repository: repository, currentDirectory: directory, environment: environment)
            // With several apps, each is judged on its own; only the apps with a major change are acted on.
            let judged = try PostCommitHook.verdicts(workspace, commit: head.id.hex)
            let major = judged.filter(\.verdict.major)
            guard !major.isEmpty else { return skip("\(head.id.short) is not a major change") }
            let apps = major.compactMap(\.app)

            let setting = HookSettings.action(repository: repository, configuration: workspace.configuration)
            if let warning = setting.warning { console.err("slipway: warning: \(warning)\n") }
            let lines = major.map { "slipway: \($0.app.map { "\($0): " } ?? "")\(VerdictReport.summary($0.verdict))" }
            switch setting.action {
            case .notify:
                for (line, entry) in zip(lines, major) {
                    let command = entry.app.map { "slipway release --app \($0)" } ?? "slipway release"
                    console.err(line + "; '\(command)' cuts a release\n")
                }
            case .push:
                let target = try PushTarget.resolve(repository)
                let log = try startInBackground(.push, repository: repository, environment: environment)
                console.err(
                    lines.joined(separator: "\n") + "; pushing \(target.branch.cQuotedIfNeeded) to "
                        + "\(RemoteURL.redactingCredentials(target.remote.name).cQuotedIfNeeded) in the background "
                        + "(log: \(log))\n")
            case .release:
                let log = try startInBackground(.release, apps: apps, repository: repository, environment: environment)
                console.err(lines.joined(separator: "\n") + "; releasing in the background (log: \(log))\n")
            }
        } catch let error as SlipwayError {
            console.err("slipway: post-commit hook: \(error.oneLine)\n")
        } catch {
            console.err("slipway: post-commit hook: \(FileSystem.oneLine(error))\n")
        }
        return .success
    }

    /// The verdict on `commit` for each app of `.slipway.yml` (`app` is `nil` without `apps:`).
    static func verdicts(_ workspace: Workspace, commit: String) throws -> [(app: String?, verdict: Verdict)] {
        let configuration = workspace.configuration
        guard configuration.apps.count > 1 else {
            let scoped = try workspace.selecting(app: nil)
            return [
                (configuration.apps.first?.name, try DetectService(workspace: scoped).detector.judge(commit: commit))
            ]
        }
        let scopes = DetectService.appScopes(of: workspace)
        return try configuration.apps.map { app in
            let scoped = workspace.with(configuration.scoped(to: app))
            return (
                app.name,
                try DetectService(workspace: scoped, appScopes: scopes).detector.judge(commit: commit)
            )
        }
    }

    /// Variables git sets for the hook that must not leak into work outliving the commit: `git commit -a` points
    /// GIT_INDEX_FILE at a temporary index that is gone once the commit returns.
    static let hookOnlyVariables = ["GIT_INDEX_FILE", "GIT_PREFIX", "GIT_REFLOG_ACTION"]

    /// Starts `slipway hook run-action <action> --detached` with its output appended to the hook log; returns the
    /// log's path as messages show it.
    private func startInBackground(
        _ action: HookAction, apps: [String] = [], repository: Repository, environment: [String: String]
    ) throws -> String {
        let paths = HookPaths(repository: repository)
        try paths.createFolder()
        if let size = (try? FileManager.default.attributesOfItem(atPath: paths.log.path))?[.size] as? Int,
            size > HookPaths.maximumLogSize
        {
            let old = paths.folder.appendingPathComponent("hook.log.1")
            try? FileManager.default.removeItem(at: old)
            try? FileManager.default.moveItem(at: paths.log, to: old)
        }
        var childEnvironment = environment
        for name in PostCommitHook.hookOnlyVariables { childEnvironment.removeValue(forKey: name) }
        let slipway = SlipwayExecutable.path(environment: environment)
        _ = try ProcessRunner().startDetached(
            [slipway, "hook", "run-action", action.rawValue, "--detached"] + apps.flatMap { ["--app", $0] },
            appendingOutputTo: paths.log.path, environment: childEnvironment)
        return DisplayPath.of(paths.log, relativeTo: repository.rootDirectory)
    }
}
