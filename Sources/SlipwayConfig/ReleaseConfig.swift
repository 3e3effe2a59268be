/// The `release:` section of `.slipway.yml`: how a release is recorded, committed, tagged and pushed.
public struct ReleaseConfig: Sendable, Equatable {
    /// Where the manifest is written, relative to the repository root; `checksums.txt` goes beside it.
    public var manifest = ReleaseTemplate(".slipway/releases/{version}+{build}/manifest.json")
    /// Also write an in-toto statement (SLSA provenance) beside the manifest.
    public var inToto = false
    /// The release commit's message; a `Slipway-Release: {version}+{build}` trailer is always added.
    public var commitMessage = ReleaseTemplate("Release {version} ({build})")
    /// The annotated tag's name.
    public var tag = ReleaseTemplate("v{version}")
    /// Push the branch and the tag after tagging, where `git push` would (see `PushTarget`).
    public var push = false

    /// The keys the file gives (the rest are defaults), so an app's defaults do not override a written value.
    public var given: Set<String> = []

    public init() {}

    static let keys = ["manifest", "inToto", "commitMessage", "tag", "push"]

    /// The placeholders each template may use.
    static let manifestPlaceholders = ["version", "build", "commit", "app"]
    static let commitMessagePlaceholders = ["version", "build", "previousVersion", "previousBuild", "app"]
    static let tagPlaceholders = ["version", "build", "app"]
}
