#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program that could not be started at all (not found, missing working directory).
public struct ProcessLaunchError: SlipwayError {
    public var arguments: [String]
    public var reason: String
    /// The program does not exist, which a shell reports as exit code 127.
    public var notFound = false
    public var hint: String?

    public init(arguments: [String], reason: String, notFound: Bool = false, hint: String? = nil) {
        self.arguments = arguments
        self.reason = reason
        self.notFound = notFound
        self.hint = hint
    }

    public var message: String { "cannot run \(Shell.quote(arguments)): \(reason)" }
    public var exitStatus: ExitStatus { .negative }
}

/// A program that ran and failed: the command as a shell would need it, how it ended, and what it last said.
public struct ProcessFailure: SlipwayError {
    public var arguments: [String]
    public var outcome: ProcessOutcome
    /// The timeout that was exceeded, for the message.
    public var timeout: Double?
    public var hint: String?

    public init(arguments: [String], outcome: ProcessOutcome, timeout: Double? = nil, hint: String? = nil) {
        self.arguments = arguments
        self.outcome = outcome
        self.timeout = timeout
        self.hint = hint
    }

    public var exitStatus: ExitStatus { .negative }

    public var message: String {
        var text = "\(Shell.quote(arguments)) \(ProcessFailure.describe(outcome, timeout: timeout))"
        if !outcome.standardErrorTail.isEmpty {
            text += "\n" + ProcessFailure.renderedTail(outcome.standardErrorTail)
        }
        return text
    }

    /// The tail of a program's standard error as failure messages show it: a heading, then each line after `  | `.
    public static func renderedTail(_ tail: String) -> String {
        "last lines of standard error:\n"
            + tail.split(separator: "\n", omittingEmptySubsequences: false).map { "  | " + $0 }.joined(separator: "\n")
    }

    /// "exited with code 3", "was killed by SIGKILL (signal 9)", "timed out after 10.0 s (stopped with SIGTERM)".
    public static func describe(_ outcome: ProcessOutcome, timeout: Double? = nil) -> String {
        let ending: String
        switch outcome.termination {
        case .exited(let code): ending = "exited with code \(code)"
        case .signaled(let number): ending = "was killed by \(signalName(number)) (signal \(number))"
        case .unknown: ending = "ended with an unknown status"
        }
        let stopped: String
        switch outcome.termination {
        case .signaled(let number): stopped = "stopped with \(signalName(number))"
        case .exited(let code): stopped = "then exited with code \(code)"
        case .unknown: stopped = "then ended"
        }
        switch outcome.stop {
        case .timedOut:
            return "timed out" + (timeout.map { " after \(DurationFormat.text($0))" } ?? "") + " (\(stopped))"
        case .cancelled(let number):
            return "cancelled by \(signalName(number)) (\(stopped))"
        case nil:
            return ending
        }
    }

    public static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGHUP: return "SIGHUP"
        case SIGINT: return "SIGINT"
        case SIGQUIT: return "SIGQUIT"
        case SIGILL: return "SIGILL"
        case SIGABRT: return "SIGABRT"
        case SIGKILL: return "SIGKILL"
        case SIGSEGV: return "SIGSEGV"
        case SIGPIPE: return "SIGPIPE"
        case SIGALRM: return "SIGALRM"
        case SIGTERM: return "SIGTERM"
        case SIGBUS: return "SIGBUS"
        case SIGUSR1: return "SIGUSR1"
        case SIGUSR2: return "SIGUSR2"
        default: return "signal \(number)"
        }
    }
}
