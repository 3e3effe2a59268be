#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces the contents of several files so that either every one changes or none does.
///
/// Each new content goes to a temporary file in the target's own folder (same file system, so `rename` is atomic),
/// with the target's permission bits, flushed to disk. Only when every temporary file is ready are they renamed over
/// their targets; if a rename fails, the targets already replaced get their original bytes back. The returned
/// `Backup` lets a later step (a failed release) restore every file byte for byte.
public struct AtomicFileWriter: Sendable {
    /// One file to replace. When `expected` is given, the file must still hold exactly those bytes, so an edit
    /// planned from an earlier read never overwrites a change made in between.
    public struct Change: Sendable {
        public var path: String
        public var bytes: [UInt8]
        public var expected: [UInt8]?

        public init(path: String, bytes: [UInt8], expected: [UInt8]? = nil) {
            self.path = path
            self.bytes = bytes
            self.expected = expected
        }
    }

    /// The files as they were before a write.
    public struct Backup: Sendable {
        public let files: [(path: String, bytes: [UInt8])]
        /// What the write put in each file, in the same order: a file that no longer holds it was changed since.
        let written: [[UInt8]]
        let writer: AtomicFileWriter

        /// A backup of files written earlier (by a release a journal resumes): each with its old and new bytes.
        public init(files: [(path: String, original: [UInt8], written: [UInt8])]) {
            self.files = files.map { ($0.path, $0.original) }
            self.written = files.map(\.written)
            writer = AtomicFileWriter()
        }

        init(files: [(path: String, bytes: [UInt8])], written: [[UInt8]], writer: AtomicFileWriter) {
            self.files = files
            self.written = written
            self.writer = writer
        }

        /// Puts back, exactly as it was, every file that still holds what the write put there, with the same
        /// all-or-nothing guarantee as the write. A file someone changed since is left as it is now, never
        /// overwritten: its path is returned.
        @discardableResult
        public func restore() throws(FileWriteError) -> [String] {
            var changes: [Change] = []
            var changedSince: [String] = []
            for (file, bytes) in zip(files, written) {
                // A file that cannot be read now (deleted, replaced by a folder) is not Slipway's to put back.
                let current: [UInt8]?
                do {
                    current = try AtomicFileWriter.read(AtomicFileWriter.resolvedPath(file.path), shownAs: file.path)
                } catch {
                    current = nil
                }
                if current == bytes {
                    changes.append(Change(path: file.path, bytes: file.bytes, expected: bytes))
                } else {
                    changedSince.append(file.path)
                }
            }
            _ = try writer.write(changes)
            return changedSince
        }
    }

    /// The system call that moves a finished temporary file into place; tests replace it to simulate a failure.
    let renameFile: @Sendable (String, String) -> Int32

    public init() {
        renameFile = { rename($0, $1) }
    }

    init(renameFile: @escaping @Sendable (String, String) -> Int32) {
        self.renameFile = renameFile
    }

    /// Writes every change or none, returning the original contents.
    public func write(_ changes: [Change]) throws(FileWriteError) -> Backup {
        var prepared: [(target: String, temporary: String, original: [UInt8], mode: mode_t, requested: String)] = []
        func discardTemporaries() {
            for entry in prepared { unlink(entry.temporary) }
        }
        for change in changes {
            do throws(FileWriteError) {
                let target = AtomicFileWriter.resolvedPath(change.path)
                let original = try AtomicFileWriter.read(target, shownAs: change.path)
                if let expected = change.expected, expected != original {
                    throw FileWriteError(
                        "\(change.path) changed while Slipway was working on it",
                        hint: "run the command again so it starts from the file as it is now")
                }
                let mode = try AtomicFileWriter.permissions(of: target, shownAs: change.path)
                let temporary = try AtomicFileWriter.writeTemporary(
                    change.bytes, besides: target, mode: mode, shownAs: change.path)
                prepared.append((target, temporary, original, mode, change.path))
            } catch {
                discardTemporaries()
                throw error
            }
        }
        for (index, entry) in prepared.enumerated() where renameFile(entry.temporary, entry.target) != 0 {
            let reason = AtomicFileWriter.lastError()
            // Undo the files already replaced, then drop the temporaries not yet moved. A file that cannot be put
            // back is named: saying "no file was changed" then would be false.
            var notRestored: [String] = []
            for done in prepared[..<index] {
                do throws(FileWriteError) {
                    let temporary = try AtomicFileWriter.writeTemporary(
                        done.original, besides: done.target, mode: done.mode, shownAs: done.requested)
                    if renameFile(temporary, done.target) != 0 {
                        let failure = AtomicFileWriter.lastError()
                        unlink(temporary)
                        throw FileWriteError("cannot replace \(done.requested): \(failure)")
                    }
                } catch {
                    notRestored.append("\(done.requested) (\(error.message))")
                }
            }
            for pending in prepared[index...] { unlink(pending.temporary) }
            guard notRestored.isEmpty else {
                throw FileWriteError(
                    "cannot replace \(entry.requested): \(reason); the files already replaced could not all be put "
                        + "back, so these have the new contents: " + notRestored.joined(separator: ", "),
                    hint: "restore them from version control (git checkout -- <file>) "
                        + "and check that the folder is writable")
            }
            throw FileWriteError(
                "cannot replace \(entry.requested): \(reason); no file was changed",
                hint: "check that the folder is writable")
        }
        for folder in Set(prepared.map { AtomicFileWriter.folder(of: $0.target) }) {
            AtomicFileWriter.syncFolder(folder)
        }
        return Backup(
            files: prepared.map { ($0.requested, $0.original) }, written: changes.map(\.bytes), writer: self)
    }

    /// Creates or replaces one file atomically: readers see the old file or the new one, never half of one.
    /// `mode` defaults to the existing file's permission bits, or 0644 for a new file. A symbolic link at `path` is
    /// followed (its target is replaced) unless `followingLinks` is false, when the link itself is replaced.
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t? = nil, followingLinks: Bool = true)
        throws(FileWriteError)
    {
        let target = followingLinks ? resolvedPath(path) : path
        var info = stat()
        let permissions = mode ?? (stat(target, &info) == 0 ? info.st_mode & 0o7777 : 0o644)
        let temporary = try writeTemporary(bytes, besides: target, mode: permissions, shownAs: path)
        guard rename(temporary, target) == 0 else {
            let reason = lastError()
            unlink(temporary)
            throw FileWriteError("cannot replace \(path): \(reason)", hint: "check that the folder is writable")
        }
        syncFolder(folder(of: target))
    }

    // MARK: File system helpers

    /// Follows symbolic links so the link keeps pointing at the file rather than being replaced by a copy.
    static func resolvedPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func read(_ path: String, shownAs name: String) throws(FileWriteError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileWriteError("cannot read \(name): \(lastError())") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { SystemCall.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileWriteError("cannot read \(name): \(lastError())")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    static func permissions(of path: String, shownAs name: String) throws(FileWriteError) -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileWriteError("cannot inspect \(name): \(lastError())") }
        return info.st_mode & 0o7777
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Writes `bytes` to a new hidden file next to `path` and returns its path.
    static func writeTemporary(_ bytes: [UInt8], besides path: String, mode: mode_t, shownAs name: String)
        throws(FileWriteError) -> String
    {
        let folder = folder(of: path)
        let base = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(folder)/.\(base).slipway-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw FileWriteError(
                "cannot create a temporary file next to \(name): \(lastError())",
                hint: "check that the folder is writable")
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = SystemCall.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = lastError()
                    return
                }
                offset += written
            }
        }
        if failure == nil, fchmod(descriptor, mode) != 0 { failure = lastError() }
        if failure == nil, fsync(descriptor) != 0 { failure = lastError() }
        if close(descriptor) != 0, failure == nil { failure = lastError() }
        if let failure {
            unlink(temporary)
            throw FileWriteError("cannot write \(name): \(failure)", hint: "check free disk space and permissions")
        }
        return temporary
    }

    /// Makes the renames durable; a failure here changes nothing already done, so it is ignored.
    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}

/// A file that could not be read or replaced; nothing was changed.
public struct FileWriteError: SlipwayError {
    public var message: String
    public var hint: String?

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}
