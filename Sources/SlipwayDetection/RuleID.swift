/// The fixed ids of the detection rules, as printed in reports and matched by CI conditions.
public enum RuleID: String, Sendable, CaseIterable {
    case messageTag = "message-tag"
    case skipTag = "skip-tag"
    case swiftFiles = "swift-files"
    case sharedCode = "shared-code"
    case buildConfig = "build-config"
    /// A change to the marketing version or build number alone: reported, and major only with
    /// `detect.versionOnly: major`.
    case versionOnly = "version-only"
    /// A commit `slipway release` made (the `Slipway-Release:` trailer): never a major change.
    case releaseCommit = "release-commit"
}
