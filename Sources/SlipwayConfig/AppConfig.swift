import SlipwayCore

/// One entry of `apps:` in `.slipway.yml`: an app the repository versions, tags and releases on its own.
///
/// Several apps can share one spec (each owning some of its targets) or each have their own
/// (`Apps/<Brand>/project.yml`, a white-label layout).
public struct AppConfig: Sendable, Equatable {
    /// How commands name it (`--app holder`), tags and manifest folders use it.
    public var name: String
    /// The XcodeGen spec, relative to the repository root.
    public var spec: String
    /// XcodeGen's `--project-root`, relative to the repository root.
    public var projectRoot: String?
    /// The targets whose versions belong to this app; `nil`: every target of its spec.
    public var targets: [String]?
    /// The release tag; `nil`: `v{version}` for one app, `{app}-v{version}` for several.
    public var tag: ReleaseTemplate?
    /// The tags that are this app's releases; `nil`: derived from the tag (`holder-v*`).
    public var releaseTagPattern: Glob?
    /// Where the entry is written, for messages.
    public var location: SourceLocation?

    public init(name: String, spec: String) {
        self.name = name
        self.spec = spec
    }

    static let keys = ["name", "spec", "projectRoot", "targets", "tag", "releaseTagPattern"]

    /// The tag template with `{app}` filled in; `several` says whether `apps:` lists more than this one.
    public func tagTemplate(several: Bool, configured: ReleaseConfig) -> ReleaseTemplate {
        let template =
            tag
            ?? (several ? ReleaseTemplate("{app}-v{version}") : configured.given.contains("tag") ? configured.tag : nil)
            ?? ReleaseTemplate("v{version}")
        return ReleaseTemplate(template.render(["app": name]))
    }

    /// The pattern its release tags match: as given, else the tag with every placeholder as `*`.
    public func tagPattern(several: Bool, configured: ReleaseConfig, detect: DetectConfig) -> Glob {
        if let releaseTagPattern { return releaseTagPattern }
        if !several, tag == nil, detect.given.contains("releaseTagPattern") { return detect.releaseTagPattern }
        return AppConfig.pattern(of: tagTemplate(several: several, configured: configured))
    }

    /// `holder-v{version}` → `holder-v*`.
    static func pattern(of template: ReleaseTemplate) -> Glob {
        var values: [String: String] = [:]
        for name in template.placeholders { values[name] = "*" }
        return Glob(template.render(values))
    }

    /// Whether `name` can be a tag prefix and a folder: letters, digits, `.`, `_` and `-`, not starting with `.`.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.hasPrefix("-")
            && name.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
                    || "._-".unicodeScalars.contains($0)
            }
    }
}
