import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
import Testing

/// Start times fixed for exact records; durations still real.
struct FixedDateClock: Clock {
    let date = Date(timeIntervalSince1970: 1_767_323_045) // 2026-01-02T03:04:05Z
    func now() -> Date { date }
    func uptime() -> Double { SystemClock().uptime() }
}

/// Records what a run reports, as lines.
final class RecordingReporter: StageReporter, @unchecked Sendable {
    var events: [String] = []
    var output = ""
    var finalReport: StageRunReport?

    func runWillStart(_ stages: [Stage]) { events.append("run \(stages.count)") }
    func stageWillStart(_ stage: Stage, index: Int, count: Int) {
        events.append("start \(stage.name) \(index + 1)/\(count)")
    }
    func stageOutput(_ bytes: UnsafeRawBufferPointer, from stream: ProcessStream) {
        output += String(decoding: bytes, as: UTF8.self)
    }
    func stageHeartbeat(_ stage: Stage, elapsed: Double) {}
    func stageDidFinish(_ result: StageResult, stage: Stage) {
        events.append("\(result.status.rawValue) \(result.name)")
    }
    func runDidFinish(_ report: StageRunReport) { finalReport = report }
}

/// A process runner that runs nothing and records what it was asked, for checking what stages would be given.
final class RecordingProcessRunner: ProcessRunning, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var requests: [ProcessRequest] = []
    let outcome: ProcessOutcome

    init(outcome: ProcessOutcome = ProcessOutcome(termination: .exited(0), duration: 0)) {
        self.outcome = outcome
    }

    func run(_ request: ProcessRequest, observer: ProcessObserver?) throws(ProcessLaunchError) -> ProcessOutcome {
        lock.lock()
        requests.append(request)
        lock.unlock()
        return outcome
    }
}
