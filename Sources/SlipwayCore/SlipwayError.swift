/// What the process exit code means (README.md and docs/commands.md, "Exit codes").
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// A negative verdict: no major change under `--exit-code`, a failed stage, versions that disagree.
    case negative = 1
    /// Bad input or environment: not a repository, unknown revision, invalid configuration.
    case badInput = 2
    /// The command line itself is wrong.
    case usage = 64
    /// Stopped by Ctrl-C (SIGINT) after cleaning up, as shells report it (128 + 2).
    case interrupted = 130
    /// Stopped by SIGTERM after cleaning up (128 + 15).
    case terminated = 143
}

/// An error a user can cause, with everything needed to print it well.
///
/// Every module's error type conforms, so the command line prints them all the same way: the message (with
/// `file:line:column` first when there is a location), the offending source line with a caret, then a hint.
public protocol SlipwayError: Error, CustomStringConvertible {
    var message: String { get }
    var location: SourceLocation? { get }
    /// The source line the location points into, shown under the message with a caret.
    var sourceLine: String? { get }
    var hint: String? { get }
    var exitStatus: ExitStatus { get }
    /// The complete, multi-line text written to stderr.
    var rendered: String { get }
}

extension SlipwayError {
    public var location: SourceLocation? { nil }
    public var sourceLine: String? { nil }
    public var hint: String? { nil }
    public var exitStatus: ExitStatus { .badInput }

    /// The complete, multi-line rendering written to stderr.
    public var rendered: String { rendered(severity: "error") }

    /// The same problem reported without stopping: `file:line:column: warning: …` (or `Warning: …`), line and caret.
    public var renderedAsWarning: String { rendered(severity: "warning") }

    private func rendered(severity: String) -> String {
        var text = ""
        if let location {
            text = "\(location): \(severity): \(message)"
            if let sourceLine {
                text += "\n\(sourceLine)\n"
                // Keep tabs so the caret lines up under the same column on any terminal.
                let prefix = sourceLine.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
                text += prefix + "^"
            }
        } else {
            text = "\(severity.prefix(1).uppercased())\(severity.dropFirst()): \(message)"
        }
        if let hint { text += "\nhint: \(hint)" }
        return text
    }

    public var description: String { rendered }
}

/// A generic error for conditions that have no richer type of their own.
public struct Failure: SlipwayError {
    public var message: String
    public var hint: String?
    public var exitStatus: ExitStatus

    public init(_ message: String, hint: String? = nil, exitStatus: ExitStatus = .badInput) {
        self.message = message
        self.hint = hint
        self.exitStatus = exitStatus
    }
}

extension SlipwayError {
    /// The error as one line (`.slipway.yml:3:11: message (hint)`), for hooks, which must not flood git's output.
    public var oneLine: String {
        let location = location.map { "\($0): " } ?? ""
        let hint = hint.map { " (\($0.replacingOccurrences(of: "\n", with: " ")))" } ?? ""
        return location + message + hint
    }
}
