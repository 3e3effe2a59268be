import SlipwayCore
import SlipwayKit

/// `slipway run`: parses its options and hands them to `RunService`.
enum RunCommand: SlipwayCommand {
    static let spec = CommandSpec(
        path: ["run"],
        abstract: "Run the project's build and test stages in order, stopping at the first failure.",
        discussion: """
            Stages come from 'stages:' in .slipway.yml; without it they are derived from the project: XcodeGen
            (generate, build, test with xcodebuild) or a Swift package (swift build, swift test).
            Output streams live; each stage's full output is also written to .slipway/logs/<stage>.log.
            Exit status: 0 when every stage passed, 1 when one failed, 130 after Ctrl-C, 143 after SIGTERM.
            """,
        arguments: [.init(name: "stage", help: "Run only these stages (in pipeline order). Default: all.", repeatable: true)],
        options: [
            .init(name: "dry-run", value: nil, help: "Print each stage's command, working directory and environment;\nrun nothing."),
            .init(name: "major", value: nil, help: "Treat the change as major: also run stages with 'when: major'."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let request = RunService.Request(
            stages: arguments.positionals, dryRun: arguments.flag("dry-run"), major: arguments.flag("major"))
        return try RunService(workspace: try context.workspace(), environment: context.environment)
            .run(request, console: context.console)
    }
}
