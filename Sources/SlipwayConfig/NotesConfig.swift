import SlipwayYAML

/// The `notes:` section of `.slipway.yml`: which commits the release notes (and TestFlight's "What to Test") leave
/// out besides release commits, merges and skip-tagged ones.
public struct NotesConfig: Sendable, Equatable {
    /// Authors whose commits are not notes: one whose name or email contains one of these, ignoring case. The
    /// default leaves out the usual bots (GitHub's `[bot]` accounts, Dependabot, Renovate); `[]` keeps everyone.
    public var excludeAuthors = ["[bot]", "dependabot", "renovate"]

    public init() {}

    static let keys = ["excludeAuthors"]

    /// Whether the author `name <email>` is one whose commits stay out of the notes.
    public func excludes(name: String, email: String) -> Bool {
        let name = name.lowercased()
        let email = email.lowercased()
        return excludeAuthors.contains { pattern in
            let pattern = pattern.lowercased()
            return !pattern.isEmpty && (name.contains(pattern) || email.contains(pattern))
        }
    }
}

extension NotesConfig {
    static func read(_ node: YAMLNode, _ reader: ConfigReader) throws(YAMLError) -> NotesConfig {
        var config = NotesConfig()
        if node.isNull { return config }
        for (key, value) in try reader.mapping(node, keyPath: "notes", allowed: keys) where key == "excludeAuthors" {
            config.excludeAuthors = try reader.strings(value, keyPath: "notes.excludeAuthors")
        }
        return config
    }
}
