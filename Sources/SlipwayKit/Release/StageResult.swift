import Foundation
import SlipwayCore

/// How one stage of a run ended, as the stage runner reports it and the manifest records it.
public struct StageResult: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        /// Exited 0.
        case passed
        /// Exited non-zero, was killed, timed out, or could not start.
        case failed
        /// Not run: its `when` did not apply, or an earlier stage failed.
        case skipped
        /// Stopped by Ctrl-C or SIGTERM to slipway.
        case cancelled
    }

    public var name: String
    /// The command line as configured (run by `/bin/sh -c`).
    public var command: String
    public var status: Status
    /// The exit status, or `nil` when the stage did not run or was ended by a signal.
    public var exitCode: Int32?
    public var startedAt: Date?
    public var durationSeconds: Double?
    /// The stage's full output, relative to the repository root.
    public var logPath: String?
    /// Why it ended as it did, when the status alone does not say ("timed out after 600 s", "killed by SIGKILL").
    public var detail: String?

    public init(name: String, command: String, status: Status, exitCode: Int32? = nil, startedAt: Date? = nil,
                durationSeconds: Double? = nil, logPath: String? = nil, detail: String? = nil) {
        self.name = name
        self.command = command
        self.status = status
        self.exitCode = exitCode
        self.startedAt = startedAt
        self.durationSeconds = durationSeconds
        self.logPath = logPath
        self.detail = detail
    }

    var json: JSON {
        .object([
            "name": .string(name),
            "command": .string(command),
            "status": .string(status.rawValue),
            "exitCode": exitCode.map { .int(Int($0)) } ?? .null,
            "startedAt": .string(startedAt.map { UTCTimestamp.string($0, fractional: true) }),
            // Milliseconds are as precise as a stage's timing means anything.
            "durationSeconds": durationSeconds.map { .double(($0 * 1000).rounded() / 1000) } ?? .null,
            "log": .string(logPath),
            "detail": .string(detail),
        ])
    }
}
