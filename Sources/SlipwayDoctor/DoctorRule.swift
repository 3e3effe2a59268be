/// The checks of `slipway doctor`, by the fixed id reports print, SARIF names and `doctor.disable` switches off.
public enum DoctorRule: String, Sendable, CaseIterable {
    // What XcodeGen refuses.
    case missingSource = "missing-source"
    case missingConfigFile = "missing-config-file"
    case unknownSchemeTarget = "unknown-scheme-target"
    case unknownDependency = "unknown-dependency"
    // What App Store Connect refuses or warns about.
    case watchBundleID = "watch-bundle-id"
    case watchCompanionID = "watch-companion-id"
    case versionMismatch = "version-mismatch"
    case infoVersionLiteral = "info-version-literal"
    case emptyUsageDescription = "empty-usage-description"
    case missingEncryptionKey = "missing-encryption-key"
    case missingPrivacyManifest = "missing-privacy-manifest"
    // The layout of multi-platform apps.
    case platformImport = "platform-import"
    // A generated project the repository commits.
    case staleProject = "stale-project"

    /// The severity of most findings; a rule may report some findings at another level (see each check).
    public var defaultSeverity: DoctorFinding.Severity {
        switch self {
        case .missingSource, .missingConfigFile, .unknownSchemeTarget, .unknownDependency, .watchBundleID,
            .watchCompanionID, .platformImport, .infoVersionLiteral, .emptyUsageDescription:
            return .error
        case .versionMismatch, .missingEncryptionKey, .missingPrivacyManifest, .staleProject:
            return .warning
        }
    }

    /// One sentence: what the rule checks and why it matters (SARIF's `shortDescription`; docs/commands.md lists
    /// the rules).
    public var summary: String {
        switch self {
        case .missingSource: return "A target's source path does not exist and is not optional: XcodeGen refuses it."
        case .missingConfigFile: return "A configFiles entry names a file that does not exist: XcodeGen refuses it."
        case .unknownSchemeTarget: return "A scheme names a target the spec does not define: XcodeGen refuses it."
        case .unknownDependency: return "A target depends on a target the spec does not define: XcodeGen refuses it."
        case .watchBundleID:
            return "A watch app's bundle id does not extend its iOS app's (App Store Connect: ITMS-90376)."
        case .watchCompanionID:
            return "A watch app's WKCompanionAppBundleIdentifier is not its iOS app's bundle id."
        case .versionMismatch:
            return "An app's extensions or watch app have other versions than the app (App Store Connect: ITMS-90473)."
        case .infoVersionLiteral:
            return "info: regenerates CFBundleShortVersionString/CFBundleVersion as literals (XcodeGen #1455)."
        case .emptyUsageDescription:
            return "A usage-description string is empty (App Store Connect: ITMS-90738)."
        case .missingEncryptionKey:
            return "ITSAppUsesNonExemptEncryption is missing: every TestFlight build waits for export compliance."
        case .missingPrivacyManifest: return "An app target has no PrivacyInfo.xcprivacy among its sources."
        case .platformImport:
            return "A file compiled for several platforms imports UIKit, AppKit or WatchKit outside #if."
        case .staleProject:
            return "The committed .xcodeproj is older than a spec change: builds of it miss that change."
        }
    }
}
