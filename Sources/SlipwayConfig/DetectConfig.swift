import SlipwayCore

/// The `detect:` section of `.slipway.yml`: what makes a change major.
public struct DetectConfig: Sendable, Equatable {
    /// How the build-config rule judges a change to the spec or a file it includes.
    public enum BuildConfigMode: String, Sendable, Equatable, CaseIterable {
        /// Compare the resolved project before and after: only a change to what a shipped target builds counts.
        case semantic
        /// Any change to a spec file counts.
        case paths

        static let names = allCases.map(\.rawValue)
    }

    /// What a change to the marketing version or build number alone is.
    public enum VersionOnlyMode: String, Sendable, Equatable, CaseIterable {
        /// A major change (the `version-only` rule fires).
        case major
        /// Reported, not counted: someone already bumped, and a release would bump again on top.
        case ignore

        static let names = allCases.map(\.rawValue)
    }

    /// How the shared-code rule decides that a changed file is shared.
    public enum SharedCodeMode: String, Sendable, Equatable, CaseIterable {
        /// By the targets that compile it: more than one platform, or more than one shipping app.
        case reach
        /// By folder name only (`sharedPaths`).
        case paths

        static let names = allCases.map(\.rawValue)
    }

    /// Message tags that make a commit major, matched case-insensitively anywhere in the message.
    public var tags: [String] = ["[deploy]", "[release]", "[major]"]
    /// Message tags that make a change not major whatever else fires.
    public var skipTags: [String] = ["[skip deploy]"]
    /// A change is major when more than this many Swift files changed.
    public var swiftFileThreshold: Int = 5
    /// Paths of code every platform compiles: with `sharedCode: reach`, folders added by name to what the model
    /// finds shared (the default `**/Shared/**` only where no model resolves).
    public var sharedPaths: [Glob] = DetectConfig.defaultSharedPaths
    /// Paths whose change alters the build; the spec and the files it includes are always added.
    public var buildConfigPaths: [Glob] = DetectConfig.defaultBuildConfigPaths
    /// Tags that mark a release; the latest one reachable is where an open-ended range starts.
    public var releaseTagPattern: Glob = Glob("v*")
    public var buildConfig: BuildConfigMode = .semantic
    public var versionOnly: VersionOnlyMode = .ignore
    public var sharedCode: SharedCodeMode = .reach

    public static let defaultSharedPaths: [Glob] = [Glob("**/Shared/**")]

    public static let defaultBuildConfigPaths: [Glob] = [
        "project.yml", "project.yaml", "project.json", "**/Info.plist", "**/*.entitlements", "**/*.xcconfig",
        "**/Package.resolved", "**/*.xcodeproj/project.pbxproj",
    ].map(Glob.init)

    /// The keys the file gives (the rest are defaults).
    public var given: Set<String> = []

    public init() {}

    static let keys = [
        "tags", "skipTags", "swiftFileThreshold", "sharedPaths", "buildConfigPaths", "releaseTagPattern",
        "buildConfig", "versionOnly", "sharedCode",
    ]
}
