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

extension Commit {
    /// The trailer key `slipway release` writes on its release commit (`Slipway-Release: 1.2.0+45`, or
    /// `Slipway-Release: holder 1.2.0+45` for one app of several).
    public static let releaseTrailerKey = "Slipway-Release"

    /// The value of the commit's `Slipway-Release:` trailer (its key in any case), or `nil` when it is no release
    /// commit of Slipway's.
    public var releaseTrailer: String? {
        // Most messages do not mention it: `detect --each` asks of every commit, so skip parsing trailers then.
        guard Self.mentionsReleaseTrailer(message) else { return nil }
        return Repository.trailers(in: message).first {
            $0.key.caseInsensitiveCompare(Self.releaseTrailerKey) == .orderedSame
        }?.value
    }

    /// Whether the commit is a release commit `slipway release` made.
    public var isRelease: Bool { releaseTrailer != nil }

    /// Whether `message` holds `slipway-release` in any case, compared as ASCII bytes.
    static func mentionsReleaseTrailer(_ message: String) -> Bool {
        let key = Array("slipway-release".utf8)
        let bytes = Array(message.utf8)
        guard bytes.count >= key.count else { return false }
        for start in 0...(bytes.count - key.count) where bytes[start] | 0x20 == key[0] {
            var index = 1
            while index < key.count, bytes[start + index] | 0x20 == key[index] { index += 1 }
            if index == key.count { return true }
        }
        return false
    }
}
