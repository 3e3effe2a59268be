import SlipwayCore
import SlipwayRelease
import SlipwayVersioning

/// `slipway release`: parses its options and hands them to `ReleaseService`.
enum ReleaseCommand: SlipwayCommand {
    static let spec = CommandSpec(
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
            failed) is finished with --continue or undone with --abort, and every writer refuses until then.
            Stages with 'phase: after-push' (the derived upload) run after the tag and the push; when one fails
            the release stands, the manifest says so, and --retry-after-push runs them again.
            """,
        arguments: [.init(name: "level", help: "build, patch, minor, major or auto (default: auto).")],
        options: [
            .init(
                name: "dry-run", value: nil,
                help:
                    "Print the whole plan (versions, spec diff, stages with their\nenvironment, commit, tag, push) and change nothing."
            ),
            .init(
                name: "push", value: nil,
                help:
                    "Push the branch and the tag where 'git push' would (pushRemote,\n"
                    + "pushDefault, upstream, origin; default: release.push)."
            ),
            CommandSpec.waitOption,
            .init(name: "no-push", value: nil, help: "Do not push, whatever release.push says."),
            .init(
                name: "allow-dirty", value: nil,
                help:
                    "Release even when tracked files other than the spec have\nuncommitted changes (they stay out of the release commit)."
            ),
            .init(
                name: "in-toto", value: nil,
                help: "Also write an in-toto statement (SLSA provenance v1) for the artifacts."),
            .init(
                name: "set", value: "<version>",
                help: "Release this marketing version instead of a level\n(the build number still goes up by 1)."),
            .init(
                name: "build", value: "<n>",
                help: "Use this build number instead of + 1 (e.g. $GITHUB_RUN_NUMBER),\n"
                    + "or 'testflight': App Store Connect's highest + 1."),
            TestFlightCommand.buildBundleIDOption,
            .init(
                name: "skip-stages", value: nil,
                help: "Do not run the stages (the build happened elsewhere);\nthe manifest lists them as skipped."),
            .init(
                name: "no-doctor", value: nil,
                help: "Do not run the doctor's error-level checks first (see 'slipway doctor')."),
            .init(
                name: "continue", value: nil,
                help: "Finish a release that stopped halfway, from its journal, as planned."),
            .init(
                name: "abort", value: nil,
                help: "Undo a release that stopped halfway: the tag, the manifest, the\nrelease commit and the spec "
                    + "edits (not a push)."),
            .init(
                name: "status", value: nil, help: "Show a release that stopped halfway, step by step (exit 1 if any)."),
            .init(
                name: "retry-after-push", value: nil,
                help:
                    "Run again the after-push stages (the upload) of a release\nwhose upload failed; the release stands."
            ),
            .init(
                name: "major", value: nil,
                help:
                    "Treat the change as major, so 'when: major' stages (archive,\nexport, upload) run, as 'run --major'."
            ),
            CommandSpec.appOption,
        ])

    /// `--continue`, `--abort` and `--status` act on a pending release and take nothing else but `--wait`.
    static func runJournalAction(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus? {
        let actions = ["continue", "abort", "status", "retry-after-push"].filter { arguments.flag($0) }
        guard let action = actions.first else { return nil }
        guard actions.count == 1 else {
            throw UsageError(message: "--\(actions[0]) and --\(actions[1]) contradict each other: use one", spec: spec)
        }
        let others =
            ["dry-run", "push", "no-push", "allow-dirty", "in-toto", "skip-stages", "no-doctor", "major"].filter {
                arguments.flag($0)
            }
            + ["set", "build"].filter { arguments.value($0) != nil }
        if let other = others.first {
            throw UsageError(message: "--\(action) acts on the pending release; --\(other) does not apply", spec: spec)
        }
        if let level = arguments.positionals.first {
            throw UsageError(message: "--\(action) acts on the pending release; '\(level)' does not apply", spec: spec)
        }
        let service = try ReleaseService(workspace: try context.workspace())
        let commandLine = context.commandLine
        switch action {
        case "continue":
            return try service.resume(
                commandLine: commandLine, waitForLock: arguments.flag("wait"), console: context.console)
        case "retry-after-push":
            return try service.retryAfterPush(
                commandLine: commandLine, waitForLock: arguments.flag("wait"), console: context.console)
        case "abort":
            return try service.abort(
                commandLine: commandLine, waitForLock: arguments.flag("wait"), console: context.console)
        default:
            return try service.status(console: context.console)
        }
    }

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        if let status = try runJournalAction(arguments, context) { return status }
        if arguments.flag("push"), arguments.flag("no-push") {
            throw UsageError(message: "--push and --no-push contradict each other: use one of them", spec: spec)
        }
        for name in ["set", "build"] {
            guard let value = arguments.value(name), AppsBumpRequest.namesApp(value) else { continue }
            // One release commit, tag and manifest per app would be several releases in one: not supported.
            throw Failure(
                "slipway release makes one app's release at a time, so --\(name) \(value) (<app>=<value>) does not "
                    + "apply",
                hint: "to move a definition several apps share, set them together first (slipway bump --set "
                    + "holder=5.2.0 --set verifier=5.2.0), commit that, then release each app (slipway release build "
                    + "--app <name>); to release one app, give --app <name> and --\(name) <value>")
        }
        var parsed: (request: BumpRequest, requested: String)
        do {
            parsed = try BumpRequest.parse(
                level: arguments.positionals.first, set: arguments.value("set"), build: arguments.value("build"),
                for: .release)
        } catch {
            throw UsageError(message: error.message, spec: spec)
        }
        let workspace = try context.workspace(app: arguments.value("app"))
        parsed.request.buildNumbers = TestFlightBuildNumbers(
            bundleID: arguments.value("bundle-id"), context: context, app: arguments.value("app"))
        var request = ReleaseService.Request(
            bump: parsed.request, requested: parsed.requested, commandLine: context.commandLine)
        request.allowDirty = arguments.flag("allow-dirty")
        request.dryRun = arguments.flag("dry-run")
        request.waitForLock = arguments.flag("wait")
        request.skipStages = arguments.flag("skip-stages")
        request.doctor = !arguments.flag("no-doctor")
        if arguments.flag("push") { request.push = true }
        if arguments.flag("no-push") { request.push = false }
        if arguments.flag("in-toto") { request.inToto = true }
        if arguments.flag("major") { request.major = true }
        return try ReleaseService(workspace: workspace).run(request, console: context.console)
    }
}
