import SlipwayCore

/// A stage that failed, printed after the summary: the command, how it ended, its last words, and where the log is.
public struct StageFailure: SlipwayError {
    public var result: StageResult

    public init(result: StageResult) {
        self.result = result
    }

    public var message: String {
        "stage '\(result.name)' failed: \(result.failureMessage ?? result.detail ?? "it did not pass")"
    }

    public var hint: String? {
        result.logPath.map { "the stage's full output is in \($0)" }
    }

    public var exitStatus: ExitStatus { .negative }
}
