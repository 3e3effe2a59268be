import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a path really leads: symbolic links and `..` resolved by the file system as far as the path exists, the
/// rest (folders and a file still to be created, which cannot be links yet) folded by name.
public enum RealPath {
    /// The real path of `path` (absolute), existing or not.
    public static func resolve(_ path: String) -> String {
        var existing = path
        var missing: [Substring] = []
        while true {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                let base = String(cString: real)
                guard !missing.isEmpty else { return base }
                let rest = missing.reversed().joined(separator: "/")
                return folded(base + "/" + rest)
            }
            guard let slash = existing.lastIndex(of: "/"), existing != "/" else { return folded(path) }
            let last = existing[existing.index(after: slash)...]
            if !last.isEmpty { missing.append(last) }
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
    }

    /// `path` made absolute (against the current folder), with `.`, `..` and repeated slashes folded by name and no
    /// trailing slash, never consulting the file system.
    ///
    /// Foundation's `standardizedFileURL` does consult it: on macOS it drops a leading `/private` from a path that
    /// exists (`/private/var/x` becomes `/var/x`, `/var` being a link to `/private/var`) but not from one that does
    /// not, so a file about to be created and its existing folder could disagree on their prefix.
    public static func folded(_ path: String) -> String {
        let (bytes, names) = foldedNames(path)
        guard !names.isEmpty else { return "/" }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 1)
        for name in names {
            result.append(UInt8(ascii: "/"))
            result += bytes[name]
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `path` made absolute, as UTF-8 bytes, and the ranges of the names of `folded(path)` in them, in order.
    /// Split on the byte `/`, as the file system splits: a `/` byte is always a whole scalar, so each name is whole
    /// scalars (a combining mark right after a slash starts the next name, which a Character split would not cut).
    static func foldedNames(_ path: String) -> (bytes: [UInt8], names: [Range<Int>]) {
        var bytes = Array(path.utf8)
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        if bytes.first != slash { bytes = Array((FileManager.default.currentDirectoryPath + "/").utf8) + bytes }
        var names: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] != slash else {
                index += 1
                continue
            }
            let start = index
            var dots = 0
            while index < bytes.count, bytes[index] != slash {
                if bytes[index] == dot { dots += 1 }
                index += 1
            }
            let length = index - start
            if dots == length, length <= 2 {
                if length == 2 { _ = names.popLast() }
                continue
            }
            names.append(start..<index)
        }
        return (bytes, names)
    }

    /// `path` relative to the folder `root` when it lies inside it (both real paths), else `nil`; `""` for the
    /// folder itself. The boundaries' containment test (what Slipway writes stays inside the repository); messages
    /// show paths through `DisplayPath`.
    public static func relative(_ path: String, inside root: String) -> String? {
        if path == root { return "" }
        let prefix = root == "/" ? "/" : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}
