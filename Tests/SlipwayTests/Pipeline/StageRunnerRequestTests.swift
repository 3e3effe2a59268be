import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
import Testing

@Suite("stage runner: requests")
struct StageRunnerRequestTests {
    @Test("each program gets the stage's argv, absolute folder, remaining timeout, log and full environment")
    func requests() throws {
        let folder = TemporaryDirectory("slipway-requests")
        let fake = RecordingProcessRunner()
        let runner = StageRunner(processRunner: fake, clock: FixedDateClock())
        var options = StageRunner.Options(
            root: folder.url, logDirectory: folder.url.appendingPathComponent("logs"),
            baseEnvironment: ["PATH": "/usr/bin:/bin", "HOME": "/home/me", "OVERRIDE": "base"])
        options.killGracePeriod = 7
        let stages = [
            Stage(
                name: "gen", command: .programs([["xcodegen", "generate"], ["xcodebuild", "-list"]]), timeout: 100),
            Stage(name: "sh", command: .shell("make"), workingDirectory: "App", environment: ["OVERRIDE": "stage"]),
        ]
        let environment = StageEnvironment(
            version: "2.0", build: "9", commit: "c", branch: "b", major: true, root: folder.path,
            outputDirectory: "/out", extra: ["SLIPWAY_TAG": "v2.0"])
        let report = runner.run(stages, environment: environment, options: options, reporter: RecordingReporter())
        #expect(report.results.map(\.status) == [.passed, .passed])
        let requests = fake.requests
        #expect(
            requests.map(\.arguments) == [
                ["xcodegen", "generate"], ["xcodebuild", "-list"], ["/bin/sh", "-c", "make"],
            ])
        #expect(
            requests[0].workingDirectory == folder.url.standardizedFileURL.path
                || requests[0].workingDirectory == folder.path)
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
