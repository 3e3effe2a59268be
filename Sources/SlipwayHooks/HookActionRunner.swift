import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwayWorkspace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `slipway hook run-action <action>`: does a post-commit action while holding the hook lock. The post-commit hook
/// starts it detached with its output in `.git/slipway/hook.log`; run by hand, it works in the foreground.
public struct HookActionRunner {
    /// Its environment is what the actions' commands inherit.
    public let workspace: Workspace
    let repository: Repository

    public init(workspace: Workspace) throws(GitError) {
        self.workspace = workspace
        repository = try workspace.requireRepository()
    }

    /// Replaces slipway in the `release` command line. Only tests set it, to watch how a release is started (its
    /// session, standard input, the lock) with a program that waits for them; ReleaseHookTests runs the real one.
    public static let testExecutableVariable = "SLIPWAY_TEST_RELEASE_EXECUTABLE"

    /// `apps`: with several apps in `.slipway.yml`, the ones to notify about or release (`--app`), one after another.
    /// `detached`: leave the terminal's session first (the post-commit hook starts it so).
    public func run(_ action: HookAction, apps: [String] = [], detached: Bool = false, console: Console) throws
        -> ExitStatus
    {
        if detached { HookActionRunner.detachFromTerminal() }
        let environment = workspace.environment
        let paths = HookPaths(repository: repository)
        let started = Date()
        let lock = try HookActionRunner.lock(paths) { holder in
            console.out("\(HookActionRunner.timestamp()) waiting for \(holder) to finish its hook run\n")
            console.flush()
        }
        defer { lock.release() }
        let head = (try? repository.resolveCommit("HEAD"))?.short ?? "(no commit)"
        console.out(
            "\(HookActionRunner.timestamp()) slipway hook run-action \(action.rawValue) (pid \(getpid()), HEAD \(head))\n"
        )

        var commands: [[String]]
        switch action {
        case .notify:
            for app in apps.isEmpty ? [nil] : apps.map(Optional.some) {
                let scoped = try app.map { try workspace.selecting(app: $0) } ?? workspace
                let verdict = try DetectService(workspace: scoped).detector.judge(commit: "HEAD")
                console.out("slipway: \(app.map { "\($0): " } ?? "")\(VerdictReport.summary(verdict))\n")
            }
            return .success
        case .push:
            // Pushing a half-made release would publish it: it is finished or undone first.
            if ReleaseJournalFile.exists(in: repository) {
                throw PendingReleaseError(path: ReleaseJournalFile.url(in: repository).path)
            }
            commands = [["git"] + (try PushTarget.resolve(repository).arguments(in: repository))]
        case .release:
            let slipway =
                environment[HookActionRunner.testExecutableVariable].flatMap { $0.isEmpty ? nil : $0 }
                ?? SlipwayExecutable.path(environment: environment)
            commands = apps.isEmpty ? [[slipway, "release"]] : apps.map { [slipway, "release", "--app", $0] }
        }
        var termination = ProcessOutcome.Termination.exited(0)
        for arguments in commands where termination == .exited(0) {
            termination =
                action == .push
                ? push(arguments, repository: repository, environment: environment, console: console)
                : try runCommand(arguments, environment: environment, console: console)
        }
        let status: String
        switch termination {
        case .exited(let code): status = "with exit status \(code)"
        case .signaled(let number): status = "killed by \(ProcessFailure.signalName(number))"
        case .unknown: status = "with an unknown status"
        }
        let elapsed = DurationFormat.text(Date().timeIntervalSince(started))
        console.out("\(HookActionRunner.timestamp()) \(action.rawValue) finished \(status) after \(elapsed)\n")
        return termination == .exited(0) ? .success : .negative
    }

    /// `git push` through `Repository.push`, whose output passes on with credentials and query strings removed from
    /// URLs: git quotes the remote's URL in its errors, and this output goes to the hook log.
    private func push(
        _ arguments: [String], repository: Repository, environment: [String: String], console: Console
    ) -> ProcessOutcome.Termination {
        console.out("$ \(Shell.quote(RemoteURL.redactingCredentials(arguments)))\n")
        console.flush()
        var childEnvironment = environment
        childEnvironment["GIT_TERMINAL_PROMPT"] = "0"
        do {
            try repository.push(arguments: Array(arguments.dropFirst()), environment: childEnvironment)
            return .exited(0)
        } catch {
            console.err("slipway: \(error.message)\n")
            return .exited(1)
        }
    }

    private func runCommand(_ arguments: [String], environment: [String: String], console: Console) throws
        -> ProcessOutcome.Termination
    {
        console.out("$ \(Shell.quote(RemoteURL.redactingCredentials(arguments)))\n")
        console.flush()
        var childEnvironment = environment
        // Nobody can answer a password prompt in the background; fail at once instead of waiting forever.
        childEnvironment["GIT_TERMINAL_PROMPT"] = "0"
        return try ProcessRunner().runAttached(arguments, environment: childEnvironment)
    }

    /// Takes the hook lock, waiting for a run that holds it; `waiting` is told the holder's pid first.
    static func lock(_ paths: HookPaths, waiting: @escaping (String) -> Void) throws -> FileLock {
        try paths.createFolder()
        do {
            return try FileLock.acquire(
                at: paths.lock.path, contents: Array("\(getpid())\n".utf8),
                wait: { holder in
                    let pid = String(decoding: holder, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    waiting(pid.isEmpty ? "another run" : "pid \(pid)")
                })
        } catch {
            switch error {
            case .held: throw Failure("another hook run holds \(paths.lock.path)")
            case .unusable(let reason):
                throw Failure(
                    "cannot lock \(paths.lock.path): \(reason)", hint: "check that the git folder is writable")
            }
        }
    }

    /// Leaves the terminal's session, for a run the post-commit hook started: the terminal closing or a Ctrl-C in
    /// it no longer reaches this run or what it starts.
    static func detachFromTerminal() {
        _ = setsid()
    }

    static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}
