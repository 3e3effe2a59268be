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
        // Printable ASCII at both ends (most subjects): nothing to trim, and no scalar property lookups.
        if let first = firstLine.utf8.first, let last = firstLine.utf8.last, (0x21...0x7E).contains(first),
            (0x21...0x7E).contains(last)
        {
            return String(firstLine)
        }
        // Unicode White_Space: the same scalars as Foundation's `.whitespacesAndNewlines`, without its bridging cost.
        var scalars = firstLine.unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    public var isMerge: Bool { parents.count > 1 }
}
