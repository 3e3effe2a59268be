import SlipwayConfig
import SlipwayCore

/// Receives a stage run as it happens; `slipway run` and `slipway release` print through one.
public protocol StageReporter: AnyObject {
    func runWillStart(_ stages: [Stage])
    func stageWillStart(_ stage: Stage, index: Int, count: Int)
    /// Output as the stage's programs write it; never held back.
    func stageOutput(_ bytes: UnsafeRawBufferPointer, from stream: ProcessStream)
    /// About once a second while a stage runs.
    func stageHeartbeat(_ stage: Stage, elapsed: Double)
    /// Every stage ends here, skipped ones included.
    func stageDidFinish(_ result: StageResult, stage: Stage)
    func runDidFinish(_ report: StageRunReport)
    /// A program of the stage started in process group `group`, before the stage waits on it.
    func stageDidStartProcessGroup(_ group: Int32, stage: Stage)
}

extension StageReporter {
    public func stageDidStartProcessGroup(_ group: Int32, stage: Stage) {}
}

/// How stage progress is shown, chosen from the environment.
public enum ReporterStyle: Equatable, Sendable {
    /// A terminal: a status line with the stage and elapsed time under the streaming output.
    case terminal
    /// CI or a pipe: plain lines only.
    case plain
    /// GitHub Actions: each stage in a `::group::`, failures as `::error::`, a table in the step summary file.
    case githubActions(summaryFile: String?)

    /// GitHub Actions when `GITHUB_ACTIONS=true`; plain when `CI` is set or standard output is not a terminal.
    public static func detect(environment: [String: String], outputIsTerminal: Bool) -> ReporterStyle {
        if environment["GITHUB_ACTIONS"] == "true" {
            let file = environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
            return .githubActions(summaryFile: file)
        }
        let ci = environment["CI"].map { !["", "0", "false", "no"].contains($0.lowercased()) } ?? false
        return ci || !outputIsTerminal ? .plain : .terminal
    }
}
