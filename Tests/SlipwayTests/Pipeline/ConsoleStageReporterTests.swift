import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
import Testing

@Suite("stage reporter")
struct ConsoleStageReporterTests {
    let folder = TemporaryDirectory("slipway-reporter")

    /// Runs stages through a console whose streams are files, and returns what each received.
    func capture(style: ReporterStyle, statusLine: Bool, stages: [Stage]) throws -> (out: String, err: String) {
        let outPath = folder.url.appendingPathComponent("out").path
        let errPath = folder.url.appendingPathComponent("err").path
        let out = open(outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let err = open(errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer {
            close(out)
            close(err)
        }
        let console = Console(outputDescriptor: out, errorDescriptor: err)
        let reporter = ConsoleStageReporter(
            style: style, console: console, logFolder: ".slipway/logs", statusLine: statusLine)
        let options = StageRunner.Options(
            root: folder.url, logDirectory: folder.url.appendingPathComponent("logs"),
            baseEnvironment: ProcessInfo.processInfo.environment)
        _ = StageRunner().run(
            stages, environment: StageEnvironment(root: folder.path, outputDirectory: folder.path), options: options,
            reporter: reporter)
        console.flush()
        return (
            try String(contentsOfFile: outPath, encoding: .utf8), try String(contentsOfFile: errPath, encoding: .utf8)
        )
    }

    @Test("on a terminal the status line is drawn only between whole lines and cleared before output")
    func statusLine() throws {
        let (out, err) = try capture(
            style: .terminal, statusLine: true,
            stages: [
                Stage(name: "build", command: .shell("printf 'partial'; echo ' line' >&2; echo; echo done"))
            ])
        #expect(out.hasPrefix("==> build (1/1): printf"))
        #expect(out.contains("partial\ndone\n==> build passed in "))
        // Drawn at the start, cleared before the first output; never drawn while the stage's line is unfinished.
        #expect(err.hasPrefix("\r\u{1B}[2K… build (1/1) 0s\r\u{1B}[2K"))
        #expect(err.contains(" line\n"))
        #expect(!err.contains("partial"))
    }

    @Test("plain style prints headings, results and a summary, with no escape sequences")
    func plain() throws {
        let (out, err) = try capture(
            style: .plain, statusLine: false,
            stages: [
                Stage(name: "ok", command: .shell("echo fine")),
                Stage(name: "bad", command: .shell("printf 'no newline'; exit 9")),
                Stage(name: "later", command: .shell("true")),
            ])
        #expect(!out.contains("\u{1B}") && !err.contains("\u{1B}"))
        #expect(out.contains("==> ok (1/3): echo fine\nfine\n==> ok passed in "))
        #expect(out.contains("no newline\n==> bad failed in "))
        #expect(out.contains(": exited with code 9\n==> later skipped: an earlier stage failed\n"))
        let summary = try #require(out.components(separatedBy: "\nSummary:\n").last)
        let rows = summary.split(separator: "\n").map(String.init)
        #expect(rows.count == 4)
        #expect(rows[0].hasPrefix("  ok     passed     "))
        #expect(rows[1].hasPrefix("  bad    failed     ") && rows[1].hasSuffix("  exited with code 9"))
        #expect(rows[2] == "  later  skipped                an earlier stage failed")
        #expect(rows[3] == "Logs: .slipway/logs/")
    }

    @Test("GitHub Actions style: a group per stage, an error annotation for the failure, and a summary table")
    func githubActions() throws {
        let summaryFile = folder.url.appendingPathComponent("summary.md")
        try Data("existing\n".utf8).write(to: summaryFile)
        let (out, _) = try capture(
            style: .githubActions(summaryFile: summaryFile.path), statusLine: false,
            stages: [
                Stage(name: "ok", command: .shell("echo fine")),
                Stage(name: "bad", command: .shell("echo '50% broken' >&2; exit 2")),
            ])
        #expect(out.contains("::group::ok (1/2): echo fine\nfine\n::endgroup::\n==> ok passed in "))
        // Workflow-command data is escaped (GitHub shows '%25' as '%').
        #expect(out.contains("::group::bad (2/2): echo '50%25 broken' >&2; exit 2\n::endgroup::\n==> bad failed in "))
        #expect(
            out.contains(
                "::error title=Stage bad failed::/bin/sh -c 'echo '\\''50%25 broken'\\'' >&2; exit 2' exited with code 2%0Alast lines of standard error:%0A  | 50%25 broken%0AFull output: logs/bad.log\n"
            ))
        let summary = try String(contentsOf: summaryFile, encoding: .utf8)
        #expect(
            summary.hasPrefix(
                "existing\n### slipway run\n\n| Stage | Status | Duration | Details |\n| --- | --- | --- | --- |\n"))
        #expect(summary.contains("| `ok` | ✅ passed | "))
        #expect(summary.contains("| `bad` | ❌ failed | ") && summary.contains(" | exited with code 2 |\n"))
    }

    @Test("the style follows the environment: GitHub Actions, then CI or a pipe, else a terminal")
    func styleDetection() {
        #expect(
            ReporterStyle.detect(
                environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": "/tmp/s"], outputIsTerminal: true)
                == .githubActions(summaryFile: "/tmp/s"))
        #expect(
            ReporterStyle.detect(environment: ["GITHUB_ACTIONS": "true"], outputIsTerminal: false)
                == .githubActions(summaryFile: nil))
        #expect(ReporterStyle.detect(environment: ["CI": "true"], outputIsTerminal: true) == .plain)
        #expect(ReporterStyle.detect(environment: ["CI": "false"], outputIsTerminal: true) == .terminal)
        #expect(ReporterStyle.detect(environment: [:], outputIsTerminal: false) == .plain)
        #expect(ReporterStyle.detect(environment: [:], outputIsTerminal: true) == .terminal)
    }
}
