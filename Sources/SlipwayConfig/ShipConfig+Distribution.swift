import Foundation
import SlipwayCore
import SlipwayYAML

/// `ship.sparkle:`: the Sparkle appcast a Developer ID release adds an `<item>` to, signed with Ed25519.
public struct SparkleConfig: Sendable, Equatable {
    /// The appcast XML, relative to the repository root (created when absent).
    public var feed: String
    /// Where users download the archive: `{version}`, `{build}`, `{tag}` and `{file}` are filled in.
    public var downloadURL: ReleaseTemplate
    /// `sparkle:channel` of the item; `nil`: the default channel, which every user gets.
    public var channel: String?
    /// `sparkle:minimumSystemVersion` of the item (`13.0`); `nil`: none.
    public var minimumSystemVersion: String?
    /// The environment variable holding the private key, in `generate_keys`' base64 form.
    public var privateKeyVariable = SparkleConfig.defaultPrivateKeyVariable
    /// Where the section is, for messages.
    public var location: SourceLocation?

    public static let defaultPrivateKeyVariable = "SPARKLE_PRIVATE_KEY"
    public static let placeholders = ["version", "build", "tag", "file"]

    public init(feed: String, downloadURL: ReleaseTemplate) {
        self.feed = feed
        self.downloadURL = downloadURL
    }

    static let keys = ["feed", "downloadURL", "channel", "minimumSystemVersion", "privateKeyVariable"]
}

/// `ship.github:`: a GitHub release for the pushed tag, with the notes and the packaged files.
public struct GitHubReleaseConfig: Sendable, Equatable {
    public var draft = false
    public var prerelease = false
    /// Where the key is, for messages.
    public var location: SourceLocation?

    public init(draft: Bool = false, prerelease: Bool = false) {
        self.draft = draft
        self.prerelease = prerelease
    }

    static let keys = ["draft", "prerelease"]
}

extension SparkleConfig {
    static func read(_ node: YAMLNode, _ reader: ConfigReader) throws(YAMLError) -> SparkleConfig {
        let entries = try reader.mapping(node, keyPath: "ship.sparkle", allowed: keys)
        let given = Set(entries.map(\.key))
        let missing = ["feed", "downloadURL"].filter { !given.contains($0) }
        guard missing.isEmpty else {
            throw reader.file.error(
                "'ship.sparkle' needs \(missing.map { "'\($0)'" }.joined(separator: " and "))", at: node,
                hint:
                    "for example 'feed: docs/appcast.xml' and 'downloadURL: https://example.com/releases/{tag}/{file}'"
            )
        }
        var config = SparkleConfig(feed: "", downloadURL: ReleaseTemplate(""))
        config.location = reader.file.location(node.start)
        for (key, value) in entries {
            let path = "ship.sparkle.\(key)"
            reader.collecting { () throws(YAMLError) in
                try config.read(key, value, path: path, reader)
            }
        }
        return config
    }

    private mutating func read(_ key: String, _ value: YAMLNode, path: String, _ reader: ConfigReader)
        throws(YAMLError)
    {
        switch key {
        case "feed":
            let text = try reader.string(value, keyPath: path)
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty, !text.hasPrefix("/"),
                !text.split(separator: "/").contains("..")
            else {
                throw reader.file.error(
                    "'\(path)' must be a path inside the repository, relative to its root", at: value,
                    hint: "for example docs/appcast.xml, committed where the download page serves it")
            }
            feed = text
        case "downloadURL":
            let template = try reader.template(value, keyPath: path, placeholders: SparkleConfig.placeholders)
            let lower = template.text.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else {
                throw reader.file.error(
                    "'\(path)' must be an http(s) URL, found '\(template.text)'", at: value,
                    hint: "for example https://github.com/owner/app/releases/download/{tag}/{file}")
            }
            downloadURL = template
        case "channel":
            let text = try reader.string(value, keyPath: path)
            guard !text.isEmpty, !text.contains(where: { $0.isWhitespace || $0 == "<" || $0 == "&" }) else {
                throw reader.file.error(
                    "'\(path)' must be one word, found '\(text)'", at: value,
                    hint: "for example beta; leave the key out for the default channel every user gets")
            }
            channel = text
        case "minimumSystemVersion":
            let text = try reader.string(value, keyPath: path)
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) })
            else {
                throw reader.file.error(
                    "'\(path)' must be a macOS version such as 13.0, found '\(text)'", at: value,
                    hint: "quote it (\"13.0\") or write it as the app's MACOSX_DEPLOYMENT_TARGET")
            }
            minimumSystemVersion = text
        case "privateKeyVariable":
            let text = try reader.string(value, keyPath: path)
            guard Configuration.isVariableName(text) else {
                throw reader.file.error(
                    "'\(path)' must be an environment variable's name, found '\(text)'", at: value,
                    hint: "letters, digits and '_', not starting with a digit; the default is "
                        + SparkleConfig.defaultPrivateKeyVariable)
            }
            privateKeyVariable = text
        default: break
        }
    }
}

extension GitHubReleaseConfig {
    /// `github: true` (the defaults), `github: false` (none) or `{ draft, prerelease }`.
    static func read(_ node: YAMLNode, _ reader: ConfigReader) throws(YAMLError) -> GitHubReleaseConfig? {
        var config = GitHubReleaseConfig()
        config.location = reader.file.location(node.start)
        if node.kind == .scalar, !node.isNull {
            guard let enabled = node.bool else {
                throw reader.file.error(
                    "'ship.github' must be true, false or a mapping, found '\(node.scalar)'", at: node,
                    hint: "write 'github: true', or 'github: { draft: true, prerelease: false }'")
            }
            return enabled ? config : nil
        }
        for (key, value) in try reader.mapping(node, keyPath: "ship.github", allowed: keys) {
            let path = "ship.github.\(key)"
            reader.collecting { () throws(YAMLError) in
                switch key {
                case "draft": config.draft = try reader.bool(value, keyPath: path)
                case "prerelease": config.prerelease = try reader.bool(value, keyPath: path)
                default: break
                }
            }
        }
        return config
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
