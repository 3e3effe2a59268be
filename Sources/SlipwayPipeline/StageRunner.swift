import Foundation
import SlipwayConfig
import SlipwayCore

/// Runs stages in order with Slipway's values in their environment, streaming output to a reporter and a log
/// file per stage, and stops at the first failure. Shared by `slipway run` and `slipway release`.
public struct StageRunner {
    public struct Options: Sendable {
        /// The repository root: stages run here unless they name a `workingDirectory`.
        public var root: URL
        /// Where `<stage>.log` files go.
        public var logDirectory: URL
        /// The environment stages inherit (Slipway's own, normally).
        public var baseEnvironment: [String: String]
        /// Seconds between SIGTERM and SIGKILL when a stage is stopped.
        public var killGracePeriod: Double = 5
        /// Stages asked for by name run whatever their `when:` says.
        public var requested: Set<String> = []
        /// Seconds between status-line updates.
        public var heartbeat: Double? = 1

        public init(root: URL, logDirectory: URL, baseEnvironment: [String: String]) {
            self.root = root
            self.logDirectory = logDirectory
            self.baseEnvironment = baseEnvironment
        }
    }

    public let processRunner: ProcessRunning
    public let clock: Clock

    public init(processRunner: ProcessRunning = ProcessRunner(), clock: Clock = SystemClock()) {
        self.processRunner = processRunner
        self.clock = clock
    }

    public func run(
        _ stages: [Stage], environment: StageEnvironment, options: Options, reporter: StageReporter,
        cancellation: CancellationSignal? = nil
    ) -> StageRunReport {
        var results: [StageResult] = []
        var stopped: String?
        reporter.runWillStart(stages)
        for (index, stage) in stages.enumerated() {
            if let cancellation, cancellation.isCancelled, stopped == nil {
                stopped = "Slipway was interrupted"
            }
            if let stopped {
                let result = StageResult(
                    name: stage.name, command: stage.displayCommand, status: .skipped, detail: stopped)
                results.append(result)
                reporter.stageDidFinish(result, stage: stage)
                continue
            }
            if stage.when == .major, !environment.major, !options.requested.contains(stage.name) {
                let result = StageResult(
                    name: stage.name, command: stage.displayCommand, status: .skipped,
                    detail: "runs only on a major change")
                results.append(result)
                reporter.stageDidFinish(result, stage: stage)
                continue
            }
            reporter.stageWillStart(stage, index: index, count: stages.count)
            let result = runStage(
                stage, environment: environment, options: options, reporter: reporter, cancellation: cancellation)
            results.append(result)
            reporter.stageDidFinish(result, stage: stage)
            switch result.status {
            case .failed: stopped = "an earlier stage failed"
            case .cancelled: stopped = "Slipway was interrupted"
            case .passed, .skipped: break
            }
        }
        let report = StageRunReport(
            results: results, interruption: cancellation?.isCancelled == true ? cancellation?.signal : nil)
        reporter.runDidFinish(report)
        return report
    }

    private func runStage(
        _ stage: Stage, environment: StageEnvironment, options: Options, reporter: StageReporter,
        cancellation: CancellationSignal?
    ) -> StageResult {
        let startedAt = clock.now()
        let start = clock.uptime()
        let logURL = options.logDirectory.appendingPathComponent(stage.name + ".log")
        var result = StageResult(
            name: stage.name, command: stage.displayCommand, status: .passed, startedAt: startedAt,
            logPath: DisplayPath.of(logURL, relativeTo: options.root))
        let log: LogFile
        do throws(Failure) {
            log = try LogFile(path: logURL.path)
        } catch {
            result.status = .failed
            result.detail = "cannot write its log"
            result.failureMessage = error.message
            return result
        }
        let directory = workingDirectory(stage, root: options.root)
        let processEnvironment = environment.processEnvironment(for: stage, inheriting: options.baseEnvironment)
        let observer = StageOutputRelay(stage: stage, reporter: reporter)
        let inputs: StageInputs
        do throws(Failure) {
            inputs = try StageInputs.prepare(stage, root: options.root, environment: options.baseEnvironment)
        } catch {
            log.write(error.message + "\n")
            result.status = .failed
            result.detail = "its inputs could not be prepared"
            result.failureMessage = error.message + (error.hint.map { "\nhint: \($0)" } ?? "")
            return result
        }
        defer { inputs.remove() }
        for arguments in stage.invocations.map(inputs.arguments) {
            var request = ProcessRequest(
                arguments: arguments, workingDirectory: directory, environment: processEnvironment)
            if let timeout = stage.timeout {
                request.timeout = max(0, timeout - (clock.uptime() - start))
            }
            request.killGracePeriod = options.killGracePeriod
            request.heartbeat = options.heartbeat
            request.log = log
            request.cancellation = cancellation
            observer.offset = clock.uptime() - start
            do throws(ProcessLaunchError) {
                let outcome = try processRunner.run(request, observer: observer)
                result.exitCode = outcome.exitCode
                result.signal = outcome.signal
                guard outcome.succeeded else {
                    result.status =
                        outcome.stop.map { if case .cancelled = $0 { return .cancelled } else { return .failed } }
                        ?? .failed
                    result.detail = ProcessFailure.describe(outcome, timeout: stage.timeout)
                    result.failureMessage =
                        ProcessFailure(arguments: arguments, outcome: outcome, timeout: stage.timeout).message
                    break
                }
            } catch {
                // The program could not start: a shell reports that as 127 (not found) or 126.
                let message = error.message
                log.write(message + "\n")
                result.status = .failed
                result.exitCode = error.notFound ? 127 : 126
                result.detail = error.reason
                result.failureMessage = message + (error.hint.map { "\nhint: \($0)" } ?? "")
                break
            }
        }
        result.duration = clock.uptime() - start
        return result
    }

    private func workingDirectory(_ stage: Stage, root: URL) -> String {
        guard let folder = stage.workingDirectory else { return root.path }
        if folder.hasPrefix("/") { return folder }
        return RealPath.folded(root.appendingPathComponent(folder).path)
    }
}

/// Passes a stage's output and heartbeats on to the reporter.
private final class StageOutputRelay: ProcessObserver {
    let stage: Stage
    let reporter: StageReporter
    /// Seconds the stage had run before the current program started (a stage may run several).
    var offset: Double = 0

    init(stage: Stage, reporter: StageReporter) {
        self.stage = stage
        self.reporter = reporter
    }

    func process(output: UnsafeRawBufferPointer, from stream: ProcessStream) {
        reporter.stageOutput(output, from: stream)
    }

    func processHeartbeat(elapsed: Double) {
        reporter.stageHeartbeat(stage, elapsed: offset + elapsed)
    }

    func processDidStart(group: Int32) {
        reporter.stageDidStartProcessGroup(group, stage: stage)
    }
}
