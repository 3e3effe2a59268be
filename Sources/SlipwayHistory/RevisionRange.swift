import Foundation
import SlipwayCore
import SlipwayGit

/// A resolved range of history: the commits reachable from `head` and not from `base`.
public struct RevisionRange: Sendable {
    /// `nil` means from the beginning of history.
    public var base: OID?
    public var head: OID

    public init(base: OID?, head: OID) {
        self.base = base
        self.head = head
    }

    /// Parses `a..b` (either side may be empty, meaning HEAD) and `a...b` (from the merge base).
    public static func parse(_ text: String, in repository: Repository) throws(GitError) -> RevisionRange {
        if let dots = text.range(of: "...") {
            let left = String(text[..<dots.lowerBound])
            let right = String(text[dots.upperBound...])
            let a = try repository.resolveCommit(left.isEmpty ? "HEAD" : left)
            let b = try repository.resolveCommit(right.isEmpty ? "HEAD" : right)
            return RevisionRange(base: try repository.mergeBase(a, b), head: b)
        }
        if let dots = text.range(of: "..") {
            let left = String(text[..<dots.lowerBound])
            let right = String(text[dots.upperBound...])
            let base = try repository.resolveCommit(left.isEmpty ? "HEAD" : left)
            let head = try repository.resolveCommit(right.isEmpty ? "HEAD" : right)
            return RevisionRange(base: base, head: head)
        }
        // A single revision as a range: all of its history.
        return RevisionRange(base: nil, head: try repository.resolveCommit(text))
    }

    public static func isRange(_ text: String) -> Bool { text.contains("..") }
}

/// Chooses the range a CI run should judge from the `before`/`after` shas its event gives.
public struct CIRangeResolver {
    public let repository: Repository
    public let releaseTags: Glob

    public init(repository: Repository, releaseTags: Glob) {
        self.repository = repository
        self.releaseTags = releaseTags
    }

    public struct Resolution {
        public var base: OID?
        public var head: OID
        public var source: RangeBaseSource
        public var tag: String?
        public var notes: [String]
    }

    /// - A missing or all-zero base (a new branch) starts at the latest release tag reachable from head, else the root.
    /// - A base that is not an ancestor of head (a force push) is replaced by the merge base.
    /// - A base missing from a shallow clone is an error that says how to deepen the clone.
    public func resolve(base: String?, head: String) throws(GitError) -> Resolution {
        let headID = try repository.resolveCommit(head)
        let trimmed = base?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if trimmed.isEmpty || (trimmed.allSatisfy { $0 == "0" }) {
            return try fallback(head: headID, notes: [trimmed.isEmpty ? "no base given" : "base is all zeros (a new branch)"])
        }
        let baseID: OID
        if let oid = OID(hex: trimmed) {
            guard repository.contains(oid) else {
                if repository.isShallow { throw .missingFromShallowClone(oid.hex) }
                // A full clone without the base: the old tip was force-pushed away and never fetched.
                return try fallback(head: headID, notes: ["base \(oid.short) is not in this repository (a force push?)"])
            }
            baseID = try repository.resolveCommit(oid.hex)
        } else {
            baseID = try repository.resolveCommit(trimmed)
        }
        if try repository.isAncestor(baseID, of: headID) {
            return Resolution(base: baseID, head: headID, source: .given, tag: nil, notes: [])
        }
        let note = "base \(baseID.short) is not an ancestor of head \(headID.short) (a force push?)"
        if let mergeBase = try repository.mergeBase(baseID, headID) {
            return Resolution(base: mergeBase, head: headID, source: .mergeBase, tag: nil, notes: [note + "; judging from the merge base \(mergeBase.short)"])
        }
        return try fallback(head: headID, notes: [note + " and shares no history with it"])
    }

    private func fallback(head: OID, notes: [String]) throws(GitError) -> Resolution {
        if let tag = try repository.latestTag(matching: releaseTags, reachableFrom: head) {
            return Resolution(base: tag.commit, head: head, source: .tag, tag: tag.name,
                              notes: notes + ["judging since release tag \(tag.name)"])
        }
        return Resolution(base: nil, head: head, source: .root, tag: nil,
                          notes: notes + ["no release tag matching '\(releaseTags.pattern)'; judging all history"])
    }
}
