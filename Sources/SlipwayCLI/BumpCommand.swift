import SlipwayCore
import SlipwaySpec
import SlipwayVersioning

/// `slipway bump`: parses its options and hands them to `BumpService`.
enum BumpCommand: SlipwayCommand {
    static let about = CommandSpec.About(
        path: ["bump"],
        abstract: "Bump the marketing version and build number wherever they are defined, editing only the numbers.",
        discussion: """
            build: build number + 1. patch, minor, major: the semantic bump of the marketing version (1.4.2 ->
            1.4.3, 1.5.0, 2.0.0) and the build number + 1. auto: the level detect suggests for the commits since
            the latest release tag. Every definition changes together (all files or none); references such as
            $(MARKETING_VERSION) are left alone. Refuses (exit 1) when the definitions disagree.
            """)

    struct Options: CommandOptions {
        var level: String?
        var set: [String] = []
        var build: [String] = []
        var bundleID: String?
        var dryRun = false
        var wait = false
        var json = false
        var project = SpecChoice()

        static var declarations: [Declaration<Self>] {
            [
                .argument(
                    \.level, "level", help: "build, patch, minor, major or auto (optional with --set or --build).",
                    completion: .words(BumpRequest.levels)),
                .option(
                    \.set, "set", "<version>",
                    help: "Set the marketing version everywhere (also brings disagreeing definitions back into "
                        + "step). With several apps, <app>=<version> (repeatable): a definition the apps share is "
                        + "written once."),
                .option(
                    \.build, "build", "<n>",
                    help: "Set the build number everywhere (e.g. $GITHUB_RUN_NUMBER), or 'testflight': App Store "
                        + "Connect's highest + 1; or <app>=<n> (repeatable)."),
                .buildBundleID(\.bundleID),
                .dryRun(\.dryRun, help: "Print the unified diff of what would change; write nothing."),
                .wait(\.wait),
                .json(\.json, help: "Print JSON: old and new values and every edited position."),
            ] + Declaration.specChoice(\.project)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
        if let status = try runApps(options, context) { return status }
        for (name, values) in [("set", options.set), ("build", options.build)] where values.count > 1 {
            throw UsageError(
                message: "--\(name) is given \(values.count) times: give it once, or once per app as "
                    + "<app>=<value>", spec: spec)
        }
        var parsed: (request: BumpRequest, requested: String)
        do {
            parsed = try BumpRequest.parse(
                level: options.level, set: options.set.first, build: options.build.first, for: .bump)
        } catch {
            throw UsageError(message: error.message, spec: spec)
        }
        let app = options.project.app
        let workspace = try context.workspace(app: app, needs: .anyFolder)
        let locator = options.project.locator
        parsed.request.buildNumbers = TestFlightBuildNumbers(
            bundleID: options.bundleID, context: context, app: app, options: locator)
        parsed.request.options = locator
        return try BumpService(workspace: workspace)
            .run(
                parsed.request, dryRun: options.dryRun, json: options.json, commandLine: context.commandLine,
                waitForLock: options.wait, console: context.console)
    }

    /// `--set holder=5.2.0 --set verifier=5.2.0`: several apps in one bump; `nil` for the one-app forms.
    static func runApps(_ options: Options, _ context: CommandContext) throws -> ExitStatus? {
        let request: AppsBumpRequest
        do {
            guard let parsed = try AppsBumpRequest.parse(set: options.set, build: options.build) else { return nil }
            request = parsed
        } catch {
            throw UsageError(message: error.message, spec: spec)
        }
        let given: [(String, String?)] = [
            ("app", options.project.app), ("spec", options.project.spec),
            ("project-root", options.project.projectRoot), ("bundle-id", options.bundleID),
        ]
        let others = given.filter { $0.1 != nil }.map(\.0)
        if let level = options.level {
            throw UsageError(message: "<app>=<value> gives each app its value; '\(level)' does not apply", spec: spec)
        }
        if let other = others.first {
            throw UsageError(
                message: "<app>=<value> names each app and its spec; --\(other) does not apply", spec: spec)
        }
        return try BumpService(workspace: try context.workspace(app: nil, needs: .anyFolder, everyApp: true))
            .run(
                request, dryRun: options.dryRun, json: options.json, commandLine: context.commandLine,
                waitForLock: options.wait, console: context.console)
    }
}
