import Foundation

/// Path arithmetic for spec files, done on strings as XcodeGen's PathKit does, so includes resolve the same way.
package enum SpecPath {
    /// The spec names looked for at the repository root when none is configured, in XcodeGen's order of preference.
    package static let defaultNames = ["project.yml", "project.yaml", "project.json"]

    /// The first of `defaultNames` that is a file in `folder` (an absolute path), as an absolute path.
    package static func defaultSpec(in folder: String, source: some SpecFileSource) -> String? {
        defaultNames.map { join(folder, $0) }.first { source.isFile($0) }
    }

    /// `path` made absolute against `base` (an absolute `path` stays as it is), with `.` and `..` folded.
    package static func absolute(_ path: String, from base: URL) -> URL {
        URL(fileURLWithPath: join(base.path, path)).standardizedFileURL
    }

    /// PathKit's `+`: an absolute right side wins, an empty side disappears.
    package static func join(_ left: String, _ right: String) -> String {
        if right.hasPrefix("/") || left.isEmpty { return right }
        if right.isEmpty { return left }
        return left.hasSuffix("/") ? left + right : left + "/" + right
    }

    /// PathKit's `parent()`: the folder part, `.` for a bare name.
    static func parent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// Folds `.` and `..` segments without touching the file system.
    package static func normalize(_ path: String) -> String {
        // Most paths are already normal (includes are resolved from normal parts), and `detect --each` normalises
        // on every commit that touches the spec: answer those with one scan instead of splitting and joining.
        if isNormal(path) { return path }
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Whether `normalize` would return `path` unchanged: no empty, `.` or `..` segment, no trailing slash.
    private static func isNormal(_ path: String) -> Bool {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var bytes = path.utf8[...]
        if bytes.first == slash {
            if bytes.count == 1 { return true }
            bytes = bytes.dropFirst()
        }
        var segmentLength = 0
        var dots = 0
        for byte in bytes {
            if byte == slash {
                guard segmentLength > 0, dots != segmentLength || dots > 2 else { return false }
                segmentLength = 0
                dots = 0
            } else {
                segmentLength += 1
                if byte == dot { dots += 1 }
            }
        }
        return segmentLength > 0 && (dots != segmentLength || dots > 2)
    }

    /// The real path with symbolic links resolved when the file exists, so one file reached two ways is one file.
    package static func canonical(_ url: URL) -> URL {
        guard let resolved = realpath(url.path, nil) else { return url.standardizedFileURL }
        defer { free(resolved) }
        return URL(fileURLWithPath: String(cString: resolved))
    }

    /// `path` relative to the folder `base` (both absolute), with `..` steps when it lies outside.
    package static func relative(_ path: String, from base: String) -> String {
        let target = path.split(separator: "/")
        let origin = base.split(separator: "/")
        var common = 0
        while common < target.count, common < origin.count, target[common] == origin[common] { common += 1 }
        // Outside every shared folder but the root, an absolute path reads better than a ladder of `..`.
        if common == 0 { return path }
        let ups = Array(repeating: "..", count: origin.count - common)
        let rest = target[common...].map(String.init)
        let joined = (ups + rest).joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }

    package static func isFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
