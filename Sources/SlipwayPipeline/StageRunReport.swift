import SlipwayCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outcome of running a list of stages: one result per stage, in order, and whether Slipway was interrupted.
public struct StageRunReport: Sendable, Equatable {
    public var results: [StageResult]
    /// The signal Slipway received (SIGINT, SIGTERM) when the run was cancelled.
    public var interruption: Int32?

    public init(results: [StageResult], interruption: Int32? = nil) {
        self.results = results
        self.interruption = interruption
    }

    public var failed: StageResult? { results.first { $0.status == .failed } }

    /// 130 after Ctrl-C, 143 after SIGTERM, 1 when a stage failed, else 0.
    public var exitStatus: ExitStatus {
        if let interruption { return interruption == SIGINT ? .interrupted : .terminated }
        return failed == nil ? .success : .negative
    }
}
