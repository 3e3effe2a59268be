import Foundation
import SlipwayCore

/// Polls a build's processing state until App Store Connect finishes with it, with a progress line and a limit.
struct BuildProcessingWait {
    let queries: TestFlightQueries
    /// Seconds between polls.
    let interval: Double
    /// Seconds before giving up.
    let timeout: Double

    /// The build once it is `VALID`; `FAILED`/`INVALID` and the timeout are errors. A build not listed yet (Apple
    /// takes a while to show an upload) counts as waiting.
    func wait(
        appID: String, version: String, number: String, progress: (String) -> Void
    ) throws -> TestFlightQueries.Build {
        let clock = queries.client.clock
        let start = clock.uptime()
        var lastState = ""
        while true {
            // A token per poll: a long wait must not outlive one.
            queries.client.beginBatch()
            let build = try queries.builds(appID: appID, version: version, number: number).first {
                $0.number == number
            }
            let state = build?.processingState ?? "not listed yet"
            let elapsed = clock.uptime() - start
            progress("build \(number): \(state) (\(DurationFormat.text(elapsed)))")
            lastState = state
            if let build, state == "VALID" { return build }
            if state == "FAILED" || state == "INVALID" {
                throw ASCError.processingFailed(build: number, state: state)
            }
            guard elapsed + interval <= timeout else {
                throw ASCError.waitTimedOut(build: number, state: lastState, seconds: Int(timeout))
            }
            queries.client.pause(interval)
        }
    }
}
