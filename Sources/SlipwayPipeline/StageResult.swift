import Foundation
import SlipwayCore

/// What happened to one stage in a run: the record a summary, a CI annotation and a release manifest are made of.
public struct StageResult: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable {
        case passed, failed, skipped, cancelled
    }

    public var name: String
    public var command: String
    public var status: Status
    /// The exit code of the program that ended the stage, when it exited.
    public var exitCode: Int32?
    /// The signal that ended it, when one did.
    public var signal: Int32?
    /// When the stage started; `nil` for a stage that never ran.
    public var startedAt: Date?
    /// Seconds the stage ran (0 for one that never ran).
    public var duration: Double
    /// The stage's log, relative to the repository root when inside it.
    public var logPath: String?
    /// A few words on why the stage did not pass: "exited with code 3", "timed out after 5.00 s", "not a major change".
    public var detail: String?
    /// For a failure: the shell-quoted command, how it ended, and the tail of its standard error.
    public var failureMessage: String?

    public init(
        name: String, command: String, status: Status, exitCode: Int32? = nil, signal: Int32? = nil,
        startedAt: Date? = nil, duration: Double = 0, logPath: String? = nil, detail: String? = nil,
        failureMessage: String? = nil
    ) {
        self.name = name
        self.command = command
        self.status = status
        self.exitCode = exitCode
        self.signal = signal
        self.startedAt = startedAt
        self.duration = duration
        self.logPath = logPath
        self.detail = detail
        self.failureMessage = failureMessage
    }

    /// The manifest's form (see schemas/manifest.schema.json): every field present, `null` when unknown; times in
    /// UTC ISO 8601 with milliseconds; the duration in seconds, `null` for a stage that never ran.
    public var json: JSON {
        .object([
            "name": .string(name),
            "command": .string(command),
            "status": .string(status.rawValue),
            "exitCode": exitCode.map { .int(Int($0)) } ?? .null,
            "signal": signal.map { .int(Int($0)) } ?? .null,
            "startedAt": .string(startedAt.map { UTCTimestamp.string($0, fractional: true) }),
            // Milliseconds are as precise as a stage's timing means anything.
            "durationSeconds": startedAt == nil ? .null : .double((duration * 1000).rounded() / 1000),
            "log": .string(logPath),
            "detail": .string(detail),
        ])
    }
}
