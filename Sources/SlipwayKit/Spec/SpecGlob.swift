import Foundation

/// Expands the glob patterns XcodeGen accepts in `include: - path: …` (`*`, `?`, `[…]` within a name, `**` for any
/// depth) against the file system, sorted like glob(3).
enum SpecGlob {
    static func isPattern(_ path: String) -> Bool {
        path.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    static func expand(_ pattern: String) -> [String] {
        var current = [pattern.hasPrefix("/") ? "/" : "."]
        for part in pattern.split(separator: "/").map(String.init) {
            if part == "**" {
                current = current.flatMap { [$0] + subfolders(of: $0) }
            } else if isPattern(part) {
                current = current.flatMap { folder in
                    entries(of: folder).filter { fnmatch(part, $0, FNM_PERIOD) == 0 }.map { SpecPath.join(folder, $0) }
                }
            } else {
                current = current.map { SpecPath.join($0, part) }
            }
        }
        return Array(Set(current.filter { SpecPath.isFile(URL(fileURLWithPath: $0)) })).sorted()
    }

    private static func entries(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Every folder below `folder`, not following links (a link cycle would never end), hidden ones skipped.
    private static func subfolders(of folder: String) -> [String] {
        var found: [String] = []
        for name in entries(of: folder) where !name.hasPrefix(".") {
            let path = SpecPath.join(folder, name)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            found.append(path)
            found += subfolders(of: path)
        }
        return found
    }
}
