import Foundation
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwayWorkspace
import SlipwayYAML

/// `slipway run`: resolves the stages (configured or derived), then prints them (`--dry-run`) or runs them.
public struct RunService {
    public struct Request: Sendable {
        /// Stage names to run (in pipeline order); empty for all.
        public var stages: [String] = []
        public var dryRun = false
        /// `true` treats the change as major (`--major`), so `when: major` stages run too; `nil` asks detect
        /// whether HEAD is a major change since the latest release tag.
        public var major: Bool?
        /// Skip named stages that do not exist instead of failing (`--if-present`).
        public var ifPresent = false
        /// Print the dry run as one JSON object (`--json`, with `--dry-run`).
        public var json = false
        /// Also run UI-test targets in the derived test stage (`--ui-tests`).
        public var uiTests = false
        /// Build and test only the schemes the change since the previous release affects (`--affected`).
        public var affected = false
        /// With `dryRun`: each stage's working directory, timeout and whole environment too (`--verbose`).
        public var verbose = false

        public init(
            stages: [String] = [], dryRun: Bool = false, major: Bool? = nil, ifPresent: Bool = false,
            json: Bool = false, uiTests: Bool = false
        ) {
            self.stages = stages
            self.dryRun = dryRun
            self.major = major
            self.ifPresent = ifPresent
            self.json = json
            self.uiTests = uiTests
        }
    }

    /// Its environment is Slipway's own: stages inherit it, and it decides the reporter style.
    public private(set) var workspace: Workspace
    public var runner = StageRunner()

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Runs for `app` (or the only app of `apps:`): a verdict (no `--major`, or `--affected`) is one app's, so with
    /// several apps that needs the name; otherwise the shared configuration runs as it is.
    public func run(_ request: Request, app: String?, console: Console) throws -> ExitStatus {
        let judges = request.major == nil || request.affected
        guard app != nil || judges else { return try run(request, console: console) }
        var scoped = self
        scoped.workspace = try workspace.selecting(app: app)
        return try scoped.run(request, console: console)
    }

    public func run(_ request: Request, console: Console) throws -> ExitStatus {
        let environment = workspace.environment
        let resolved = try StagePlan.resolve(workspace, uiTests: request.uiTests)
        for warning in resolved.warnings where !warning.isUnreadKey { console.err("slipway: \(warning)\n") }
        let unread = resolved.warnings.filter(\.isUnreadKey).count
        if unread > 0 {
            console.err(
                "slipway: note: the spec has \(unread) key\(unread == 1 ? "" : "s") XcodeGen does not read"
                    + " ('slipway project' lists them)\n")
        }
        var (plan, absent) = try resolved.selecting(request.stages, ifPresent: request.ifPresent)
        for name in absent {
            console.err(
                "slipway: skipping stage '\(name)': there is no such stage (--if-present; \(resolved.knownStagesHint))\n"
            )
        }
        if !request.stages.isEmpty, plan.stages.isEmpty {
            console.err("slipway: none of the named stages exists; nothing to run\n")
            return .success
        }
        if request.affected { plan = try affectedOnly(plan) }
        let decision =
            request.major.map { MajorChangeDecision(major: $0, source: $0 ? "--major" : "set by the caller") }
            ?? MajorChangeDecision.detect(workspace)
        if let warning = decision.warning { console.err("slipway: warning: \(warning)\n") }
        let output = OutputFolder(root: workspace.root)
        let values = StageEnvironment.current(for: workspace, major: decision.major, output: output)
        // The appcast and GitHub release stages name the spec's version as it stands, and its tag.
        let tag = workspace.configuration.release.tag.renderOmittingEmpty([
            "version": values.version, "build": values.build, "app": workspace.configuration.selectedApp?.name ?? "",
        ])
        plan = plan.withShipValues(ShipPlan.Values(version: values.version, build: values.build, tag: tag))
        let requested = Set(plan.stages.map(\.name)).intersection(request.stages)
        if request.dryRun {
            console.out(
                request.json
                    ? DryRunReport.json(plan, environment: values, major: decision).compact() + "\n"
                    : DryRunReport.text(
                        plan, environment: values, requested: requested, major: decision, verbose: request.verbose))
            return .success
        }
        for note in plan.notes { console.err("slipway: note: \(note)\n") }
        try output.prepare()
        var options = StageRunner.Options(root: workspace.root, logDirectory: output.logs, baseEnvironment: environment)
        options.requested = requested
        let style = ReporterStyle.detect(environment: environment, outputIsTerminal: console.isOutputTerminal)
        let reporter = ConsoleStageReporter(style: style, console: console, logFolder: OutputFolder.name + "/logs")

        let cancellation = CancellationSignal()
        let trap = SignalTrap(forwardingTo: cancellation)
        let report = runner.run(
            plan.stages, environment: values, options: options, reporter: reporter, cancellation: cancellation)
        trap.release()

        if let failed = report.failed {
            console.err(StageFailure(result: failed).rendered + "\n")
        } else if let signal = report.interruption {
            console.err("Error: interrupted by \(ProcessFailure.signalName(signal)); the running stage was stopped\n")
        }
        return report.exitStatus
    }
}
