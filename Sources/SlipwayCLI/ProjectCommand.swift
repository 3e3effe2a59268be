import SlipwayCore
import SlipwayDoctor
import SlipwaySpec

/// `slipway project`: parses its options and hands them to `ProjectService`.
enum ProjectCommand: SlipwayCommand {
    static let spec = CommandSpec(
        path: ["project"],
        abstract: "Show the project as XcodeGen would generate it: its targets and the schemes XcodeGen writes.",
        discussion: """
            Reads the spec as XcodeGen does (includes, templates, platforms) and prints each target's type, the
            platforms it builds for, bundle id, deployment target, dependencies (local packages with their folder),
            Info.plist and entitlements; then each scheme XcodeGen writes, with its build targets and their
            actions, test targets (skipped ones marked), test plans (the default marked, and the bundles each plan
            runs) and the configurations of its test and archive actions. What the model cannot tell is a warning
            on standard error at its file:line:column. --json prints the schema docs/project-model.md describes.
            Exit status: 0, or 2 when the spec cannot be read.
            """,
        options: [
            CommandSpec.specOption, CommandSpec.projectRootOption, CommandSpec.appOption,
            .init(name: "json", value: nil, help: "Print JSON."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let options = SpecLocator.Options(spec: arguments.value("spec"), projectRoot: arguments.value("project-root"))
        return try ProjectService(workspace: try context.workspace(app: arguments.value("app"), needs: .anyFolder))
            .run(options, json: arguments.flag("json"), console: context.console)
    }
}
