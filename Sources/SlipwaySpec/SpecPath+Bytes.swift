/// Byte-wise path tests. Paths are compared as git and the file system compare them, byte for byte: `String`'s
/// own `hasPrefix` and `==` compare Characters, which costs a grapheme-break test per character, and the include
/// walk asks these questions of every path it reaches on every commit `detect --each` resolves.
extension SpecPath {
    /// Runs `body` on the UTF-8 bytes of `text`, without copying them when the string is stored as UTF-8.
    static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Whether `path` begins with the bytes of `prefix`.
    static func starts(_ path: String, with prefix: String) -> Bool {
        guard path.utf8.count >= prefix.utf8.count else { return false }
        return withBytes(of: path) { path in
            withBytes(of: prefix) { prefix in
                var index = 0
                while index < prefix.count, path[index] == prefix[index] { index += 1 }
                return index == prefix.count
            }
        }
    }

    /// Whether `path` is `folder` itself or lies inside it (`folder` followed by `/`).
    static func isSame(_ path: String, orInside folder: String) -> Bool {
        let count = folder.utf8.count
        guard path.utf8.count >= count, starts(path, with: folder) else { return false }
        return path.utf8.count == count || withBytes(of: path) { $0[count] == UInt8(ascii: "/") }
    }

    /// `path` after its first `count` bytes, which end just before a `/` or at the end (so at a Character
    /// boundary).
    static func dropping(_ count: Int, from path: String) -> String {
        let utf8 = path.utf8
        return String(path[utf8.index(utf8.startIndex, offsetBy: count)...])
    }

    /// Whether a segment of `path` after its first `start` bytes is `.git` in any case (`.GIT` is the same folder
    /// on a case-insensitive file system, and git refuses it for that reason). No other scalar lowercases to an
    /// ASCII `g`, `i` or `t`, so comparing ASCII letters alone gives what `lowercased()` would.
    static func hasGitSegment(_ path: String, after start: Int) -> Bool {
        withBytes(of: path) { bytes in
            var segmentStart = start
            for index in start...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                if index - segmentStart == 4, bytes[segmentStart] == UInt8(ascii: "."),
                    bytes[segmentStart + 1] | 0x20 == UInt8(ascii: "g"),
                    bytes[segmentStart + 2] | 0x20 == UInt8(ascii: "i"),
                    bytes[segmentStart + 3] | 0x20 == UInt8(ascii: "t")
                {
                    return true
                }
                segmentStart = index + 1
            }
            return false
        }
    }
}
