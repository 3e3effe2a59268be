import Foundation

/// Expands the glob patterns XcodeGen accepts in `include: - path: …` (`*`, `?`, `[…]` within a name, `**` for any
/// depth) against a spec file source, sorted like glob(3).
enum SpecGlob {
    static func isPattern(_ path: String) -> Bool {
        path.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    static func expand(_ pattern: String, in source: some SpecFileSource) -> [String] {
        var current = [pattern.hasPrefix("/") ? "/" : "."]
        for part in pattern.split(separator: "/").map(String.init) {
            if part == "**" {
                current = current.flatMap { [$0] + subfolders(of: $0, in: source) }
            } else if isPattern(part) {
                current = current.flatMap { folder in
                    source.entries(of: folder).map(\.name).filter { fnmatch(part, $0, FNM_PERIOD) == 0 }.map {
                        SpecPath.join(folder, $0)
                    }
                }
            } else {
                current = current.map { SpecPath.join($0, part) }
            }
        }
        return Array(Set(current.filter { source.isFile($0) })).sorted()
    }

    /// Every folder below `folder`, not following links (a link cycle would never end), hidden ones skipped.
    private static func subfolders(of folder: String, in source: some SpecFileSource) -> [String] {
        var found: [String] = []
        for entry in source.entries(of: folder) where entry.isFolder && !entry.name.hasPrefix(".") {
            let path = SpecPath.join(folder, entry.name)
            found.append(path)
            found += subfolders(of: path, in: source)
        }
        return found
    }
}
