import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayYAML

/// `slipway run`: resolves the stages (configured or derived), then prints them (`--dry-run`) or runs them.
public struct RunService {
    public struct Request: Sendable {
        /// Stage names to run (in pipeline order); empty for all.
        public var stages: [String] = []
        public var dryRun = false
        /// Treat the change as major, so `when: major` stages run too.
        public var major = false

        public init(stages: [String] = [], dryRun: Bool = false, major: Bool = false) {
            self.stages = stages
            self.dryRun = dryRun
            self.major = major
        }
    }

    public let workspace: Workspace
    /// Slipway's own environment: stages inherit it, and it decides the reporter style.
    public let environment: [String: String]
    public var runner = StageRunner()

    public init(workspace: Workspace, environment: [String: String]) {
        self.workspace = workspace
        self.environment = environment
    }

    public func run(_ request: Request, console: Console) throws -> ExitStatus {
        let plan = try StagePlan.resolve(workspace).selecting(request.stages)
        let output = OutputFolder(root: workspace.root)
        let values = StageEnvironment.current(for: workspace, major: request.major, output: output)
        if request.dryRun {
            console.out(DryRunReport.text(plan, environment: values, requested: Set(request.stages)))
            return .success
        }
        try output.prepare()
        var options = StageRunner.Options(root: workspace.root, logDirectory: output.logs, baseEnvironment: environment)
        options.requested = Set(request.stages)
        let style = ReporterStyle.detect(environment: environment, outputIsTerminal: console.isOutputTerminal)
        let reporter = ConsoleStageReporter(style: style, console: console, logFolder: OutputFolder.name + "/logs")

        let cancellation = CancellationSignal()
        let trap = SignalTrap(forwardingTo: cancellation)
        let report = runner.run(plan.stages, environment: values, options: options, reporter: reporter, cancellation: cancellation)
        trap.release()

        if let failed = report.failed {
            console.err(StageFailure(result: failed).rendered + "\n")
        } else if let signal = report.interruption {
            console.err("Error: interrupted by \(ProcessFailure.signalName(signal)); the running stage was stopped\n")
        }
        return report.exitStatus
    }
}
