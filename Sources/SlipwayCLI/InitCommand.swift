import SlipwayCore
import SlipwaySpec
import SlipwayVersioning
import SlipwayWorkspace

/// `slipway init`: parses its options and hands them to `InitService`.
enum InitCommand: SlipwayCommand {
    static let about = CommandSpec.About(
        path: ["init"],
        abstract: "Look at the repository and write a commented .slipway.yml that describes it.",
        discussion: """
            Finds the spec (project.yml at the root, one folder down, or Apps/<name>/project.yml, else the one
            app spec deeper; --spec names another), a project root when its includes need one, the apps when a spec's targets hold different
            versions (or one per spec in a white-label layout), the release tags already in history, the CI in
            use and a committed generated project. Refuses to replace an existing .slipway.yml unless --force.
            """)

    struct Options: CommandOptions {
        var dryRun = false
        var force = false
        var project = SpecChoice()

        /// `init` describes every app, so of the spec options it takes `--spec` and `--project-root` only.
        static var declarations: [Declaration<Self>] {
            [
                .dryRun(\.dryRun, help: "Print the file; write nothing."),
                .flag(\.force, "force", help: "Replace an existing .slipway.yml."),
            ] + Declaration.specChoice(\.project).filter { $0.info.name != "app" }
        }
    }

    static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
        // The file init replaces is not read: a broken one must not stop 'init --force'.
        let workspace = try Workspace.open(
            from: context.currentDirectory, environment: context.environment, needs: .anyFolder,
            readingConfiguration: false)
        var service = InitService(workspace: workspace)
        service.given = options.project.locator
        return try service.run(dryRun: options.dryRun, force: options.force, console: context.console)
    }
}
