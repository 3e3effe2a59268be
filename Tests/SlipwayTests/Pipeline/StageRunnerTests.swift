import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
import Testing

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
        StageEnvironment(
            version: "1.4.2", build: "118", commit: String(repeating: "a", count: 40), branch: "main",
            root: folder.path, outputDirectory: folder.url.appendingPathComponent(".slipway").path)
    }

    func run(
        _ stages: [Stage], environment: StageEnvironment? = nil, options: StageRunner.Options? = nil,
        cancellation: CancellationSignal? = nil
    ) -> (StageRunReport, RecordingReporter) {
        let reporter = RecordingReporter()
        let report = runner.run(
            stages, environment: environment ?? self.environment, options: options ?? self.options,
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
        #expect(
            reporter.events == ["run 3", "start one 1/3", "passed one", "start two 2/3", "failed two", "skipped three"])
        #expect(report.results.map(\.status) == [.passed, .failed, .skipped])
        #expect(report.exitStatus == .negative)
        let failed = report.results[1]
        #expect(failed.exitCode == 4)
        #expect(failed.detail == "exited with code 4")
        #expect(
            failed.failureMessage?.hasPrefix(
                "/bin/sh -c 'echo two; echo '\\''it broke'\\'' >&2; exit 4' exited with code 4") == true)
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
        guard case .object(let fields) = json else {
            Issue.record("not an object")
            return
        }
        #expect(
            fields.keys.sorted() == [
                "command", "detail", "durationSeconds", "exitCode", "log", "name", "signal", "startedAt", "status",
            ])
        #expect(fields["status"] == .string("failed"))
        #expect(fields["exitCode"] == .int(7))
        #expect(fields["signal"] == .null)
        #expect(fields["command"] == .string("exit 7"))
        #expect(fields["startedAt"] == .string("2026-01-02T03:04:05.000Z"))
        #expect(fields["log"] == .string(".slipway/logs/fail.log"))
    }

    @Test("stages get Slipway's values as variables, their own env, and run in their working directory")
    func environmentAndDirectory() throws {
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
        var values = environment
        values.branch = "feature/$(touch pwned)`touch pwned2`"
        let stage = Stage(
            name: "env",
            command: .shell(
                "env | grep '^SLIPWAY_' | sort > ../env.txt; printf '%s' \"$GREETING\" > ../greeting.txt; pwd > ../pwd.txt"
            ),
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
        let stages = [
            Stage(name: "always", command: .shell("true")),
            Stage(name: "upload", command: .shell("true"), when: .major),
        ]
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
        let stage = Stage(
            name: "multi",
            command: .programs([
                ["sh", "-c", "echo one"], ["sh", "-c", "echo two; exit 2"], ["sh", "-c", "echo never"],
            ]))
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
            init(_ inner: RecordingReporter, _ cancellation: CancellationSignal) {
                self.inner = inner
                self.cancellation = cancellation
            }
            func runWillStart(_ stages: [Stage]) { inner.runWillStart(stages) }
            func stageWillStart(_ stage: Stage, index: Int, count: Int) {
                inner.stageWillStart(stage, index: index, count: count)
            }
            func stageOutput(_ bytes: UnsafeRawBufferPointer, from stream: ProcessStream) {
                inner.stageOutput(bytes, from: stream)
                if inner.output.contains("ready") { cancellation.cancel(signal: SIGTERM) }
            }
            func stageHeartbeat(_ stage: Stage, elapsed: Double) {}
            func stageDidFinish(_ result: StageResult, stage: Stage) { inner.stageDidFinish(result, stage: stage) }
            func runDidFinish(_ report: StageRunReport) { inner.runDidFinish(report) }
        }
        let report = runner.run(
            [
                Stage(name: "long", command: .shell("echo ready; sleep 30")),
                Stage(name: "next", command: .shell("true")),
            ],
            environment: environment, options: options, reporter: CancellingReporter(reporter, cancellation),
            cancellation: cancellation)
        #expect(report.results.map(\.status) == [.cancelled, .skipped])
        #expect(report.results[0].detail == "cancelled by SIGTERM (stopped with SIGTERM)")
        #expect(report.interruption == SIGTERM)
        #expect(report.exitStatus == .terminated)
        #expect(reporter.finalReport == report)
    }
}
