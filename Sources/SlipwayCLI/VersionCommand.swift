import SlipwayCore
import SlipwaySpec
import SlipwayVersioning

/// `slipway version`: parses its options and hands them to `VersionService`.
enum VersionCommand: SlipwayCommand {
    static let spec = CommandSpec(
        path: ["version"],
        abstract: "Print the marketing version and build number from project.yml, and every place that defines them.",
        discussion: """
            Reads MARKETING_VERSION and CURRENT_PROJECT_VERSION from the project's, every setting group's, target's
            and target template's settings (plain, base and configs), and CFBundleShortVersionString /
            CFBundleVersion from each target's info.properties, following include: as XcodeGen does.
            Exits 1 when the definitions disagree. (slipway --version prints Slipway's own version.)
            """,
        options: [
            CommandSpec.specOption, CommandSpec.projectRootOption, CommandSpec.appOption,
            .init(name: "json", value: nil, help: "Print JSON."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let options = SpecLocator.Options(spec: arguments.value("spec"), projectRoot: arguments.value("project-root"))
        return try VersionService(
            workspace: try context.workspace(app: arguments.value("app"), needs: .anyFolder, everyApp: true)
        )
        .run(options, json: arguments.flag("json"), console: context.console)
    }
}
