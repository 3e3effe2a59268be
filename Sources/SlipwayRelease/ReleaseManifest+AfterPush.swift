import SlipwayCore

extension ReleaseManifest {
    /// The state of a release's after-push stages, which run once the release is committed, tagged and pushed.
    public struct AfterPush: Sendable, Equatable {
        public enum Status: String, Sendable {
            /// Not run yet (the release is recorded before they start).
            case pending
            case passed
            /// One failed: the release stands, and `retry` runs the rest again.
            case failed
        }

        public var status: Status
        public var stages: [String]
        public var failure: Failure?
        /// The command that picks up after a failure.
        public var retry: String?

        public init(status: Status, stages: [String], failure: Failure? = nil, retry: String? = nil) {
            self.status = status
            self.stages = stages
            self.failure = failure
            self.retry = retry
        }

        var json: JSON {
            .object([
                "status": .string(status.rawValue),
                "stages": .array(stages.map { .string($0) }),
                "failure": failure.map { .object(["stage": .string($0.stage), "message": .string($0.message)]) }
                    ?? .null,
                "retry": .string(retry),
            ])
        }
    }
}
