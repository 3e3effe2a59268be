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
        "/" + foldedNames(path).joined(separator: "/")
    }

    /// The names of `folded(path)`, in order. Split on the scalar `/`, as the file system splits: a combining mark
    /// right after a slash joins it into one Character, which a Character split would not cut.
    static func foldedNames(_ path: String) -> [Substring] {
        var absolute =
            path.utf8.first == UInt8(ascii: "/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        absolute.makeContiguousUTF8()
        // Walked as UTF-8 bytes: a `/` byte is always a whole scalar, so every index next to one is a scalar boundary
        // and each name is cut from the scalars exactly as a scalar split would cut it.
        let bytes = absolute.utf8
        let scalars = absolute.unicodeScalars
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var names: [Substring] = []
        var index = bytes.startIndex
        while index != bytes.endIndex {
            guard bytes[index] != slash else {
                index = bytes.index(after: index)
                continue
            }
            let start = index
            var length = 0
            var dots = 0
            while index != bytes.endIndex, bytes[index] != slash {
                if bytes[index] == dot { dots += 1 }
                length += 1
                index = bytes.index(after: index)
            }
            if dots == length, length <= 2 {
                if length == 2 { _ = names.popLast() }
                continue
            }
            names.append(Substring(scalars[start..<index]))
        }
        return names
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
