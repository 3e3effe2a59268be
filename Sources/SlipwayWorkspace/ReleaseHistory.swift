import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit

/// The one answer to "which release came before, and what has happened since": release tags are the tags matching
/// `detect.releaseTagPattern`, and the previous release is the latest of them reachable from a commit. `detect`
/// (CI's new branches), `run` (is HEAD major?), `bump auto`, the pre-push hook, `manifest` and `release` all ask here.
public struct ReleaseHistory {
    public let repository: Repository
    public let pattern: Glob

    public init(repository: Repository, pattern: Glob) {
        self.repository = repository
        self.pattern = pattern
    }

    public init(repository: Repository, configuration: Configuration) {
        self.init(repository: repository, pattern: configuration.detect.releaseTagPattern)
    }

    /// A release tag and the commit it names.
    public struct Release: Sendable, Equatable {
        public var name: String
        public var commit: OID

        public init(name: String, commit: OID) {
            self.name = name
            self.commit = commit
        }
    }

    /// The latest release reachable from `head`; with `excludingHead`, tags on `head` itself do not count (`head`
    /// is the release being recorded).
    public func previousRelease(before head: OID, excludingHead: Bool = false) throws(GitError) -> Release? {
        guard let found = try repository.latestTag(matching: pattern, reachableFrom: head) else { return nil }
        guard excludingHead, found.commit == head else { return Release(name: found.name, commit: found.commit) }
        guard let parent = try repository.commit(head).parents.first else { return nil }
        return try repository.latestTag(matching: pattern, reachableFrom: parent).map {
            Release(name: $0.name, commit: $0.commit)
        }
    }

    /// The release tag on `commit`, if there is one (the highest version when there are several).
    public func releaseTag(at commit: OID) throws(GitError) -> String? {
        try repository.tags(matching: pattern)
            .filter { $0.commit == commit }
            .map(\.name)
            .max { $0.compare($1, options: .numeric) == .orderedAscending }
    }

    /// The commits a release of `head` covers: since the previous release, else all of history. `notes` are kept
    /// in front of the note that says which.
    public func rangeSincePreviousRelease(head: OID, excludingHead: Bool = false, notes: [String] = [])
        throws(GitError) -> ResolvedRange
    {
        if let release = try previousRelease(before: head, excludingHead: excludingHead) {
            return ResolvedRange(
                base: release.commit, head: head, source: .tag, tag: release.name,
                notes: notes + ["judging since release tag \(release.name)"])
        }
        return ResolvedRange(
            base: nil, head: head, source: .root, tag: nil,
            notes: notes + ["no release tag matching '\(pattern.pattern)'; judging all history"])
    }
}
