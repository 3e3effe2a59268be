import SlipwayGit
import SlipwayWorkspace

/// The judgement of a commit or a range: is it a major change, why, and how far to bump.
public struct Verdict: Sendable {
    /// One rule that fired, with what fired it.
    public struct Reason: Sendable, Equatable {
        public var rule: RuleID
        public var message: String
        /// Matching paths (shared-code, build-config, swift-files).
        public var paths: [String] = []
        /// For message and skip tags: the tag and the commit that carries it.
        public var tags: [TagHit] = []
        /// For swift-files: how many changed, and the threshold.
        public var count: Int?
        public var threshold: Int?
        /// For shared-code: the platforms of the targets that compile the shared paths (when the spec was read).
        public var platforms: [String] = []
        /// For shared-code: the shipping apps that compile the shared paths, when more than one.
        public var apps: [String] = []
        /// For build-config and version-only: the shipped targets whose generated definition changes.
        public var targets: [String] = []
        /// What the rule compared, for the rules that judge files: the project models, or paths by name.
        public var basis: Basis?
    }

    /// How a file rule decided: from the resolved project models, or from paths alone.
    public enum Basis: String, Sendable, Equatable {
        case model
        case paths
    }

    public struct TagHit: Sendable, Equatable {
        public var tag: String
        public var commit: OID
        public var subject: String
    }

    /// How the base of the range was chosen (only for `--base/--head`).
    public typealias BaseSource = RangeBaseSource

    public var major: Bool
    public var bump: BumpLevel
    public var base: OID?
    public var head: OID
    public var baseSource: BaseSource
    /// The release tag the range starts from, when the base fell back to one.
    public var baseTag: String?
    public var commits: [Commit]
    public var files: [FileChange]
    public var swiftFileCount: Int
    public var reasons: [Reason]
    /// Rules that were checked and did not fire, with a one-line explanation of each.
    public var quietRules: [(rule: RuleID, explanation: String)]
    /// Remarks about how the range was chosen (a force push, a missing base).
    public var notes: [String]

    public func reason(_ rule: RuleID) -> Reason? {
        reasons.first { $0.rule == rule }
    }
}
