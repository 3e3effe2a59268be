import SlipwayCore

/// A commit's data, copied out of libgit2.
public struct Commit: Hashable, Sendable {
    public struct Signature: Hashable, Sendable {
        public var name: String
        public var email: String
        /// Seconds since 1970 (UTC).
        public var time: Int64
    }

    public var id: OID
    public var parents: [OID]
    public var treeID: OID
    public var message: String
    public var author: Signature
    public var committer: Signature

    /// The first line of the message, without surrounding whitespace.
    public var subject: String {
        let firstLine = message.firstLine
        // Unicode White_Space: the same scalars as Foundation's `.whitespacesAndNewlines`, without its bridging cost.
        var scalars = firstLine.unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    public var isMerge: Bool { parents.count > 1 }
}
