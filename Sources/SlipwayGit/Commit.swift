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

    /// The first line of the message, without white space at either end (Unicode's White_Space, the scalars of
    /// Foundation's `.whitespacesAndNewlines`).
    public var subject: String {
        let line = message.firstLine.unicodeScalars
        let start = line.firstIndex { !$0.properties.isWhitespace } ?? line.endIndex
        let end = line[start...].lastIndex { !$0.properties.isWhitespace }.map(line.index(after:)) ?? start
        return String(line[start..<end])
    }

    public var isMerge: Bool { parents.count > 1 }
}
