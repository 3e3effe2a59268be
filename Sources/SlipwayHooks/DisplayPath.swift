import Foundation

/// Paths as messages show them: relative to the repository root when inside it, absolute otherwise.
enum DisplayPath {
    static func of(_ url: URL, root: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// `url` with symbolic links resolved in the part that exists; the rest (folders still to be created) is
    /// appended as written. Comparing two such paths says where a file would really land.
    static func resolvingLinks(_ url: URL) -> URL {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileStatus.exists(existing), existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        var resolved = existing.resolvingSymlinksInPath()
        for component in rest { resolved.appendPathComponent(component) }
        return resolved.standardizedFileURL
    }
}
