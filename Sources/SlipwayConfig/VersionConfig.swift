import SlipwayYAML

/// The `version:` section of `.slipway.yml`: which value a bump or a release chooses (where it is written is the
/// spec's business).
public struct VersionConfig: Sendable, Equatable {
    public enum Scheme: String, Sendable, CaseIterable {
        /// `major.minor.patch`, bumped by level.
        case semver
        /// `YY.MM.patch`: every marketing bump sets the current year and month, with patch 0, or patch + 1 within
        /// the same month.
        case calver
    }

    public var scheme = Scheme.semver
    /// The apps of `apps:` share one marketing version (a file every app's spec includes): the release of one
    /// app bumps it, and the release of each other app tags that version as it is.
    public var sharedByApps = false
    /// The environment variable CI gives the build number in (`BUILD_NUMBER`); `nil`: the spec's build number is
    /// the one released, and a release moves it on. When set, a release takes `--build <n>` or this variable and
    /// leaves the spec's number alone.
    public var buildNumberFrom: String?

    public init() {}

    static let keys = ["scheme", "sharedByApps", "buildNumberFrom"]

    /// Whether `name` can be an environment variable's name: a letter or `_`, then letters, digits and `_`.
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }
}

extension VersionConfig {
    static func read(_ node: YAMLNode, _ reader: ConfigReader) throws(YAMLError) -> VersionConfig {
        var config = VersionConfig()
        if node.isNull { return config }
        for (key, value) in try reader.mapping(node, keyPath: "version", allowed: keys) {
            let path = "version.\(key)"
            reader.collecting { () throws(YAMLError) in
                switch key {
                case "scheme":
                    let name = try reader.choice(value, keyPath: path, from: Scheme.allCases.map(\.rawValue))
                    config.scheme = Scheme(rawValue: name) ?? .semver
                case "sharedByApps": config.sharedByApps = try reader.bool(value, keyPath: path)
                case "buildNumberFrom":
                    let name = try reader.string(value, keyPath: path)
                    guard isVariableName(name) else {
                        throw reader.file.error(
                            "'\(path)' must name an environment variable, found '\(name)'", at: value,
                            hint: "for example BUILD_NUMBER, or GITHUB_RUN_NUMBER on GitHub Actions")
                    }
                    config.buildNumberFrom = name
                default: break
                }
            }
        }
        return config
    }
}
