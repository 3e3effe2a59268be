import Foundation
import SlipwayCore
import SlipwayGit

/// Chooses the range a CI run should judge from the `before`/`after` shas its event gives.
public struct CIRangeResolver {
    public let repository: Repository
    public let releaseTags: Glob

    public init(repository: Repository, releaseTags: Glob) {
        self.repository = repository
        self.releaseTags = releaseTags
    }

    public typealias Resolution = ResolvedRange

    /// - A missing or all-zero base (a new branch) starts at the latest release tag reachable from head, else the root.
    /// - A base that is not an ancestor of head (a force push) is replaced by the merge base.
    /// - A base missing from a shallow clone is an error that says how to deepen the clone.
    public func resolve(base: String?, head: String) throws(GitError) -> Resolution {
        let headID = try repository.resolveCommit(head)
        let trimmed = base?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if trimmed.isEmpty || (trimmed.allSatisfy { $0 == "0" }) {
            return try fallback(
                head: headID, notes: [trimmed.isEmpty ? "no base given" : "base is all zeros (a new branch)"])
        }
        let baseID: OID
        if let oid = OID(hex: trimmed) {
            guard repository.contains(oid) else {
                if repository.isShallow { throw .missingFromShallowClone(oid.hex) }
                // A full clone without the base: the old tip was force-pushed away and never fetched.
                return try fallback(
                    head: headID, notes: ["base \(oid.short) is not in this repository (a force push?)"])
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
            return Resolution(
                base: mergeBase, head: headID, source: .mergeBase, tag: nil,
                notes: [note + "; judging from the merge base \(mergeBase.short)"])
        }
        return try fallback(head: headID, notes: [note + " and shares no history with it"])
    }

    private func fallback(head: OID, notes: [String]) throws(GitError) -> Resolution {
        try ReleaseHistory(repository: repository, pattern: releaseTags).rangeSincePreviousRelease(
            head: head, notes: notes)
    }
}
