import CGit2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tree read from its stored bytes: entries of `<octal mode> <name>\0<20-byte id>`, in git's order.
///
/// `detect --each` reads thousands of trees. libgit2's `git_tree_lookup` parses every entry's mode with `strtol`
/// and builds its entry table in allocations of its own, which cost a quarter of the whole walk; the walk needs
/// only the names, modes and ids, read here in one pass over the bytes, which stay in libgit2's object.
final class RawTree {
    struct Entry {
        /// Where the name starts in the tree's bytes; a NUL ends it, and the entry's id follows that.
        let nameStart: Int32
        let nameLength: Int32
        /// The mode as `git_tree_entry_filemode` gives it: normalised as libgit2 normalises it.
        let mode: UInt32
    }

    private let object: OpaquePointer
    private let bytes: UnsafePointer<UInt8>?
    let entries: [Entry]

    /// Reads the tree `id` from `odb`, failing as `git_tree_lookup` fails for a missing object or another kind.
    init(_ id: UnsafePointer<git_oid>, odb: OpaquePointer) throws(GitError) {
        var read: OpaquePointer?
        try check(git_odb_read(&read, odb, id), "git_odb_read")
        guard let read else {
            throw GitError.library(function: "git_odb_read", code: -1, detail: "no object returned")
        }
        guard git_odb_object_type(read) == GIT_OBJECT_TREE else {
            git_odb_object_free(read)
            throw GitError.library(
                function: "git_odb_read", code: GIT_ENOTFOUND.rawValue,
                detail: "\(OID(id).hex) is not a tree (the requested type does not match the type in the ODB)")
        }
        let bytes = git_odb_object_data(read)?.assumingMemoryBound(to: UInt8.self)
        let buffer = UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : git_odb_object_size(read))
        guard let entries = RawTree.entries(of: buffer) else {
            git_odb_object_free(read)
            throw GitError.library(
                function: "RawTree.entries", code: -1, detail: "failed to parse tree \(OID(id).hex): malformed entry")
        }
        object = read
        self.bytes = bytes
        self.entries = entries
    }

    deinit {
        git_odb_object_free(object)
    }

    /// The entry's name, NUL-terminated.
    func name(_ entry: Entry) -> UnsafePointer<CChar> {
        UnsafeRawPointer(bytes! + Int(entry.nameStart)).assumingMemoryBound(to: CChar.self)
    }

    /// The entry's object id, inside the tree's bytes.
    func id(_ entry: Entry) -> UnsafePointer<git_oid> {
        UnsafeRawPointer(bytes! + Int(entry.nameStart + entry.nameLength + 1)).assumingMemoryBound(to: git_oid.self)
    }

    /// The entries of a tree's bytes, or `nil` when they are not a well-formed tree (libgit2 refuses those too).
    static func entries(of bytes: UnsafeBufferPointer<UInt8>) -> [Entry]? {
        guard let base = bytes.baseAddress else { return [] }
        let end = bytes.count
        guard end < Int(Int32.max) else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(end / 32)
        var index = 0
        while index < end {
            guard let (mode, nameStart) = mode(base, from: index, end: end) else { return nil }
            // The name ends at a NUL; memchr finds it faster than a byte loop.
            guard let nul = memchr(base + nameStart, 0, end - nameStart) else { return nil }
            let nameEnd = base.distance(to: nul.assumingMemoryBound(to: UInt8.self))
            guard nameEnd > nameStart, end - nameEnd > 20 else { return nil }
            entries.append(
                Entry(nameStart: Int32(nameStart), nameLength: Int32(nameEnd - nameStart), mode: normalized(mode)))
            index = nameEnd + 21
        }
        return entries
    }

    /// The octal mode at `index` and where the name after its space starts, read as libgit2's `parse_mode` reads
    /// it (`git__strntol32` in base 8: a sign, then any number of digits, zero-padded modes included, at most
    /// 0xFFFF). The two modes nearly every entry has (a file, a folder) are matched whole first.
    private static func mode(_ base: UnsafePointer<UInt8>, from index: Int, end: Int) -> (UInt32, Int)? {
        if end - index > 7, matches(base + index, "100644 ") { return (0o100644, index + 7) }
        if end - index > 6, matches(base + index, "40000 ") { return (0o040000, index + 6) }
        var position = index
        var negative = false
        if position < end, base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-") {
            negative = base[position] == UInt8(ascii: "-")
            position += 1
        }
        let digits = position
        var mode: UInt32 = 0
        while position < end, base[position] &- UInt8(ascii: "0") < 8 {
            // Past 0xFFFF the mode is refused anyway; stop growing so a long run of digits cannot overflow.
            mode = min(mode << 3 | UInt32(base[position] &- UInt8(ascii: "0")), 0x1_0000)
            position += 1
        }
        guard position > digits, position < end, base[position] == UInt8(ascii: " "), mode <= 0xFFFF,
            !negative || mode == 0
        else { return nil }
        return (mode, position + 1)
    }

    private static func matches(_ bytes: UnsafePointer<UInt8>, _ text: StaticString) -> Bool {
        let expected = text.utf8Start
        for offset in 0..<text.utf8CodeUnitCount where bytes[offset] != expected[offset] { return false }
        return true
    }

    /// libgit2's `normalize_filemode`: what `git_tree_entry_filemode` reports for a stored mode.
    static func normalized(_ mode: UInt32) -> UInt32 {
        let type = mode & 0o170000
        if type == 0o040000 { return 0o040000 }
        if mode & 0o100 != 0 { return 0o100755 }
        if type == 0o160000 { return 0o160000 }
        if type == 0o120000 { return 0o120000 }
        return 0o100644
    }
}
