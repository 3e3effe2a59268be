import SlipwayConfig
import SlipwayCore
import SlipwayDetection

/// Prints a stage run to the console in the chosen style.
///
/// Stage output goes straight through (stdout to stdout, stderr to stderr) the moment it arrives; Slipway's own
/// lines go to standard output. The status line lives on standard error and is only drawn when the cursor is at the
/// start of a line, so it never splits a line of the stage's output.
public final class ConsoleStageReporter: StageReporter {
    public let style: ReporterStyle
    private let console: Console
    /// How the log folder is named in the summary (`.slipway/logs`).
    private let logFolder: String
    private let statusLine: Bool
    private var statusShown = false
    private var outputAtLineStart = true
    private var errorAtLineStart = true
    private var current: (stage: Stage, index: Int, count: Int)?

    /// `statusLine` defaults to: terminal style with standard error on a terminal.
    public init(style: ReporterStyle, console: Console, logFolder: String, statusLine: Bool? = nil) {
        self.style = style
        self.console = console
        self.logFolder = logFolder
        self.statusLine = statusLine ?? (style == .terminal && console.isErrorTerminal)
    }

    public func runWillStart(_ stages: [Stage]) {}

    public func stageWillStart(_ stage: Stage, index: Int, count: Int) {
        current = (stage, index, count)
        // A multi-line `run:` script (or any command with a control character) is shown C-quoted on one line.
        let heading = "\(stage.name) (\(index + 1)/\(count)): \(stage.displayCommand.cQuotedIfNeeded)"
        if case .githubActions = style {
            line("::group::" + GitHubAnnotation.escapeData(heading))
        } else {
            line("==> " + heading)
        }
        drawStatus(elapsed: 0)
    }

    public func stageOutput(_ bytes: UnsafeRawBufferPointer, from stream: ProcessStream) {
        guard !bytes.isEmpty else { return }
        clearStatus()
        console.passThrough(bytes, toError: stream == .standardError)
        let endsLine = bytes[bytes.count - 1] == UInt8(ascii: "\n")
        if stream == .standardOutput { outputAtLineStart = endsLine } else { errorAtLineStart = endsLine }
    }

    public func stageHeartbeat(_ stage: Stage, elapsed: Double) {
        drawStatus(elapsed: elapsed)
    }

    public func stageDidFinish(_ result: StageResult, stage: Stage) {
        clearStatus()
        let ran = result.startedAt != nil
        if !errorAtLineStart {
            console.err("\n")
            errorAtLineStart = true
        }
        if ran, case .githubActions = style { line("::endgroup::") }
        var text = "==> \(result.name) \(result.status.rawValue)"
        if ran { text += " in \(DurationFormat.text(result.duration))" }
        if let detail = result.detail { text += ": \(detail.cQuotedIfNeeded)" }
        line(text)
        if result.status == .failed, case .githubActions = style {
            let message =
                "\(result.failureMessage ?? result.detail ?? "failed")\nFull output: \(result.logPath ?? logFolder)"
            line(
                "::error title=\(GitHubAnnotation.escapeProperty("Stage \(result.name) failed"))::\(GitHubAnnotation.escapeData(message))"
            )
        }
        current = nil
    }

    public func runDidFinish(_ report: StageRunReport) {
        clearStatus()
        guard !report.results.isEmpty else {
            line("No stages to run.")
            return
        }
        let width = report.results.map(\.name.count).max() ?? 0
        var text = "\nSummary:\n"
        for result in report.results {
            let name = result.name.padded(to: width)
            let status = result.status.rawValue.padded(to: 9)
            let duration = result.startedAt == nil ? "" : DurationFormat.text(result.duration)
            var row = "  \(name)  \(status)  \(duration.padded(to: 10))"
            if result.status != .passed, let detail = result.detail { row += "  \(detail.cQuotedIfNeeded)" }
            text += row.trimmingTrailingSpaces() + "\n"
        }
        text += "Logs: \(logFolder)/\n"
        if !outputAtLineStart { text = "\n" + text }
        console.out(text)
        console.flush()
        outputAtLineStart = true
        if case .githubActions(let file?) = style {
            do {
                try GitHubOutput.append(GitHubAnnotation.summaryTable(report, title: "slipway run"), to: file)
            } catch {
                // The summary is a convenience; a run must not fail because the step summary file cannot be written.
                console.err("warning: cannot write the step summary to \(file)\n")
            }
        }
    }

    /// One of Slipway's own lines, on a line of its own.
    private func line(_ text: String) {
        console.out((outputAtLineStart ? "" : "\n") + text + "\n")
        console.flush()
        outputAtLineStart = true
    }

    private func drawStatus(elapsed: Double) {
        guard statusLine, let current, outputAtLineStart, errorAtLineStart else { return }
        let seconds = Int(elapsed)
        let clock = seconds >= 60 ? "\(seconds / 60)m\(DurationFormat.twoDigits(seconds % 60))s" : "\(seconds)s"
        console.err("\r\u{1B}[2K… \(current.stage.name) (\(current.index + 1)/\(current.count)) \(clock)")
        statusShown = true
    }

    private func clearStatus() {
        guard statusShown else { return }
        console.err("\r\u{1B}[2K")
        statusShown = false
    }
}

extension String {
    package func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
