import SlipwayCore
import SlipwaySpec
import SlipwayVersioning

/// `slipway bump`: parses its options and hands them to `BumpService`.
enum BumpCommand: SlipwayCommand {
    static let spec = CommandSpec(
        path: ["bump"],
        abstract: "Bump the marketing version and build number in project.yml, editing nothing but the numbers.",
        discussion: """
            build: build number + 1. patch, minor, major: the semantic bump of the marketing version (1.4.2 ->
            1.4.3, 1.5.0, 2.0.0) and the build number + 1. auto: the level detect suggests for the commits since
            the latest release tag. Every definition changes together (all files or none); references such as
            $(MARKETING_VERSION) are left alone. Refuses (exit 1) when the definitions disagree.
            """,
        arguments: [.init(name: "level", help: "build, patch, minor, major or auto (optional with --set or --build).")],
        options: [
            .init(
                name: "set", value: "<version>",
                help: "Set the marketing version everywhere (also brings disagreeing\ndefinitions back into step). "
                    + "With several apps, <app>=<version>\n(repeatable): a definition the apps share is written once.",
                repeatable: true),
            .init(
                name: "build", value: "<n>",
                help: "Set the build number everywhere (e.g. $GITHUB_RUN_NUMBER),\n"
                    + "or 'testflight': App Store Connect's highest + 1; or <app>=<n>\n(repeatable).",
                repeatable: true),
            TestFlightCommand.buildBundleIDOption,
            .init(name: "dry-run", value: nil, help: "Print the unified diff of what would change; write nothing."),
            CommandSpec.waitOption,
            .init(name: "json", value: nil, help: "Print JSON: old and new values and every edited position."),
            CommandSpec.specOption, CommandSpec.projectRootOption, CommandSpec.appOption,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        if let status = try runApps(arguments, context) { return status }
        for name in ["set", "build"] where arguments.all(name).count > 1 {
            throw UsageError(
                message: "--\(name) is given \(arguments.all(name).count) times: give it once, or once per app as "
                    + "<app>=<value>", spec: spec)
        }
        var parsed: (request: BumpRequest, requested: String)
        do {
            parsed = try BumpRequest.parse(
                level: arguments.positionals.first, set: arguments.value("set"), build: arguments.value("build"),
                for: .bump)
        } catch {
            throw UsageError(message: error.message, spec: spec)
        }
        let workspace = try context.workspace(app: arguments.value("app"), needs: .anyFolder)
        let options = SpecLocator.Options(spec: arguments.value("spec"), projectRoot: arguments.value("project-root"))
        parsed.request.buildNumbers = TestFlightBuildNumbers(
            bundleID: arguments.value("bundle-id"), context: context, app: arguments.value("app"), options: options)
        parsed.request.options = options
        return try BumpService(workspace: workspace)
            .run(
                parsed.request, dryRun: arguments.flag("dry-run"), json: arguments.flag("json"),
                commandLine: context.commandLine, waitForLock: arguments.flag("wait"), console: context.console)
    }

    /// `--set holder=5.2.0 --set verifier=5.2.0`: several apps in one bump; `nil` for the one-app forms.
    static func runApps(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus? {
        let request: AppsBumpRequest
        do {
            guard let parsed = try AppsBumpRequest.parse(set: arguments.all("set"), build: arguments.all("build"))
            else { return nil }
            request = parsed
        } catch {
            throw UsageError(message: error.message, spec: spec)
        }
        let others = ["app", "spec", "project-root", "bundle-id"].filter { arguments.value($0) != nil }
        if let level = arguments.positionals.first {
            throw UsageError(message: "<app>=<value> gives each app its value; '\(level)' does not apply", spec: spec)
        }
        if let other = others.first {
            throw UsageError(
                message: "<app>=<value> names each app and its spec; --\(other) does not apply", spec: spec)
        }
        return try BumpService(workspace: try context.workspace(app: nil, needs: .anyFolder, everyApp: true))
            .run(
                request, dryRun: arguments.flag("dry-run"), json: arguments.flag("json"),
                commandLine: context.commandLine, waitForLock: arguments.flag("wait"), console: context.console)
    }
}
