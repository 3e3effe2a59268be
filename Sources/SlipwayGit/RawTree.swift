import CGit2

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
        try check(git_odb_read(&read, odb, id), "git_tree_lookup")
        guard let read else {
            throw GitError.library(function: "git_tree_lookup", code: -1, detail: "no object returned")
        }
        guard git_odb_object_type(read) == GIT_OBJECT_TREE else {
            git_odb_object_free(read)
            throw GitError.library(
                function: "git_tree_lookup", code: GIT_ENOTFOUND.rawValue,
                detail: "the requested type does not match the type in the ODB")
        }
        let bytes = git_odb_object_data(read)?.assumingMemoryBound(to: UInt8.self)
        let buffer = UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : git_odb_object_size(read))
        guard let entries = RawTree.entries(of: buffer) else {
            git_odb_object_free(read)
            throw GitError.library(
                function: "git_tree_lookup", code: -1, detail: "failed to parse tree \(OID(id).hex): malformed entry")
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
        var entries: [Entry] = []
        entries.reserveCapacity(bytes.count / 32)
        var index = 0
        let end = bytes.count
        guard end < Int(Int32.max) else { return nil }
        while index < end {
            var mode: UInt32 = 0
            let modeStart = index
            while index < end, bytes[index] != UInt8(ascii: " ") {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 8, index - modeStart < 7 else { return nil }
                mode = mode << 3 | UInt32(digit)
                index += 1
            }
            guard index > modeStart, index < end, mode <= 0xFFFF else { return nil }
            index += 1
            let nameStart = index
            while index < end, bytes[index] != 0 { index += 1 }
            guard index > nameStart, end - index > 20 else { return nil }
            entries.append(
                Entry(nameStart: Int32(nameStart), nameLength: Int32(index - nameStart), mode: normalized(mode)))
            index += 21
        }
        return entries
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
