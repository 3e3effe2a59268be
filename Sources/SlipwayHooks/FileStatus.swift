import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `lstat` says about a path: a symbolic link is reported as itself, never as what it points to, so a hook
/// that is a link (even a dangling one) is seen and kept.
struct FileStatus {
    let isSymbolicLink: Bool
    let isDirectory: Bool
    let permissions: Int

    init?(_ url: URL) {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        let type = Int(info.st_mode) & Int(S_IFMT)
        isSymbolicLink = type == Int(S_IFLNK)
        isDirectory = type == Int(S_IFDIR)
        permissions = Int(info.st_mode) & 0o7777
    }

    static func exists(_ url: URL) -> Bool { FileStatus(url) != nil }

    var isExecutable: Bool { permissions & 0o111 != 0 }
}
