import Foundation
import SlipwayCore

/// Paths as messages show them: relative to the repository root when inside it, absolute otherwise.
enum DisplayPath {
    static func of(_ url: URL, root: URL) -> String {
        // By name: `standardizedFileURL` would give a file still to be created and its folder different prefixes on
        // macOS (RealPath.folded).
        let path = RealPath.folded(url.path)
        let base = RealPath.folded(root.path)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
