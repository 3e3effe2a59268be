import Foundation
import SlipwayCore
import Testing

@testable import SlipwayConfig
@testable import SlipwayDetection
@testable import SlipwayHistory
@testable import SlipwayHooks
@testable import SlipwayPipeline
@testable import SlipwayRelease
@testable import SlipwaySpec
@testable import SlipwayVersioning
import SlipwayKit

/// Start times fixed for exact records; durations still real.
struct FixedDateClock: Clock {
    let date = Date(timeIntervalSince1970: 1_767_323_045)  // 2026-01-02T03:04:05Z
    func now() -> Date { date }
    func uptime() -> Double { SystemClock().uptime() }
}

/// Records what a run reports, as lines.
final class RecordingReporter: StageReporter, @unchecked Sendable {
    var events: [String] = []
    var output = ""
    var finalReport: StageRunReport?

    func runWillStart(_ stages: [Stage]) { events.append("run \(stages.count)") }
    func stageWillStart(_ stage: Stage, index: Int, count: Int) { events.append("start \(stage.name) \(index + 1)/\(count)") }
    func stageOutput(_ bytes: UnsafeRawBufferPointer, from stream: ProcessStream) { output += String(decoding: bytes, as: UTF8.self) }
    func stageHeartbeat(_ stage: Stage, elapsed: Double) {}
    func stageDidFinish(_ result: StageResult, stage: Stage) { events.append("\(result.status.rawValue) \(result.name)") }
    func runDidFinish(_ report: StageRunReport) { finalReport = report }
}

@Suite("stage runner")
struct StageRunnerTests {
    let folder = TemporaryDirectory("slipway-stages")
    let runner = StageRunner(clock: FixedDateClock())

    var options: StageRunner.Options {
        var options = StageRunner.Options(
            root: folder.url, logDirectory: folder.url.appendingPathComponent(".slipway/logs"),
            baseEnvironment: ProcessInfo.processInfo.environment)
        options.killGracePeriod = 1
        return options
    }

    var environment: StageEnvironment {
        StageEnvironment(version: "1.4.2", build: "118", commit: String(repeating: "a", count: 40), branch: "main",
                         root: folder.path, outputDirectory: folder.url.appendingPathComponent(".slipway").path)
    }

    func run(_ stages: [Stage], environment: StageEnvironment? = nil, options: StageRunner.Options? = nil,
             cancellation: CancellationSignal? = nil) -> (StageRunReport, RecordingReporter) {
        let reporter = RecordingReporter()
        let report = runner.run(stages, environment: environment ?? self.environment, options: options ?? self.options,
                                reporter: reporter, cancellation: cancellation)
        return (report, reporter)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: folder.url.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("stages run in order; the first failure stops the run and the rest are recorded as skipped")
    func stopsAtFirstFailure() throws {
        let (report, reporter) = run([
            Stage(name: "one", command: .shell("echo one; echo warn >&2")),
            Stage(name: "two", command: .shell("echo two; echo 'it broke' >&2; exit 4")),
            Stage(name: "three", command: .shell("echo three")),
        ])
        #expect(reporter.events == ["run 3", "start one 1/3", "passed one", "start two 2/3", "failed two", "skipped three"])
        #expect(report.results.map(\.status) == [.passed, .failed, .skipped])
        #expect(report.exitStatus == .negative)
        let failed = report.results[1]
        #expect(failed.exitCode == 4)
        #expect(failed.detail == "exited with code 4")
        #expect(failed.failureMessage?.hasPrefix("/bin/sh -c 'echo two; echo '\\''it broke'\\'' >&2; exit 4' exited with code 4") == true)
        #expect(failed.failureMessage?.contains("  | it broke") == true)
        #expect(report.results[2].detail == "an earlier stage failed")
        #expect(report.results[2].startedAt == nil)
        #expect(!reporter.output.contains("three"))
        #expect(try read(".slipway/logs/one.log") == "one\nwarn\n" || read(".slipway/logs/one.log") == "warn\none\n")
        #expect(report.results[0].logPath == ".slipway/logs/one.log")
    }

    @Test("the record of a stage has every manifest field, with UTC times")
    func recordJSON() throws {
        let (report, _) = run([Stage(name: "fail", command: .shell("exit 7"))])
        let json = report.results[0].json
        guard case .object(let fields) = json else { Issue.record("not an object"); return }
        #expect(fields.keys.sorted() == ["command", "detail", "durationSeconds", "exitCode", "log", "name", "signal", "startedAt", "status"])
        #expect(fields["status"] == .string("failed"))
        #expect(fields["exitCode"] == .int(7))
        #expect(fields["signal"] == .null)
        #expect(fields["command"] == .string("exit 7"))
        #expect(fields["startedAt"] == .string("2026-01-02T03:04:05.000Z"))
        #expect(fields["log"] == .string(".slipway/logs/fail.log"))
    }

    @Test("stages get Slipway's values as variables, their own env, and run in their working directory")
    func environmentAndDirectory() throws {
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
        var values = environment
        values.branch = "feature/$(touch pwned)`touch pwned2`"
        let stage = Stage(
            name: "env", command: .shell("env | grep '^SLIPWAY_' | sort > ../env.txt; printf '%s' \"$GREETING\" > ../greeting.txt; pwd > ../pwd.txt"),
            workingDirectory: "sub", environment: ["GREETING": "hello; $(touch pwned3) 'quoted'"])
        let (report, _) = run([stage], environment: values)
        #expect(report.results[0].status == .passed)
        let variables = try read("env.txt")
        #expect(variables.contains("SLIPWAY_BRANCH=feature/$(touch pwned)`touch pwned2`\n"))
        #expect(variables.contains("SLIPWAY_VERSION=1.4.2\n"))
        #expect(variables.contains("SLIPWAY_BUILD=118\n"))
        #expect(variables.contains("SLIPWAY_COMMIT=\(String(repeating: "a", count: 40))\n"))
        #expect(variables.contains("SLIPWAY_STAGE=env\n"))
        #expect(variables.contains("SLIPWAY_MAJOR=false\n"))
        #expect(variables.contains("SLIPWAY_OUTPUT_DIR=\(folder.url.appendingPathComponent(".slipway").path)\n"))
        #expect(try read("greeting.txt") == "hello; $(touch pwned3) 'quoted'")
        #expect(try read("pwd.txt").hasSuffix("/sub\n"))
        for name in ["pwned", "pwned2", "pwned3", "sub/pwned", "sub/pwned2", "sub/pwned3"] {
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(name).path))
        }
    }

    @Test("'when: major' stages are skipped unless the change is major or the stage is asked for by name")
    func whenMajor() throws {
        let stages = [Stage(name: "always", command: .shell("true")), Stage(name: "upload", command: .shell("true"), when: .major)]
        #expect(run(stages).0.results.map(\.status) == [.passed, .skipped])
        #expect(run(stages).0.results[1].detail == "runs only on a major change")
        var major = environment
        major.major = true
        #expect(run(stages, environment: major).0.results.map(\.status) == [.passed, .passed])
        var requested = options
        requested.requested = ["upload"]
        #expect(run(stages, options: requested).0.results.map(\.status) == [.passed, .passed])
    }

    @Test("a stage past its timeout fails with the timeout in its record")
    func timeout() throws {
        let started = Date()
        let (report, _) = run([Stage(name: "slow", command: .shell("sleep 30"), timeout: 0.3)])
        #expect(Date().timeIntervalSince(started) < 15)
        let result = report.results[0]
        #expect(result.status == .failed)
        #expect(result.signal == SIGTERM)
        #expect(result.detail == "timed out after 0.30 s (stopped with SIGTERM)")
        #expect(report.exitStatus == .negative)
    }

    @Test("derived stages run their programs in turn and stop at the first that fails")
    func programs() throws {
        let stage = Stage(name: "multi", command: .programs([["sh", "-c", "echo one"], ["sh", "-c", "echo two; exit 2"], ["sh", "-c", "echo never"]]))
        let (report, reporter) = run([stage])
        #expect(report.results[0].status == .failed)
        #expect(report.results[0].exitCode == 2)
        #expect(reporter.output == "one\ntwo\n")
        #expect(report.results[0].command == "sh -c 'echo one' && sh -c 'echo two; exit 2' && sh -c 'echo never'")
    }

    @Test("a program that does not exist fails the stage with 127 and says what is missing")
    func missingProgram() throws {
        let (report, _) = run([Stage(name: "gen", command: .programs([["xcodegen-not-installed", "generate"]]))])
        let result = report.results[0]
        #expect(result.status == .failed)
        #expect(result.exitCode == 127)
        #expect(result.failureMessage?.contains("command not found: xcodegen-not-installed") == true)
        #expect(try read(".slipway/logs/gen.log").contains("command not found"))
    }

    @Test("a missing working directory fails the stage and names the folder")
    func missingDirectory() throws {
        let (report, _) = run([Stage(name: "x", command: .shell("true"), workingDirectory: "nope")])
        #expect(report.results[0].status == .failed)
        #expect(report.results[0].failureMessage?.contains("/nope does not exist") == true)
    }

    @Test("cancellation stops the running stage, records it cancelled, and skips the rest")
    func cancellation() throws {
        let cancellation = CancellationSignal()
        let reporter = RecordingReporter()
        final class CancellingReporter: StageReporter, @unchecked Sendable {
            let inner: RecordingReporter
            let cancellation: CancellationSignal
            init(_ inner: RecordingReporter, _ cancellation: CancellationSignal) { self.inner = inner; self.cancellation = cancellation }
            func runWillStart(_ stages: [Stage]) { inner.runWillStart(stages) }
            func stageWillStart(_ stage: Stage, index: Int, count: Int) { inner.stageWillStart(stage, index: index, count: count) }
            func stageOutput(_ bytes: UnsafeRawBufferPointer, from stream: ProcessStream) {
                inner.stageOutput(bytes, from: stream)
                if inner.output.contains("ready") { cancellation.cancel(signal: SIGTERM) }
            }
            func stageHeartbeat(_ stage: Stage, elapsed: Double) {}
            func stageDidFinish(_ result: StageResult, stage: Stage) { inner.stageDidFinish(result, stage: stage) }
            func runDidFinish(_ report: StageRunReport) { inner.runDidFinish(report) }
        }
        let report = runner.run(
            [Stage(name: "long", command: .shell("echo ready; sleep 30")), Stage(name: "next", command: .shell("true"))],
            environment: environment, options: options, reporter: CancellingReporter(reporter, cancellation), cancellation: cancellation)
        #expect(report.results.map(\.status) == [.cancelled, .skipped])
        #expect(report.results[0].detail == "cancelled by SIGTERM (stopped with SIGTERM)")
        #expect(report.interruption == SIGTERM)
        #expect(report.exitStatus == .terminated)
        #expect(reporter.finalReport == report)
    }
}

@Suite("stage reporter")
struct ConsoleStageReporterTests {
    let folder = TemporaryDirectory("slipway-reporter")

    /// Runs stages through a console whose streams are files, and returns what each received.
    func capture(style: ReporterStyle, statusLine: Bool, stages: [Stage]) throws -> (out: String, err: String) {
        let outPath = folder.url.appendingPathComponent("out").path
        let errPath = folder.url.appendingPathComponent("err").path
        let out = open(outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let err = open(errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(out); close(err) }
        let console = Console(outputDescriptor: out, errorDescriptor: err)
        let reporter = ConsoleStageReporter(style: style, console: console, logFolder: ".slipway/logs", statusLine: statusLine)
        let options = StageRunner.Options(root: folder.url, logDirectory: folder.url.appendingPathComponent("logs"), baseEnvironment: ProcessInfo.processInfo.environment)
        _ = StageRunner().run(stages, environment: StageEnvironment(root: folder.path, outputDirectory: folder.path), options: options, reporter: reporter)
        console.flush()
        return (try String(contentsOfFile: outPath, encoding: .utf8), try String(contentsOfFile: errPath, encoding: .utf8))
    }

    @Test("on a terminal the status line is drawn only between whole lines and cleared before output")
    func statusLine() throws {
        let (out, err) = try capture(style: .terminal, statusLine: true, stages: [
            Stage(name: "build", command: .shell("printf 'partial'; echo ' line' >&2; echo; echo done")),
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
        let (out, err) = try capture(style: .plain, statusLine: false, stages: [
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
        let (out, _) = try capture(style: .githubActions(summaryFile: summaryFile.path), statusLine: false, stages: [
            Stage(name: "ok", command: .shell("echo fine")),
            Stage(name: "bad", command: .shell("echo '50% broken' >&2; exit 2")),
        ])
        #expect(out.contains("::group::ok (1/2): echo fine\nfine\n::endgroup::\n==> ok passed in "))
        // Workflow-command data is escaped (GitHub shows '%25' as '%').
        #expect(out.contains("::group::bad (2/2): echo '50%25 broken' >&2; exit 2\n::endgroup::\n==> bad failed in "))
        #expect(out.contains("::error title=Stage bad failed::/bin/sh -c 'echo '\\''50%25 broken'\\'' >&2; exit 2' exited with code 2%0Alast lines of standard error:%0A  | 50%25 broken%0AFull output: logs/bad.log\n"))
        let summary = try String(contentsOf: summaryFile, encoding: .utf8)
        #expect(summary.hasPrefix("existing\n### slipway run\n\n| Stage | Status | Duration | Details |\n| --- | --- | --- | --- |\n"))
        #expect(summary.contains("| `ok` | ✅ passed | "))
        #expect(summary.contains("| `bad` | ❌ failed | ") && summary.contains(" | exited with code 2 |\n"))
    }

    @Test("the style follows the environment: GitHub Actions, then CI or a pipe, else a terminal")
    func styleDetection() {
        #expect(ReporterStyle.detect(environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": "/tmp/s"], outputIsTerminal: true)
            == .githubActions(summaryFile: "/tmp/s"))
        #expect(ReporterStyle.detect(environment: ["GITHUB_ACTIONS": "true"], outputIsTerminal: false) == .githubActions(summaryFile: nil))
        #expect(ReporterStyle.detect(environment: ["CI": "true"], outputIsTerminal: true) == .plain)
        #expect(ReporterStyle.detect(environment: ["CI": "false"], outputIsTerminal: true) == .terminal)
        #expect(ReporterStyle.detect(environment: [:], outputIsTerminal: false) == .plain)
        #expect(ReporterStyle.detect(environment: [:], outputIsTerminal: true) == .terminal)
    }
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

@Suite("stage runner: requests")
struct StageRunnerRequestTests {
    @Test("each program gets the stage's argv, absolute folder, remaining timeout, log and full environment")
    func requests() throws {
        let folder = TemporaryDirectory("slipway-requests")
        let fake = RecordingProcessRunner()
        let runner = StageRunner(processRunner: fake, clock: FixedDateClock())
        var options = StageRunner.Options(root: folder.url, logDirectory: folder.url.appendingPathComponent("logs"),
                                          baseEnvironment: ["PATH": "/usr/bin:/bin", "HOME": "/home/me", "OVERRIDE": "base"])
        options.killGracePeriod = 7
        let stages = [
            Stage(name: "gen", command: .programs([["xcodegen", "generate"], ["xcodebuild", "-list"]]), timeout: 100),
            Stage(name: "sh", command: .shell("make"), workingDirectory: "App", environment: ["OVERRIDE": "stage"]),
        ]
        let environment = StageEnvironment(version: "2.0", build: "9", commit: "c", branch: "b", major: true, root: folder.path,
                                           outputDirectory: "/out", extra: ["SLIPWAY_TAG": "v2.0"])
        let report = runner.run(stages, environment: environment, options: options, reporter: RecordingReporter())
        #expect(report.results.map(\.status) == [.passed, .passed])
        let requests = fake.requests
        #expect(requests.map(\.arguments) == [["xcodegen", "generate"], ["xcodebuild", "-list"], ["/bin/sh", "-c", "make"]])
        #expect(requests[0].workingDirectory == folder.url.standardizedFileURL.path || requests[0].workingDirectory == folder.path)
        #expect(requests[2].workingDirectory?.hasSuffix("/App") == true)
        #expect((requests[0].timeout ?? 0) > 99 && (requests[0].timeout ?? 0) <= 100)
        #expect(requests[2].timeout == nil)
        #expect(requests.allSatisfy { $0.killGracePeriod == 7 && $0.log != nil })
        #expect(requests[2].environment["OVERRIDE"] == "stage")
        #expect(requests[0].environment["OVERRIDE"] == "base")
        #expect(requests[2].environment["HOME"] == "/home/me")
        #expect(requests[2].environment["SLIPWAY_STAGE"] == "sh")
        #expect(requests[0].environment["SLIPWAY_STAGE"] == "gen")
        #expect(requests[0].environment["SLIPWAY_MAJOR"] == "true")
        #expect(requests[0].environment["SLIPWAY_TAG"] == "v2.0")
        #expect(requests[0].environment["SLIPWAY_OUTPUT_DIR"] == "/out")
        #expect(report.results[0].startedAt == FixedDateClock().date)
    }
}
