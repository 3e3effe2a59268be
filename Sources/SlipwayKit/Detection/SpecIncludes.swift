import Foundation
import SlipwayGit
import SlipwayYAML

/// The spec files a commit's `project.yml` pulls in through `include:`, followed recursively.
///
/// Paths resolve relative to the including file's folder, as XcodeGen resolves them. A spec that cannot be read or
/// parsed contributes nothing: it still counts as a build-config change through its own path.
enum SpecIncludes {
    static func paths(spec: String, in repository: Repository, at commit: OID) -> Set<String> {
        var found = Set<String>()
        var queue = [normalize(spec)]
        while let path = queue.popLast() {
            guard found.count < 1000,
                let bytes = try? repository.fileContents(at: path, in: commit),
                let file = try? YAMLFile(path: path, bytes: bytes),
                let root = file.root, let includes = root["include"]
            else { continue }
            let folder = (path as NSString).deletingLastPathComponent
            for entry in includeEntries(includes) {
                let resolved = normalize(folder.isEmpty ? entry : folder + "/" + entry)
                if !resolved.isEmpty, !resolved.hasPrefix("../"), found.insert(resolved).inserted {
                    queue.append(resolved)
                }
            }
        }
        return found
    }

    /// The paths named by an `include:` value: a string, a `{path: …}` mapping, or a list of either.
    static func includeEntries(_ node: YAMLNode) -> [String] {
        switch node.kind {
        case .scalar:
            return node.isNull ? [] : [node.scalar]
        case .mapping:
            if let path = node["path"], path.kind == .scalar { return [path.scalar] }
            return []
        case .sequence:
            return node.items.flatMap(includeEntries)
        }
    }

    /// Folds `.` and `..` segments so paths compare with the repository's own.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
