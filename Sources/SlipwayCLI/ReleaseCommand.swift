import SlipwayConfig
import SlipwayCore
import SlipwayRelease
import SlipwayVersioning

/// `slipway release`: parses its options and hands them to `ReleaseService`; `release continue|abort|status|
/// retry-after-push` act on a release that stopped halfway.
enum ReleaseCommand: SlipwayCommand {
    static var subcommands: [any SlipwayCommand.Type] { [Continue.self, Abort.self, Status.self, RetryAfterPush.self] }

    static let about = CommandSpec.About(
        path: ["release"],
        abstract: "Cut a release: bump the versions, run the stages, commit, tag, write the manifest, optionally push.",
        discussion: """
            The level defaults to auto (what detect suggests for the commits since the latest release tag). The
            stages run with the new versions in SLIPWAY_VERSION and SLIPWAY_BUILD; when they pass, the spec files
            alone are committed ('Release {version} ({build})' plus a Slipway-Release trailer), tagged
            (v{version}) and recorded in .slipway/releases/<version>+<build>/manifest.json. A failure before the
            commit puts every file back, makes no commit or tag, and records a failed manifest (exit 1).
            Refuses (exit 2) with uncommitted changes to tracked files, during a merge, rebase or cherry-pick,
            or while another Slipway command holds the repository's lock, and (exit 2) when 'slipway doctor'
            finds an error-level problem, unless --no-doctor. A release journals its plan and each
            step in .git/slipway/release-journal: one that stopped halfway (killed, or a step after the commit
            failed) is finished with 'slipway release continue' or undone with 'slipway release abort', and every
            writer refuses until then. Stages with 'phase: after-push' (the derived upload) run after the tag and
            the push; when one fails the release stands, the manifest says so, and 'slipway release
            retry-after-push' runs them again. With several apps, --app <name> releases one; apps that share their
            marketing version (version.sharedByApps) are released together without it: one bump, one commit,
            each app's tag.
            """)

    struct Options: CommandOptions {
        var level: String?
        var dryRun = false
        var verbose = false
        var push = false
        var noPush = false
        var wait = false
        var allowDirty = false
        var inToto = false
        var set: String?
        var build: String?
        var bundleID: String?
        var skipStages = false
        var noDoctor = false
        var major = false
        var project = SpecChoice()

        static var declarations: [Declaration<Self>] {
            [
                .argument(
                    \.level, "level", help: "build, patch, minor, major or auto (default: auto).",
                    completion: .words(BumpRequest.levels)),
                .dryRun(
                    \.dryRun,
                    help: "Print the plan (versions, spec diff, stages, commit, tag, push) and change nothing."),
                .flag(
                    \.verbose, "verbose",
                    help: "With --dry-run: also each stage's working directory, timeout and whole environment."),
                .flag(
                    \.push, "push",
                    help: "Push the branch and the tag where 'git push' would (pushRemote, pushDefault, upstream, "
                        + "origin; default: release.push)."),
                .flag(\.noPush, "no-push", help: "Do not push, whatever release.push says."),
                .wait(\.wait),
                .flag(
                    \.allowDirty, "allow-dirty",
                    help: "Release even when tracked files other than the spec have uncommitted changes (they stay "
                        + "out of the release commit)."),
                .flag(
                    \.inToto, "in-toto", help: "Also write an in-toto statement (SLSA provenance v1) for the artifacts."
                ),
                .option(
                    \.set, "set", "<version>",
                    help: "Release this marketing version instead of a level (the build number still goes up by 1)."),
                .option(
                    \.build, "build", "<n>",
                    help: "Use this build number instead of + 1 (e.g. $GITHUB_RUN_NUMBER), or 'testflight': App "
                        + "Store Connect's highest + 1."),
                .buildBundleID(\.bundleID),
                .flag(
                    \.skipStages, "skip-stages",
                    help: "Do not run the stages (the build happened elsewhere); the manifest lists them as skipped."),
                .flag(
                    \.noDoctor, "no-doctor",
                    help: "Do not run the doctor's error-level checks first (see 'slipway doctor')."),
                .flag(
                    \.major, "major",
                    help: "Treat the change as major, so 'when: major' stages (archive, export, upload) run, as "
                        + "'run --major'."),
            ] + Declaration.specChoice(\.project)
        }
    }

    /// `release --continue` and the other old mode flags: the subcommands, for one more release.
    static func subcommand(forDeprecatedFlag word: String) -> (any SlipwayCommand.Type)? {
        subcommands.first { "--" + ($0.about.path.last ?? "") == word }
    }

    /// Apps that share one marketing version (`version.sharedByApps`) and no `--app`: released together, in one
    /// commit with each app's tag.
    private static func releasesAppsTogether(_ options: Options, _ context: CommandContext) throws -> Bool {
        guard options.project.app == nil else { return false }
        let configuration = try context.workspace().configuration
        return configuration.apps.count > 1 && configuration.version.sharedByApps
    }

    static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
        if options.push, options.noPush {
            throw UsageError(message: "--push and --no-push contradict each other: use one of them", spec: spec)
        }
        if options.verbose, !options.dryRun {
            throw UsageError(message: "--verbose only goes with --dry-run", spec: spec)
        }
        for (name, value) in [("set", options.set), ("build", options.build)] {
            guard let value, AppsBumpRequest.namesApp(value) else { continue }
            // Apps released together share their version: one value for each would be several releases in one.
            throw Failure(
                "slipway release makes one app's release at a time, so --\(name) \(value) (<app>=<value>) does not "
                    + "apply",
                hint: "to move a definition several apps share, set them together first (slipway bump --set "
                    + "holder=5.2.0 --set verifier=5.2.0), commit that, then release each app (slipway release build "
                    + "--app <name>); to release one app, give --app <name> and --\(name) <value>")
        }
        var parsed: (request: BumpRequest, requested: String)
        do {
            parsed = try BumpRequest.parse(level: options.level, set: options.set, build: options.build, for: .release)
        } catch {
            var message = error.message
            if let level = options.level, !BumpRequest.levels.contains(level),
                let near = ConfigReader.nearest(level, in: BumpRequest.levels + subcommands.map { $0.about.path[1] })
            {
                message += "; did you mean '\(near)'?"
            }
            throw UsageError(message: message, spec: spec)
        }
        let together = try releasesAppsTogether(options, context)
        let workspace = try context.workspace(options.project, selectingApp: !together)
        parsed.request.buildNumbers = TestFlightBuildNumbers(
            bundleID: options.bundleID, context: context, app: options.project.app, options: options.project.locator)
        var request = ReleaseService.Request(
            bump: parsed.request, requested: parsed.requested, commandLine: context.commandLine)
        request.sharedApps = together
        request.allowDirty = options.allowDirty
        request.dryRun = options.dryRun
        request.verbose = options.verbose
        request.waitForLock = options.wait
        request.skipStages = options.skipStages
        request.doctor = !options.noDoctor
        if options.push { request.push = true }
        if options.noPush { request.push = false }
        if options.inToto { request.inToto = true }
        if options.major { request.major = true }
        return try ReleaseService(workspace: workspace).run(request, console: context.console)
    }

    /// `--wait`, the one option of the subcommands that take the lock.
    struct WaitOption: CommandOptions {
        var wait = false
        static var declarations: [Declaration<Self>] { [.wait(\.wait)] }
    }

    enum Continue: SlipwayCommand {
        static let about = CommandSpec.About(
            path: ["release", "continue"],
            abstract: "Finish a release that stopped halfway, from its journal, as planned.")

        static func run(_ options: WaitOption, _ context: CommandContext) throws -> ExitStatus {
            try ReleaseService(workspace: try context.workspace())
                .resume(commandLine: context.commandLine, waitForLock: options.wait, console: context.console)
        }
    }

    enum Abort: SlipwayCommand {
        static let about = CommandSpec.About(
            path: ["release", "abort"],
            abstract: "Undo a release that stopped halfway: the tag, the manifest, the release commit and the spec "
                + "edits (not a push).")

        static func run(_ options: WaitOption, _ context: CommandContext) throws -> ExitStatus {
            try ReleaseService(workspace: try context.workspace())
                .abort(commandLine: context.commandLine, waitForLock: options.wait, console: context.console)
        }
    }

    enum Status: SlipwayCommand {
        static let about = CommandSpec.About(
            path: ["release", "status"],
            abstract: "Show a release that stopped halfway, step by step (exit 1 if there is one).")

        static func run(_ options: NoOptions, _ context: CommandContext) throws -> ExitStatus {
            try ReleaseService(workspace: try context.workspace()).status(console: context.console)
        }
    }

    enum RetryAfterPush: SlipwayCommand {
        static let about = CommandSpec.About(
            path: ["release", "retry-after-push"],
            abstract: "Run again the after-push stages (the upload) of a release whose upload failed; the release "
                + "stands.")

        static func run(_ options: WaitOption, _ context: CommandContext) throws -> ExitStatus {
            try ReleaseService(workspace: try context.workspace())
                .retryAfterPush(commandLine: context.commandLine, waitForLock: options.wait, console: context.console)
        }
    }
}
