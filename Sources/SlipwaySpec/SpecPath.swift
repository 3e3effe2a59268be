import Foundation
import SlipwayCore

/// Path arithmetic for spec files, done on strings as XcodeGen's PathKit does, so includes resolve the same way.
package enum SpecPath {
    /// The spec names looked for at the repository root when none is configured, in XcodeGen's order of preference.
    package static let defaultNames = ["project.yml", "project.yaml", "project.json"]

    /// The first of `defaultNames` that is a file in `folder` (an absolute path), as an absolute path.
    package static func defaultSpec(in folder: String, source: some SpecFileSource) -> String? {
        defaultNames.map { join(folder, $0) }.first { source.isFile($0) }
    }

    /// `path` made absolute against `base` (an absolute `path` stays as it is), with `.` and `..` folded by name
    /// (`RealPath.folded`, as `DisplayPath` compares paths).
    package static func absolute(_ path: String, from base: URL) -> URL {
        URL(fileURLWithPath: RealPath.folded(join(base.path, path)))
    }

    /// PathKit's `+`: an absolute right side wins, an empty side disappears.
    package static func join(_ left: String, _ right: String) -> String {
        if right.hasPrefix("/") || left.isEmpty { return right }
        if right.isEmpty { return left }
        return left.hasSuffix("/") ? left + right : left + "/" + right
    }

    /// PathKit's `parent()`: the folder part, `.` for a bare name.
    static func parent(_ path: String) -> String {
        let slash = UInt8(ascii: "/")
        var trimmed = Substring(path)
        while trimmed.utf8.count > 1, trimmed.utf8.last == slash { trimmed = trimmed.dropLast() }
        guard let index = trimmed.utf8.lastIndex(of: slash) else { return "." }
        return index == trimmed.startIndex ? "/" : String(trimmed[..<index])
    }

    /// The parts of `path` between slashes, split on the byte `/` as git and the file system do (a Character split
    /// costs a grapheme break test per character, and `detect --each` splits paths on every spec change).
    static func segments(_ path: String, omittingEmpty: Bool = true) -> [Substring] {
        let slash = UInt8(ascii: "/")
        let utf8 = path.utf8
        var parts: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == slash {
                if !omittingEmpty || index != start { parts.append(path[start..<index]) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if !omittingEmpty || start != utf8.endIndex { parts.append(path[start..<utf8.endIndex]) }
        return parts
    }

    /// Folds `.` and `..` segments without touching the file system.
    package static func normalize(_ path: String) -> String {
        // Most paths are already normal (includes are resolved from normal parts), and `detect --each` normalises
        // on every commit that touches the spec: answer those with one scan instead of splitting and joining.
        if isNormal(path) { return path }
        return withBytes(of: path) { folded($0) }
    }

    /// `normalize` for a path that needs folding, segment by segment on the bytes between slashes (substrings of
    /// the path and string joins cost more than the walk that asks for them). Whole segments are kept or dropped,
    /// so the result is valid UTF-8 when the path is.
    private static func folded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        let absolute = bytes.first == slash
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 1)
        // Where each kept segment starts in `result`; a segment after the first follows a slash.
        var starts: [Int] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] != slash else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, bytes[end] != slash { end += 1 }
            let isDot = end - index == 1 && bytes[index] == dot
            let isDotDot = end - index == 2 && bytes[index] == dot && bytes[index + 1] == dot
            if isDotDot, let last = starts.last,
                !(result.count - last == 2 && result[last] == dot && result[last + 1] == dot)
            {
                result.removeSubrange(max(last - 1, 0)...)
                starts.removeLast()
            } else if !isDot, !(isDotDot && absolute) {
                if !starts.isEmpty { result.append(slash) }
                starts.append(result.count)
                result.append(contentsOf: bytes[index..<end])
            }
            index = end
        }
        if absolute { return "/" + String(decoding: result, as: UTF8.self) }
        return result.isEmpty ? "." : String(decoding: result, as: UTF8.self)
    }

    /// Whether `normalize` would return `path` unchanged: no empty, `.` or `..` segment, no trailing slash.
    static func isNormal(_ path: String) -> Bool {
        withBytes(of: path) { bytes in
            let slash = UInt8(ascii: "/")
            let dot = UInt8(ascii: ".")
            var index = 0
            if bytes.first == slash {
                if bytes.count == 1 { return true }
                index = 1
            }
            var segmentLength = 0
            var dots = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
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
    }

    /// The real path (`RealPath.resolve`: symbolic links resolved as far as the path exists), so one file reached
    /// two ways is one file.
    package static func canonical(_ url: URL) -> URL {
        URL(fileURLWithPath: RealPath.resolve(url.path))
    }

    /// How messages name a file: relative to `base` (the current folder), climbing out of it with `..`.
    package static func display(_ url: URL, from base: URL) -> String {
        DisplayPath.of(canonical(url).path, relativeTo: canonical(base).path, outside: .climbing)
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
