import Foundation

/// A path as messages show it, relative to a folder: the repository root (where a file is in the repository) or the
/// current folder (how a compiler names the files it was given). The one place a path is made relative for people
/// to read, and for files named relative to a folder (a spec's files relative to the repository root).
///
/// Paths are compared by name, as `RealPath.folded` folds them, never through Foundation's `standardizedFileURL`:
/// on macOS that drops a leading `/private` from a path that exists (temporary folders are under `/var`, a link to
/// `/private/var`) but not from one still to be created, so a file and its folder could disagree. The caller passes
/// two paths of one kind: both real (`RealPath.resolve`), or both as named.
public enum DisplayPath {
    /// How a path outside the folder is shown.
    public enum Outside: Sendable {
        /// Absolute: it is not in the folder (a file outside the repository).
        case absolute
        /// With `..` steps from the folder when the two share a folder below `/`, else absolute: as a compiler names
        /// a file given relative to the current folder.
        case climbing
    }

    /// `path` relative to the folder `base`: the rest of it when it lies inside (`.` for the folder itself), else as
    /// `outside` says. Relative paths are taken from the current folder.
    public static func of(_ path: String, relativeTo base: String, outside: Outside = .absolute) -> String {
        let (target, targetNames) = RealPath.foldedNames(path)
        let (origin, originNames) = RealPath.foldedNames(base)
        var common = 0
        while common < targetNames.count, common < originNames.count,
            target[targetNames[common]].elementsEqual(origin[originNames[common]])
        {
            common += 1
        }
        /// The names from `start` on, each after `climbs` `..` steps, joined by `/` (with a leading one: `absolute`).
        func joined(from start: Int, climbs: Int = 0, absolute: Bool = false) -> String {
            var result: [UInt8] = absolute ? [UInt8(ascii: "/")] : []
            for index in 0..<climbs {
                if index > 0 { result.append(UInt8(ascii: "/")) }
                result += [UInt8(ascii: "."), UInt8(ascii: ".")]
            }
            for index in start..<targetNames.count {
                if index > start || climbs > 0 { result.append(UInt8(ascii: "/")) }
                result += target[targetNames[index]]
            }
            return String(decoding: result, as: UTF8.self)
        }
        // Relative to `/` every path is inside, and reads better whole.
        guard !originNames.isEmpty else { return joined(from: 0, absolute: true) }
        if common == originNames.count { return common == targetNames.count ? "." : joined(from: common) }
        guard outside == .climbing, common > 0 else { return joined(from: 0, absolute: true) }
        return joined(from: common, climbs: originNames.count - common)
    }

    /// `of` for file URLs.
    public static func of(_ url: URL, relativeTo base: URL, outside: Outside = .absolute) -> String {
        of(url.path, relativeTo: base.path, outside: outside)
    }
}
