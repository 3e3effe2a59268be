import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the files Slipway takes input from (spec files, includes, configuration, plists, xcconfigs) so that none
/// can hold it: only a regular file (symbolic links followed) is read, and only up to a size limit. A FIFO, a device
/// such as `/dev/zero` or a folder is refused before a byte is read, and a file past the limit is refused by its size.
public enum BoundedFile {
    /// The largest file read, in bytes: `SLIPWAY_MAX_FILE_BYTES` when set to a number, else 128 MiB (a spec of
    /// 100 MB, many thousands of targets, still reads).
    public static func limit(_ environment: [String: String] = ProcessEnvironment.current) -> Int {
        if let text = environment["SLIPWAY_MAX_FILE_BYTES"], let value = Int(text), value > 0 { return value }
        return 128 << 20
    }

    /// Why a file was not read.
    public struct Refusal: Error, Sendable, Equatable {
        /// What the file is, or the system's reason (`Permission denied`), for messages: "... is <reason>".
        public var reason: String
        /// How to get past it.
        public var hint: String
    }

    /// The file's bytes; `nil` when nothing is there (`ENOENT`, `ENOTDIR`). Throws `Refusal` for a file that is not
    /// a regular one, one larger than `limit`, or one that cannot be read.
    public static func read(_ path: String, limit: Int = BoundedFile.limit()) throws(Refusal) -> [UInt8]? {
        // O_NONBLOCK: opening a FIFO for reading must not wait for a writer; it is refused just after.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw Refusal(reason: "unreadable (\(SystemCall.errorText(code)))", hint: "check its permissions")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw Refusal(reason: "unreadable (\(SystemCall.errorText(errno)))", hint: "check its permissions")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw Refusal(
                reason: "not a regular file (\(kind(info.st_mode)))",
                hint: "Slipway reads only regular files (a symbolic link counts where it leads); point it at one")
        }
        guard Int(info.st_size) <= limit else { throw tooLarge(Int(info.st_size), limit: limit) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            // One byte past the size stat gave tells a file that grew since from one that did not.
            if count == bytes.count {
                guard bytes.count <= limit else { throw tooLarge(count, limit: limit) }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count)))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw Refusal(reason: "unreadable (\(SystemCall.errorText(errno)))", hint: "check the file")
            }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else { throw tooLarge(count, limit: limit) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// The file's bytes, or `nil` when it is missing or refused: for readers to whom an unreadable file only means
    /// "nothing to learn here" (a doctor check of a plist, a source file's imports), never for input a command needs.
    public static func readIfRegular(_ path: String, limit: Int = BoundedFile.limit()) -> Data? {
        do {
            return try read(path, limit: limit).map { Data($0) }
        } catch {
            return nil
        }
    }

    /// `readIfRegular`, and only for a file that lies inside the folder `root` once links are followed: readers of
    /// files a spec or configuration names (plists, `Package.swift`) never open one outside the repository.
    public static func readIfRegular(_ path: String, inside root: String, limit: Int = BoundedFile.limit()) -> Data? {
        guard isInside(path, root: root) else { return nil }
        return readIfRegular(RealPath.resolve(path), limit: limit)
    }

    /// Whether `path` lies inside the folder `root`, both judged by their real paths (links followed).
    public static func isInside(_ path: String, root: String) -> Bool {
        RealPath.relative(RealPath.resolve(path), inside: RealPath.resolve(root)) != nil
    }

    private static func tooLarge(_ size: Int, limit: Int) -> Refusal {
        Refusal(
            reason: "larger than the \(limit)-byte limit (\(size) bytes or more)",
            hint: "Slipway reads files up to SLIPWAY_MAX_FILE_BYTES bytes (default 134217728); raise it if the file "
                + "really is this large")
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }
}

/// read(2) under one name on both platforms (the module-qualified names differ).
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
