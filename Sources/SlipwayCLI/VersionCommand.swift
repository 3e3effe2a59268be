import SlipwayCore
import SlipwaySpec
import SlipwayVersioning

/// `slipway version`: parses its options and hands them to `VersionService`.
enum VersionCommand: SlipwayCommand {
    static let about = CommandSpec.About(
        path: ["version"],
        abstract:
            "Print the marketing version and build number, and every place that defines them and which one ships.",
        discussion: """
            Reads MARKETING_VERSION and CURRENT_PROJECT_VERSION from the project's, every setting group's, target's
            and target template's settings (plain, base and configs), and CFBundleShortVersionString /
            CFBundleVersion from each target's info.properties, following include: as XcodeGen does.
            Exits 1 when the definitions disagree. (slipway --version prints Slipway's own version.)
            """)

    struct Options: CommandOptions {
        var project = SpecChoice()
        var json = false

        static var declarations: [Declaration<Self>] {
            Declaration.specChoice(\.project) + [.json(\.json)]
        }
    }

    static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
        let workspace = try context.workspace(app: options.project.app, needs: .anyFolder, everyApp: true)
        return try VersionService(workspace: workspace)
            .run(options.project.locator, json: options.json, console: context.console)
    }
}
