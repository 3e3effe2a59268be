import SlipwayCore

/// The `detect:` section of `.slipway.yml`: what makes a change major.
public struct DetectConfig: Sendable, Equatable {
    /// Message tags that make a commit major, matched case-insensitively anywhere in the message.
    public var tags: [String] = ["[deploy]", "[release]", "[major]"]
    /// Message tags that make a change not major whatever else fires.
    public var skipTags: [String] = ["[skip deploy]"]
    /// A change is major when more than this many Swift files changed.
    public var swiftFileThreshold: Int = 5
    /// Paths of code every platform compiles.
    public var sharedPaths: [Glob] = [Glob("**/Shared/**")]
    /// Paths whose change alters the build; the spec and the files it includes are always added.
    public var buildConfigPaths: [Glob] = DetectConfig.defaultBuildConfigPaths
    /// Tags that mark a release; the latest one reachable is where an open-ended range starts.
    public var releaseTagPattern: Glob = Glob("v*")

    public static let defaultBuildConfigPaths: [Glob] = [
        "project.yml", "project.yaml", "project.json", "**/Info.plist", "**/*.entitlements", "**/*.xcconfig",
    ].map(Glob.init)

    /// The keys the file gives (the rest are defaults).
    public var given: Set<String> = []

    public init() {}

    static let keys = [
        "tags", "skipTags", "swiftFileThreshold", "sharedPaths", "buildConfigPaths", "releaseTagPattern",
    ]
}
