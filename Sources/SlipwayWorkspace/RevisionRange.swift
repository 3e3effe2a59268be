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
