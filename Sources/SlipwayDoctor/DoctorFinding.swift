import SlipwayCore

/// One problem the doctor found: which rule, how bad, where, what, and the one-line fix.
public struct DoctorFinding: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable, Equatable, Comparable {
        case error, warning

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .error && rhs == .warning
        }
    }

    public var rule: DoctorRule
    public var severity: Severity
    public var location: SourceLocation
    public var message: String
    public var fix: String

    public init(
        _ rule: DoctorRule, _ message: String, at location: SourceLocation, fix: String, severity: Severity? = nil
    ) {
        self.rule = rule
        self.severity = severity ?? rule.defaultSeverity
        self.location = location
        self.message = message
        self.fix = fix
    }

    /// `file:line:column: error: message [rule-id]` and the fix on the next line, as a compiler prints a note.
    public var description: String {
        "\(location): \(severity.rawValue): \(message.cQuotedIfNeeded) [\(rule.rawValue)]\n    fix: \(fix.cQuotedIfNeeded)"
    }
}
