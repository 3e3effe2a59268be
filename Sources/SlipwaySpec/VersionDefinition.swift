import SlipwayCore
import SlipwayYAML

/// One place in the spec that defines the marketing version or the build number.
///
/// A value written once and reused through YAML anchors (`*v`, `<<: *v`) is one definition: `keyPath` says where its
/// text is written (where an edit goes) and `usedBy` lists the settings that take it through an alias or merge key.
public struct VersionDefinition {
    public enum Kind: String, Sendable, CaseIterable {
        /// `MARKETING_VERSION`, `CFBundleShortVersionString`: what users see (2.4.1).
        case marketing
        /// `CURRENT_PROJECT_VERSION`, `CFBundleVersion`: the build number (118).
        case build

        /// The setting names that define this kind, build setting first.
        public var settings: [String] {
            switch self {
            case .marketing: return ["MARKETING_VERSION", "CFBundleShortVersionString"]
            case .build: return ["CURRENT_PROJECT_VERSION", "CFBundleVersion"]
            }
        }

        /// How reports name it.
        public var title: String {
            switch self {
            case .marketing: return "marketing version"
            case .build: return "build number"
            }
        }
    }

    public var kind: Kind
    /// The setting name as written (`MARKETING_VERSION`, `CFBundleVersion`, …).
    public var setting: String
    /// Index of the file in `LoadedSpec.documents`.
    public var documentIndex: Int
    /// The scalar holding the value (for an alias, the anchored node).
    public var node: YAMLNode
    /// Where the value's text is written: `targets.NotesWatch.settings.base.MARKETING_VERSION`.
    public var keyPath: String
    /// Other settings that take this same value through an alias or a merge key.
    public var usedBy: [String]
    /// The value as written (without quotes).
    public var value: String
    /// `$(MARKETING_VERSION)`, `${APP_VERSION}`: a reference to another setting or to the environment, never rewritten.
    public var isReference: Bool
    /// For an unquoted number that YAML reads differently from its text (`1.10` → 1.1): what parsers see.
    public var misread: String?
    /// The `file:line:column` of the value's text.
    public var location: SourceLocation

    /// Whether a value refers to something else instead of being a version itself.
    static func isReference(_ value: String) -> Bool {
        value.contains("$(") || value.contains("${")
    }
}
