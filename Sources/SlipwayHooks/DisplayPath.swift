import Foundation

/// Paths as messages show them: relative to the repository root when inside it, absolute otherwise.
enum DisplayPath {
    static func of(_ url: URL, root: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
