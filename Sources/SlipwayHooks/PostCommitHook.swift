import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwayHistory

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
            let repository = try Repository(discoveringFrom: directory)
            if repository.isBare || repository.isEmpty { return skip("no commit to judge") }
            if let reason = HookGuard.reasonToSkip(repository: repository) { return skip(reason) }
            let head = try repository.commit(try repository.resolveCommit("HEAD"))
            if let reason = HookGuard.reasonToSkip(commit: head) { return skip(reason) }
            let workspace = Workspace(
                repository: repository, configuration: try Workspace.configuration(of: repository))
            let verdict = try DetectService(workspace: workspace).detector.judge(commit: head.id.hex)
            guard verdict.major else { return skip("\(head.id.short) is not a major change") }

            let setting = HookSettings.action(repository: repository, configuration: workspace.configuration)
            if let warning = setting.warning { console.err("slipway: warning: \(warning)\n") }
            let line = "slipway: \(VerdictReport.summary(verdict))"
            switch setting.action {
            case .notify:
                console.err(line + "; 'slipway release' cuts a release\n")
            case .push:
                let target = try PushTarget.resolve(repository)
                let log = try startInBackground(.push, repository: repository, environment: environment)
                console.err(
                    line + "; pushing \(target.branch.cQuotedIfNeeded) to "
                        + "\(RemoteURL.redactingCredentials(target.remote.name).cQuotedIfNeeded) in the background "
                        + "(log: \(log))\n")
            case .release:
                let log = try startInBackground(.release, repository: repository, environment: environment)
                console.err(line + "; releasing in the background (log: \(log))\n")
            }
        } catch let error as SlipwayError {
            console.err("slipway: post-commit hook: \(error.oneLine)\n")
        } catch {
            console.err("slipway: post-commit hook: \(FileSystem.oneLine(error))\n")
        }
        return .success
    }

    /// Variables git sets for the hook that must not leak into work outliving the commit: `git commit -a` points
    /// GIT_INDEX_FILE at a temporary index that is gone once the commit returns.
    static let hookOnlyVariables = ["GIT_INDEX_FILE", "GIT_PREFIX", "GIT_REFLOG_ACTION"]

    /// Starts `slipway hook run-action <action> --detached` with its output appended to the hook log; returns the
    /// log's path as messages show it.
    private func startInBackground(_ action: HookAction, repository: Repository, environment: [String: String]) throws
        -> String
    {
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
            [slipway, "hook", "run-action", action.rawValue, "--detached"],
            appendingOutputTo: paths.log.path, environment: childEnvironment)
        return DisplayPath.of(paths.log, root: repository.rootDirectory)
    }
}
