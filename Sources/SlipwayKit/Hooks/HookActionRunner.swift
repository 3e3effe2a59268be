import Foundation
import SlipwayCore
import SlipwayGit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `slipway hook run-action <action>`: does a post-commit action while holding the hook lock. The post-commit hook
/// starts it detached with its output in `.git/slipway/hook.log`; run by hand, it works in the foreground.
public struct HookActionRunner {
    public let workspace: Workspace

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Replaces slipway in the `release` command line. Only tests set it, to watch how a release is started (its
    /// session, standard input, the lock) with a program that waits for them; ReleaseHookTests runs the real one.
    public static let testExecutableVariable = "SLIPWAY_TEST_RELEASE_EXECUTABLE"

    public func run(_ action: HookAction, environment: [String: String], console: Console) throws -> ExitStatus {
        let repository = workspace.repository
        let paths = HookPaths(repository: repository)
        let started = Date()
        let lock = try HookLock(at: paths.lock) { holder in
            console.out("\(HookActionRunner.timestamp()) waiting for \(holder) to finish its hook run\n")
            console.flush()
        }
        defer { withExtendedLifetime(lock) {} }
        let head = (try? repository.resolveCommit("HEAD"))?.short ?? "(no commit)"
        console.out("\(HookActionRunner.timestamp()) slipway hook run-action \(action.rawValue) (pid \(getpid()), HEAD \(head))\n")

        let arguments: [String]
        switch action {
        case .notify:
            let verdict = try DetectService(workspace: workspace).detector.judge(commit: "HEAD")
            console.out("slipway: \(HookReport.summary(verdict))\n")
            return .success
        case .push:
            arguments = try PushTarget.resolve(repository).arguments
        case .release:
            let slipway = environment[HookActionRunner.testExecutableVariable].flatMap { $0.isEmpty ? nil : $0 }
                ?? SlipwayExecutable.path(environment: environment)
            arguments = [slipway, "release"]
        }
        console.out("$ \(arguments.map(HookActionRunner.quote).joined(separator: " "))\n")
        console.flush()
        var childEnvironment = environment
        // Nobody can answer a password prompt in the background; fail at once instead of waiting forever.
        childEnvironment["GIT_TERMINAL_PROMPT"] = "0"
        let status = try ChildProcess.run(arguments, environment: childEnvironment)
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        console.out("\(HookActionRunner.timestamp()) \(action.rawValue) finished with exit status \(status) after \(seconds) s\n")
        return status == 0 ? .success : .negative
    }

    /// Leaves the terminal's session, for a run the post-commit hook started: the terminal closing or a Ctrl-C in
    /// it no longer reaches this run or what it starts.
    public static func detachFromTerminal() {
        _ = setsid()
    }

    static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }

    /// Shell quoting for showing a command line (never for running one).
    static func quote(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:+@%".contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
