import CGit2

/// A commit read from its stored bytes the way libgit2's `commit_parse` reads it: `tree`, `parent` lines, `author`
/// (extra ones skipped), `committer`, other headers up to the first empty line, then the message. Signatures go
/// through libgit2's own parser (`git_signature_from_buffer`), so names, e-mails and times come out as
/// `git_commit_author` gives them.
///
/// Anything this reader is not sure of gives `nil`, and the caller asks libgit2 instead: the answer is then
/// libgit2's, errors included.
enum RawCommit {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, id: OID, names: inout NamePool) -> Commit? {
        var index = 0
        guard let tree = objectLine("tree ", bytes, &index) else { return nil }
        var parents: [OID] = []
        while let parent = objectLine("parent ", bytes, &index) { parents.append(parent) }
        guard var author = signatureLine("author ", bytes, &index) else { return nil }
        while starts(bytes, at: index, with: "author ") {
            guard signatureLine("author ", bytes, &index) != nil else { return nil }
        }
        guard var committer = signatureLine("committer ", bytes, &index) else { return nil }
        names.share(&author)
        names.share(&committer)
        return Commit(
            id: id, parents: parents, treeID: tree, message: message(bytes, afterHeadersFrom: index), author: author,
            committer: committer)
    }

    /// `git_oid__parse`: the header, 40 hex digits and a newline, or nothing (and `index` stays).
    private static func objectLine(_ header: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int)
        -> OID?
    {
        let length = header.utf8CodeUnitCount
        guard index + length + 41 <= bytes.count, starts(bytes, at: index, with: header),
            bytes[index + length + 40] == UInt8(ascii: "\n"),
            let oid = OID(hexDigits: UnsafeBufferPointer(rebasing: bytes[(index + length)...]))
        else { return nil }
        index += length + 41
        return oid
    }

    /// `git_signature__parse` of one header line, through libgit2; `nil` when libgit2 would refuse the line, or
    /// when it holds a NUL (libgit2 would read past it, the C string stops at it).
    private static func signatureLine(
        _ header: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int
    ) -> Commit.Signature? {
        let length = header.utf8CodeUnitCount
        guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")), index + length < end,
            starts(bytes, at: index, with: header)
        else { return nil }
        let content = bytes[(index + length)..<end]
        guard !content.contains(0) else { return nil }
        var text = Array(content)
        text.append(0)
        var signature: UnsafeMutablePointer<git_signature>?
        let code = text.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { git_signature_from_buffer(&signature, $0.baseAddress) }
        }
        guard code == 0, let signature else { return nil }
        defer { git_signature_free(signature) }
        index = end + 1
        return Commit.Signature(UnsafePointer(signature))
    }

    /// The message: what follows the first empty line after the headers, up to a NUL (libgit2 copies it as a C
    /// string), less its leading newlines (`git_commit_message`).
    private static func message(_ bytes: UnsafeBufferPointer<UInt8>, afterHeadersFrom start: Int) -> String {
        var index = start
        while index < bytes.count {
            if bytes[index - 1] == UInt8(ascii: "\n"), bytes[index] == UInt8(ascii: "\n") { break }
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            if index < bytes.count { index += 1 }
        }
        var first = index + 1
        guard first <= bytes.count else { return "" }
        let end = bytes[first...].firstIndex(of: 0) ?? bytes.count
        while first < end, bytes[first] == UInt8(ascii: "\n") { first += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<end]), as: UTF8.self)
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with header: StaticString) -> Bool {
        let length = header.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        let prefix = UnsafeBufferPointer(start: header.utf8Start, count: length)
        for offset in 0..<length where bytes[index + offset] != prefix[offset] { return false }
        return true
    }
}
