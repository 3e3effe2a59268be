import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall-clock time for records and a monotonic clock for durations and deadlines.
///
/// Behind a protocol so reports and manifests can be tested with fixed times.
public protocol Clock: Sendable {
    /// The current date, for start times people read.
    func now() -> Date
    /// Seconds on a clock that never jumps (NTP, daylight saving), for durations and timeouts.
    func uptime() -> Double
}

/// The system's clocks.
public struct SystemClock: Clock {
    public init() {}

    public func now() -> Date { Date() }

    public func uptime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
