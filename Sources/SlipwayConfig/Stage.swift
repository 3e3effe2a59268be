import SlipwayCore

/// One step of the pipeline: what to run, where, for how long, with which extra environment, and when.
public struct Stage: Sendable, Equatable, Codable {
    public enum Command: Sendable, Equatable, Codable {
        /// A command line from `.slipway.yml`, run by `/bin/sh -c`.
        case shell(String)
        /// Programs run one after another from argv arrays (the derived defaults), stopping at the first failure.
        case programs([[String]])
    }

    public enum When: String, Sendable, CaseIterable, Codable {
        /// Every run.
        case always
        /// Only when the change being released is major (`slipway run --major`, or a release that detect calls major).
        case major
    }

    /// When a release runs the stage: before its commit (build, test, archive), or after the tag is pushed
    /// (upload), so what leaves the machine is committed and tagged. `slipway run` runs both.
    public enum Phase: String, Sendable, CaseIterable, Codable {
        case beforeCommit = "before-commit"
        case afterPush = "after-push"
    }

    public var name: String
    public var command: Command
    /// Relative to the repository root (or absolute); `nil` runs in the root.
    public var workingDirectory: String?
    /// Seconds before the stage's process group is stopped; `nil` for no limit.
    public var timeout: Double?
    /// Extra variables from `env:`; Slipway's own `SLIPWAY_*` values are added on top.
    public var environment: [String: String]
    public var when: When
    public var phase: Phase = .beforeCommit
    /// Files the stage writes before its programs run (a derived export's `ExportOptions.plist`): planned bytes.
    public var files: [StageFile] = []
    /// Secrets the programs need as files, written privately when the stage runs (never part of the plan).
    public var secretFiles: [StageSecretFile] = []
    /// Where the stage is defined in `.slipway.yml`, for messages.
    public var location: SourceLocation?
    /// `uses:`: the stage runs a derived command set (its `command` is filled in when the plan is resolved).
    public var uses: StageUses?

    public init(
        name: String, command: Command, workingDirectory: String? = nil, timeout: Double? = nil,
        environment: [String: String] = [:], when: When = .always, phase: Phase = .beforeCommit,
        location: SourceLocation? = nil
    ) {
        self.phase = phase
        self.name = name
        self.command = command
        self.workingDirectory = workingDirectory
        self.timeout = timeout
        self.environment = environment
        self.when = when
        self.location = location
    }

    /// The argv arrays the stage runs, in order.
    public var invocations: [[String]] {
        switch command {
        case .shell(let line): return [["/bin/sh", "-c", line]]
        case .programs(let programs): return programs
        }
    }

    /// The command as people read it: the `run:` line itself, or the shell-quoted programs joined by `&&`.
    public var displayCommand: String {
        switch command {
        case .shell(let line): return line
        case .programs(let programs): return programs.map { Shell.quote($0) }.joined(separator: " && ")
        }
    }

    /// Stage names become log file names and appear in CI annotations: keep them to a safe alphabet.
    static func isValidName(_ name: String) -> Bool {
        func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        guard let first = name.unicodeScalars.first, isAlphanumeric(first) else { return false }
        return name.unicodeScalars.allSatisfy { isAlphanumeric($0) || "._-".unicodeScalars.contains($0) }
    }
}
