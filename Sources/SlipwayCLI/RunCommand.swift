import SlipwayCore
import SlipwayPipeline

/// `slipway run`: parses its options and hands them to `RunService`.
enum RunCommand: SlipwayCommand {
    static let about = CommandSpec.About(
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
            """)

    struct Options: CommandOptions {
        var stages: [String] = []
        var dryRun = false
        var verbose = false
        var major = false
        var json = false
        var uiTests = false
        var affected = false
        var ifPresent = false
        var project = SpecChoice()

        static var declarations: [Declaration<Self>] {
            [
                .argument(\.stages, "stage", help: "Run only these stages (in pipeline order). Default: all."),
                .dryRun(
                    \.dryRun,
                    help: "Print each stage's name, command and when it runs, and the environment once; run nothing."),
                .flag(
                    \.verbose, "verbose",
                    help: "With --dry-run: also each stage's working directory, timeout and whole environment."),
                .flag(
                    \.major, "major",
                    help: "Treat the change as major: also run stages with 'when: major'. Default: what detect says "
                        + "about HEAD since the latest release tag."),
                .json(\.json, help: "With --dry-run: print the plan as one JSON object."),
                .flag(
                    \.uiTests, "ui-tests",
                    help: "Also run UI-test targets in the derived test stage (as 'run.uiTests: true' does)."),
                .flag(
                    \.affected, "affected",
                    help: "Build and test only the schemes the change since the latest release tag affects (as "
                        + "'slipway detect' names them); a note names the rest."),
                .flag(
                    \.ifPresent, "if-present",
                    help: "Skip named stages that do not exist (a note says so) instead of failing; none existing "
                        + "is a successful no-op."),
            ] + Declaration.specChoice(\.project)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
        if options.json, !options.dryRun {
            throw UsageError(message: "--json only goes with --dry-run", spec: spec)
        }
        if options.verbose, !options.dryRun {
            throw UsageError(message: "--verbose only goes with --dry-run", spec: spec)
        }
        var request = RunService.Request(
            stages: options.stages, dryRun: options.dryRun, major: options.major ? true : nil,
            ifPresent: options.ifPresent, json: options.json, uiTests: options.uiTests)
        request.affected = options.affected
        request.verbose = options.verbose
        return try RunService(workspace: try context.workspace(options.project, selectingApp: false))
            .run(request, app: options.project.app, console: context.console)
    }
}
