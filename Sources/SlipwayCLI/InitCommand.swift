import SlipwayCore
import SlipwaySpec
import SlipwayVersioning
import SlipwayWorkspace

/// `slipway init`: parses its options and hands them to `InitService`.
enum InitCommand: SlipwayCommand {
    static let spec = CommandSpec(
        path: ["init"],
        abstract: "Look at the repository and write a commented .slipway.yml that describes it.",
        discussion: """
            Finds the spec (project.yml at the root, one folder down, or Apps/<name>/project.yml), a project root
            when its includes need one, the apps when a spec's targets hold different versions (or one per spec
            in a white-label layout), the release tags already in history, the CI in use and a committed
            generated project. Refuses to replace an existing .slipway.yml unless --force.
            """,
        options: [
            .init(name: "dry-run", value: nil, help: "Print the file; write nothing."),
            .init(name: "force", value: nil, help: "Replace an existing .slipway.yml."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        // The file init replaces is not read: a broken one must not stop 'init --force'.
        let workspace = try Workspace.open(
            from: context.currentDirectory, environment: context.environment, needs: .anyFolder,
            readingConfiguration: false)
        return try InitService(workspace: workspace)
            .run(dryRun: arguments.flag("dry-run"), force: arguments.flag("force"), console: context.console)
    }
}
