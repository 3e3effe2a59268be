import Foundation
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

    /// The first line of the message, without surrounding white space.
    public var subject: String {
        message.firstLine.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public var isMerge: Bool { parents.count > 1 }
}
