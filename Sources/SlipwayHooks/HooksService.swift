import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwayWorkspace

/// `slipway hooks install|uninstall|status`: puts Slipway's hook scripts into the folder git runs hooks from,
/// chaining any hook that was there, and takes them out again leaving the folder exactly as it was.
///
/// Install and uninstall first make a `HooksPlan` (`planInstall`, `planUninstall`, which change nothing), then
/// either print it (`--dry-run`) or hand its changes to one `InstallExecutor`.
public struct HooksService {
    public let repository: Repository
    public let configuration: Configuration
    /// Where `SlipwayExecutable` looks for this slipway when no path is given.
    let environment: [String: String]

    public init(workspace: Workspace) throws(GitError) {
        repository = try workspace.requireRepository()
        configuration = workspace.configuration
        environment = workspace.environment
    }

    public struct InstallRequest: Sendable {
        /// The absolute path the installed hooks call slipway by; `nil` for this slipway's own (`SlipwayExecutable`).
        public var slipwayPath: String?
        /// The post-commit action to record for this clone; `nil` keeps what is configured.
        public var action: HookAction?
        /// Install even when another hook manager owns the hooks, when `core.hooksPath` comes from a global or
        /// system config or leads outside the repository, or over a Slipway hook someone edited.
        public var force = false
        /// Print the plan and change nothing.
        public var dryRun = false
        /// Wait for another writer to release the repository's lock instead of refusing (`--wait`).
        public var waitForLock = false

        public init(
            slipwayPath: String? = nil, action: HookAction? = nil, force: Bool = false, dryRun: Bool = false,
            waitForLock: Bool = false
        ) {
            self.slipwayPath = slipwayPath
            self.action = action
            self.force = force
            self.dryRun = dryRun
            self.waitForLock = waitForLock
        }
    }

    var folder: URL { repository.hooksDirectory }
    var files: [HookFile] { GitHook.allCases.map { HookFile(hook: $0, folder: folder) } }

    func display(_ url: URL) -> String { DisplayPath.of(url, relativeTo: repository.rootDirectory) }

    public func install(_ request: InstallRequest, console: Console) throws -> ExitStatus {
        let lock = try writerLock("slipway hooks install", dryRun: request.dryRun, wait: request.waitForLock, console)
        defer { lock?.release() }
        return try carryOut(try planInstall(request), dryRun: request.dryRun, console: console)
    }

    public func uninstall(dryRun: Bool = false, waitForLock: Bool = false, console: Console) throws -> ExitStatus {
        let lock = try writerLock("slipway hooks uninstall", dryRun: dryRun, wait: waitForLock, console)
        defer { lock?.release() }
        return try carryOut(try planUninstall(), dryRun: dryRun, console: console)
    }

    /// The repository's writer lock, held from before planning until the changes are made; a dry run writes
    /// nothing, not even the lock file.
    private func writerLock(_ command: String, dryRun: Bool, wait: Bool, _ console: Console) throws -> WriterLock? {
        guard !dryRun, !repository.isBare else { return nil }
        return try WriterLock.take(repository, command: command, wait: wait, console: console)
    }

    /// Prints the plan (dry run), or makes its changes and prints the report; the warnings go to stderr either way.
    func carryOut(_ plan: HooksPlan, dryRun: Bool, console: Console) throws -> ExitStatus {
        if dryRun {
            console.out(
                InstallDryRunReport.text(
                    command: plan.command, place: display(plan.folder), changes: plan.changes,
                    outcome: plan.rows.map(\.line).joined(), display: display))
        } else {
            try executor(command: plan.command).execute(plan.changes)
            console.out(plan.report)
        }
        for warning in plan.warnings { console.err(warning + "\n") }
        return .success
    }

    func executor(command: String) -> InstallExecutor {
        InstallExecutor(
            effects: SystemInstallEffects(repository: repository), root: repository.rootDirectory,
            command: command)
    }

    /// A file the plan replaces or removes, as it is now.
    func existing(_ url: URL) throws(Failure) -> FileContents {
        guard let contents = try FileContents.read(url, shownAs: display(url)) else {
            throw Failure(
                "\(display(url)) went away while Slipway was looking at it",
                hint: "run the command again")
        }
        return contents
    }
}
