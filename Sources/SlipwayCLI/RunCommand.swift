import SlipwayCore
import SlipwayPipeline

/// `slipway run`: parses its options and hands them to `RunService`.
enum RunCommand: SlipwayCommand {
    static let spec = CommandSpec(
        path: ["run"],
        abstract: "Run the project's build and test stages in order, stopping at the first failure.",
        discussion: """
            Stages come from 'stages:' in .slipway.yml; without it they are derived from the project: XcodeGen
            (generate, build, test with xcodebuild) or a Swift package (swift build, swift test).
            Output streams live; each stage's full output is also written to .slipway/logs/<stage>.log.
            Without --major, HEAD is judged as 'slipway detect' does (since the latest release tag): that sets
            SLIPWAY_MAJOR and decides whether 'when: major' stages run.
            With --if-present, named stages that do not exist are skipped with a note; if none exists, nothing
            runs and the exit status is 0.
            The derived test stage leaves UI-test targets out unless --ui-tests (or 'run.uiTests: true').
            With --dry-run --json, the plan is one JSON object (schemas/run-plan.schema.json).
            With several apps ('apps:' in .slipway.yml), --app <name> runs with that app's spec and judges HEAD
            since that app's last release; it is required unless --major says the change is major (and without
            --affected).
            Exit status: 0 when every stage passed, 1 when one failed, 130 after Ctrl-C, 143 after SIGTERM.
            """,
        arguments: [
            .init(name: "stage", help: "Run only these stages (in pipeline order). Default: all.", repeatable: true)
        ],
        options: [
            .init(
                name: "dry-run", value: nil,
                help: "Print each stage's command, working directory and environment;\nrun nothing."),
            .init(
                name: "major", value: nil,
                help:
                    "Treat the change as major: also run stages with 'when: major'.\nDefault: what detect says about HEAD since the latest release tag."
            ),
            .init(name: "json", value: nil, help: "With --dry-run: print the plan as one JSON object."),
            .init(
                name: "ui-tests", value: nil,
                help: "Also run UI-test targets in the derived test stage\n(as 'run.uiTests: true' does)."),
            .init(
                name: "affected", value: nil,
                help:
                    "Build and test only the schemes the change since the latest release\ntag affects (as 'slipway detect' names them); a note names the rest."
            ),
            .init(
                name: "if-present", value: nil,
                help:
                    "Skip named stages that do not exist (a note says so) instead of\nfailing; none existing is a successful no-op."
            ),
            CommandSpec.appOption,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        if arguments.flag("json"), !arguments.flag("dry-run") {
            throw UsageError(message: "--json only goes with --dry-run", spec: spec)
        }
        var request = RunService.Request(
            stages: arguments.positionals, dryRun: arguments.flag("dry-run"),
            major: arguments.flag("major") ? true : nil,
            ifPresent: arguments.flag("if-present"), json: arguments.flag("json"), uiTests: arguments.flag("ui-tests"))
        request.affected = arguments.flag("affected")
        return try RunService(workspace: try context.workspace())
            .run(request, app: arguments.value("app"), console: context.console)
    }
}
