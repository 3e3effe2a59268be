import SlipwayCore
import SlipwayDoctor
import SlipwaySpec

/// `slipway project`: parses its options and hands them to `ProjectService`.
enum ProjectCommand: SlipwayCommand {
    static let about = CommandSpec.About(
        path: ["project"],
        abstract: "Show the project as XcodeGen would generate it: its targets and the schemes XcodeGen writes.",
        discussion: """
            Reads the spec as XcodeGen does (includes, templates, platforms) and prints each target's type, the
            platforms it builds for, bundle id, deployment target, dependencies (local packages with their folder),
            Info.plist and entitlements; then each scheme XcodeGen writes, with its build targets and their
            actions, test targets (skipped ones marked), test plans (the default marked, and the bundles each plan
            runs) and the configurations of its test and archive actions. What the model cannot tell is a warning
            on standard error at its file:line:column. --json prints schemas/project.schema.json's object.
            Exit status: 0, or 2 when the spec cannot be read.
            """)

    struct Options: CommandOptions {
        var project = SpecChoice()
        var json = false

        static var declarations: [Declaration<Self>] {
            Declaration.specChoice(\.project) + [.json(\.json)]
        }
    }

    static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
        try ProjectService(workspace: try context.workspace(app: options.project.app, needs: .anyFolder))
            .run(options.project.locator, json: options.json, console: context.console)
    }
}
