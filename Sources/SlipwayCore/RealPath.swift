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
                return URL(fileURLWithPath: base + (base == "/" ? "" : "/") + rest).standardizedFileURL.path
            }
            guard let slash = existing.lastIndex(of: "/"), existing != "/" else {
                return URL(fileURLWithPath: path).standardizedFileURL.path
            }
            let last = existing[existing.index(after: slash)...]
            if !last.isEmpty { missing.append(last) }
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
    }

    /// `path` relative to the folder `root` when it lies inside it (both real paths), else `nil`; `""` for the
    /// folder itself.
    public static func relative(_ path: String, inside root: String) -> String? {
        if path == root { return "" }
        let prefix = root == "/" ? "/" : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}
