/// How a child process ended.
public struct ProcessOutcome: Sendable, Equatable {
    public enum Termination: Sendable, Equatable {
        /// The program called `exit` with this code.
        case exited(Int32)
        /// A signal ended the program.
        case signaled(Int32)
        /// The exit status was lost (something else in this process reaped the child); never counted as success.
        case unknown
    }

    /// Why Slipway stopped the child, when it did.
    public enum Stop: Sendable, Equatable {
        case timedOut
        /// Slipway itself received this signal (Ctrl-C is SIGINT).
        case cancelled(Int32)
    }

    public var termination: Termination
    public var stop: Stop?
    /// Seconds from spawn to exit.
    public var duration: Double
    /// The last lines the child wrote to standard error, for failure messages.
    public var standardErrorTail: String

    public init(termination: Termination, stop: Stop? = nil, duration: Double, standardErrorTail: String = "") {
        self.termination = termination
        self.stop = stop
        self.duration = duration
        self.standardErrorTail = standardErrorTail
    }

    public var succeeded: Bool { termination == .exited(0) && stop == nil }

    public var exitCode: Int32? {
        if case .exited(let code) = termination { return code }
        return nil
    }

    public var signal: Int32? {
        if case .signaled(let signal) = termination { return signal }
        return nil
    }
}
