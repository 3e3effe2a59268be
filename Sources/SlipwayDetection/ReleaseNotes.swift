import Foundation
import SlipwayCore
import SlipwayGit

/// The notes of a release: the subjects of the commits since the previous one, grouped as Conventional Commits
/// type them, breaking changes first. Release commits (a `Slipway-Release` trailer), commits tagged to skip
/// deployment (`detect.skipTags`, `[skip deploy]`) and merge commits are left out, and the message tags that ask for a
/// release (`detect.tags`, `[deploy]`) are taken out of the subjects: they speak to Slipway, not to testers.
///
/// A value: `slipway notes` prints it, and a release can hand the same value to the manifest and to TestFlight's
/// "What to Test", trimmed to its 4,000-character limit.
public struct ReleaseNotes: Sendable, Equatable {
    public enum Group: String, Sendable, CaseIterable {
        case breaking = "Breaking changes"
        case features = "Features"
        case fixes = "Fixes"
        case other = "Other"
    }

    public struct Entry: Sendable, Equatable {
        public var group: Group
        /// The subject without its `type(scope):` prefix; the scope is kept in front (`ui: …`).
        public var subject: String
        public var commit: OID
    }

    /// Newest first within each group, as `git log` lists them.
    public var entries: [Entry]
    /// The release tag the notes start after, `nil` for all history.
    public var since: String?
    public var head: OID

    /// TestFlight's limit for "What to Test".
    public static let defaultMaxBytes = 4000

    public init(commits: [Commit], skipTags: [String], tags: [String] = [], since: String?, head: OID) {
        self.since = since
        self.head = head
        entries = commits.compactMap { ReleaseNotes.entry(for: $0, skipTags: skipTags, tags: tags) }
    }

    /// The types of the Conventional Commits specification and its common Angular set.
    static let conventionalTypes: Set<String> = [
        "feat", "fix", "docs", "chore", "refactor", "perf", "test", "tests", "build", "ci", "style", "revert",
    ]

    static func entry(for commit: Commit, skipTags: [String], tags: [String] = []) -> Entry? {
        guard !commit.isMerge, !commit.subject.isEmpty else { return nil }
        if commit.isRelease { return nil }
        let message = CommitMessage(commit.message)
        if !message.tags(from: skipTags).isEmpty { return nil }
        // A subject is shown as text, so no control character (an escape sequence) gets through to a terminal.
        let subject = withoutTags(
            String(
                String.UnicodeScalarView(
                    commit.subject.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 })),
            tags)
        guard !subject.isEmpty else { return nil }
        let type = CommitMessage.conventionalType(Substring(subject))
        let group: Group
        if message.bumpLevel == .major {
            group = .breaking
        } else {
            switch type?.name {
            case "feat": group = .features
            case "fix": group = .fixes
            default: group = .other
            }
        }
        // Only a Conventional Commits type is a prefix to drop: `README: …` keeps its first word.
        let conventional = type.map { ReleaseNotes.conventionalTypes.contains($0.name) } ?? false
        return Entry(group: group, subject: conventional ? description(subject) : subject, commit: commit.id)
    }

    /// `Fix the badge [deploy]` → `Fix the badge`: each tag taken out wherever it is (ignoring case), and the spaces
    /// it leaves folded.
    static func withoutTags(_ subject: String, _ tags: [String]) -> String {
        var text = subject
        for tag in tags where !tag.isEmpty {
            while let range = text.range(of: tag, options: .caseInsensitive) { text.removeSubrange(range) }
        }
        guard text != subject else { return subject }
        return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// `feat(ui)!: Pin notes` → `ui: Pin notes`.
    static func description(_ header: String) -> String {
        guard let colon = header.firstIndex(of: ":") else { return header }
        let prefix = header[..<colon]
        let rest = header[header.index(after: colon)...].drop { $0 == " " }
        guard let open = prefix.firstIndex(of: "("), let close = prefix.lastIndex(of: ")"), open < close else {
            return String(rest)
        }
        return "\(prefix[prefix.index(after: open)..<close]): \(rest)"
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The entries of each non-empty group, in display order.
    public var grouped: [(group: Group, entries: [Entry])] {
        Group.allCases.compactMap { group in
            let members = entries.filter { $0.group == group }
            return members.isEmpty ? nil : (group, members)
        }
    }
}
