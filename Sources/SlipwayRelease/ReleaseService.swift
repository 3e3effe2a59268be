import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwayPipeline
import SlipwayVersioning
import SlipwayWorkspace

/// `slipway release`: bump the versions, run the stages, commit the spec with a `Slipway-Release` trailer, tag,
/// write the manifest and optionally push; or, with `--dry-run`, print all of that and change nothing.
///
/// 1. Take the repository's writer lock (a dry run only checks that nobody holds it).
/// 2. Plan everything and refuse (exit 2) what would stop the release halfway (`ReleasePlanner`).
/// 3. Carry the plan out (`ReleaseExecutor`): a failure before the commit puts every file back and still records a
///    manifest; after the commit, nothing is undone and the error says what exists and how to finish.
public struct ReleaseService {
    public struct Request: Sendable {
        public var bump: BumpRequest
        /// The bump as asked, for the manifest (`auto`, `minor`, `set 2.0.0`).
        public var requested: String
        /// Release even when tracked files other than the spec have uncommitted changes.
        public var allowDirty = false
        public var dryRun = false
        /// With `dryRun`: each stage's working directory, timeout and whole environment too (`--verbose`).
        public var verbose = false
        /// Treat the change as major (`--major`), so `when: major` stages (archive, export, upload) run; `nil`
        /// follows detect's verdict.
        public var major: Bool?
        /// Push the branch and the tag; `nil` follows `release.push`.
        public var push: Bool?
        /// Also write an in-toto statement; `nil` follows `release.inToto`.
        public var inToto: Bool?
        /// Record the stages as skipped instead of running them (the build happened elsewhere).
        public var skipStages = false
        /// Wait for another writer to release the repository's lock instead of refusing (`--wait`).
        public var waitForLock = false
        /// Run the doctor's error-level checks first (`--no-doctor` turns this off).
        public var doctor = true
        /// Release every app of `apps:` together: they share one marketing version (`version.sharedByApps`), so
        /// it is bumped once, each app's build number as its own bump moves it, in one commit with each app's tag.
        public var sharedApps = false
        /// The command as typed, recorded in the lock so a second release can say who holds it.
        public var commandLine: String

        public init(bump: BumpRequest, requested: String, commandLine: String) {
            self.bump = bump
            self.requested = requested
            self.commandLine = commandLine
        }
    }

    /// `--spec` and other paths given on the command line are relative to its current folder; its environment is
    /// Slipway's own: stages inherit it, git reads identities and credentials from it.
    public let workspace: Workspace
    let repository: Repository
    public var runner = StageRunner()
    /// Every app's configuration when a release of apps that share one version runs on the first app's workspace.
    var sharedApps: Configuration?

    public init(workspace: Workspace) throws(GitError) {
        self.workspace = workspace
        repository = try workspace.requireRepository()
    }

    public func run(_ request: Request, console: Console) throws -> ExitStatus {
        let configuration = workspace.configuration
        if request.sharedApps, sharedApps == nil, configuration.selectedApp == nil, let first = configuration.apps.first
        {
            // The first app's workspace runs the stages, judges the commits and holds the manifest, once.
            var service = try ReleaseService(workspace: workspace.with(configuration.scoped(to: first)))
            service.runner = runner
            service.sharedApps = configuration
            return try service.run(request, console: console)
        }
        try checkDoctor(request)
        let planner = ReleasePlanner(workspace: workspace, repository: repository, sharedApps: sharedApps)
        try refuseWhileAfterPushPending()
        if request.dryRun {
            // Nothing may be written, not even the lock file: the dry run must work in a read-only checkout.
            try WriterLock.checkFree(in: repository)
            if ReleaseJournalFile.exists(in: repository) {
                throw PendingReleaseError(path: ReleaseJournalFile.url(in: repository).path)
            }
            console.out(ReleaseDryRunReport.text(try planner.plan(request), verbose: request.verbose))
            return .success
        }
        let lock = try WriterLock.take(
            repository, command: request.commandLine, wait: request.waitForLock, console: console)
        defer { lock.release() }
        let plan = try planner.plan(request)
        return try ReleaseExecutor(workspace: workspace, repository: repository, runner: runner, console: console)
            .run(
                plan,
                journal: ReleaseJournal(
                    plan: plan, command: request.commandLine, root: workspace.root, repository: repository))
    }
}
