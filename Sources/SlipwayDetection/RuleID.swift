/// The fixed ids of the detection rules, as printed in reports and matched by CI conditions.
public enum RuleID: String, Sendable, CaseIterable {
    case messageTag = "message-tag"
    case skipTag = "skip-tag"
    case swiftFiles = "swift-files"
    case sharedCode = "shared-code"
    case buildConfig = "build-config"
}
