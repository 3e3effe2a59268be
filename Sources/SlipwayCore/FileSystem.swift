import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folder creation and error reasons for file system work, so every such failure is one line naming the path and
/// the reason as the system states it (`strerror`), never a Foundation error dump.
public enum FileSystem {
    /// Creates `path` and any missing folders above it (`mkdir -p`); an existing folder is fine.
    ///
    /// `name` is how messages show the path (relative to the repository, say). A failure names the folder and why:
    /// `cannot create folder .git/slipway: a file is in the way (File exists)`.
    public static func createFolder(_ path: String, shownAs name: String? = nil) throws(FileSystemError) {
        let path = trimmed(path)
        let shown = name.map(trimmed) ?? path
        guard let (failed, code) = make(path) else { return }
        let reason: String
        switch code {
        case EEXIST:
            reason = "a file is in the way (\(SystemCall.errorText(EEXIST)))"
        case ENOTDIR:
            let blocking = blockingFile(above: path) ?? failed
            reason =
                "\(shownPath(blocking, for: path, shown: shown)) is a file, not a folder "
                + "(\(SystemCall.errorText(ENOTDIR)))"
        default:
            let place = failed == path ? "" : " (at \(shownPath(failed, for: path, shown: shown)))"
            reason = SystemCall.errorText(code) + place
        }
        throw FileSystemError("cannot create folder \(shown): \(reason)")
    }

    /// Why a Foundation file operation failed, as `strerror` says it (`Permission denied`); for an error that
    /// carries no system reason, the first line of its description.
    public static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return SystemCall.errorText(Int32(error.code)) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return SystemCall.errorText(Int32(underlying.code))
        }
        if error.domain == NSCocoaErrorDomain, let code = posixCode(CocoaError.Code(rawValue: error.code)) {
            return SystemCall.errorText(code)
        }
        return String(error.localizedDescription.firstLine)
    }

    /// Any error as one line: a `SlipwayError`'s `oneLine`, else the path a Foundation error names and its reason.
    public static func oneLine(_ error: any Error) -> String {
        if let error = error as? SlipwayError { return error.oneLine }
        let path = (error as NSError).userInfo[NSFilePathErrorKey] as? String
        return (path.map { "\($0): " } ?? "") + reason(error)
    }

    // MARK: Helpers

    /// Makes the folder, its parents first when missing; the path that failed and `errno`, or `nil`.
    private static func make(_ path: String) -> (path: String, code: Int32)? {
        if mkdir(path, 0o777) == 0 { return nil }
        let code = errno
        switch code {
        case EEXIST:
            return isFolder(path) ? nil : (path, EEXIST)
        case ENOENT:
            let parent = folder(of: path)
            guard parent != path else { return (path, code) }
            if let failure = make(parent) { return failure }
            if mkdir(path, 0o777) == 0 { return nil }
            let retried = errno
            return retried == EEXIST && isFolder(path) ? nil : (path, retried)
        default:
            return (path, code)
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The nearest existing path above `path` that is not a folder (what `ENOTDIR` complains about).
    private static func blockingFile(above path: String) -> String? {
        var current = folder(of: path)
        while current != "/", current != "." {
            var info = stat()
            if stat(current, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR ? nil : current }
            current = folder(of: current)
        }
        return nil
    }

    /// `other`, a path above `path`, in the form `shown` gives `path` (relative stays relative).
    private static func shownPath(_ other: String, for path: String, shown: String) -> String {
        guard other != path else { return shown }
        let dropped = path.split(separator: "/").count - other.split(separator: "/").count
        let shownComponents = shown.split(separator: "/", omittingEmptySubsequences: false)
        guard dropped > 0, shownComponents.count > dropped else { return other }
        return shownComponents.dropLast(dropped).joined(separator: "/")
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    private static func posixCode(_ code: CocoaError.Code) -> Int32? {
        switch code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        case .fileReadNoPermission, .fileWriteNoPermission: return EACCES
        case .fileWriteFileExists: return EEXIST
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileReadTooLarge: return EFBIG
        default: return nil
        }
    }
}

/// A file or folder that could not be created, read or written: one line naming the path and the reason.
public struct FileSystemError: SlipwayError {
    public var message: String
    public var hint: String?

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}
