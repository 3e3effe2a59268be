/// A path pattern matched against repository-relative paths (`Shared/Note.swift`, no leading slash).
///
/// - `*` matches any run of characters except `/`;
/// - `**` as a whole segment matches zero or more segments (`**/Info.plist`, `Shared/**`, `a/**/b`);
/// - `?` matches one character except `/`;
/// - `\` makes the next character literal.
/// A pattern always matches the whole path; start it with `**/` to match at any depth. Characters are Unicode
/// scalars compared by their UTF-8 bytes, as git compares paths: `é` written as one scalar is not `e` and a combining
/// accent. The path is read in place, through its UTF-8 view.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
    public let pattern: String
    private let segments: [Segment]
    /// The pattern's longest literal run: a path without these bytes cannot match, and most paths fail there, in
    /// one byte search instead of a walk through their names.
    private let required: [UInt8]

    private enum Segment: Hashable, Sendable {
        case anyDepth
        case parts([Part])
    }

    private enum Part: Hashable, Sendable {
        /// The UTF-8 bytes of one or more literal characters.
        case literal([UInt8])
        case anyRun
        case anyOne
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        var segments: [Segment] = []
        for raw in pattern.unicodeScalars.split(separator: "/") {
            if raw.elementsEqual("**".unicodeScalars) {
                if segments.last != .anyDepth { segments.append(.anyDepth) }
                continue
            }
            var parts: [Part] = []
            func literal(_ scalar: Unicode.Scalar) {
                let bytes = Array(String(scalar).utf8)
                if case .literal(let run)? = parts.last {
                    parts[parts.count - 1] = .literal(run + bytes)
                } else {
                    parts.append(.literal(bytes))
                }
            }
            var escaped = false
            for scalar in raw {
                if escaped {
                    literal(scalar)
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "*" {
                    if parts.last != .anyRun { parts.append(.anyRun) }
                } else if scalar == "?" {
                    parts.append(.anyOne)
                } else {
                    literal(scalar)
                }
            }
            if escaped { literal("\\") }
            segments.append(.parts(parts))
        }
        self.segments = segments
        var required: [UInt8] = []
        for case .parts(let parts) in segments {
            for case .literal(let bytes) in parts where bytes.count > required.count { required = bytes }
        }
        self.required = required
    }

    public var description: String { pattern }

    public func matches(_ path: String) -> Bool {
        path.containsUTF8(required) && Glob.match(segments, path.utf8)
    }

    private static let slash = UInt8(ascii: "/")

    /// The name at or after `index` (slashes skipped: leading, trailing and doubled ones count for nothing).
    private static func name(at index: String.Index, in path: String.UTF8View) -> Range<String.Index> {
        var start = index
        while start < path.endIndex, path[start] == slash { start = path.index(after: start) }
        var end = start
        while end < path.endIndex, path[end] != slash { end = path.index(after: end) }
        return start..<end
    }

    /// Whether the segments match the path's names. A `**` stands for any run of names; on a mismatch only the
    /// latest `**` takes one more name (as `*` does within a name), which keeps this linear where trying every split
    /// would be exponential in the number of `**`.
    private static func match(_ segments: [Segment], _ path: String.UTF8View) -> Bool {
        var segment = 0
        var name = Glob.name(at: path.startIndex, in: path)
        var starSegment: Int?
        var starName = name
        while !name.isEmpty {
            if segment < segments.count {
                switch segments[segment] {
                case .anyDepth:
                    starSegment = segment
                    starName = name
                    segment += 1
                    continue
                case .parts(let parts):
                    if match(parts, path[name]) {
                        segment += 1
                        name = Glob.name(at: name.upperBound, in: path)
                        continue
                    }
                }
            }
            guard let star = starSegment else { return false }
            // Let the latest `**` swallow one more name and retry what follows it.
            starName = Glob.name(at: starName.upperBound, in: path)
            name = starName
            segment = star + 1
        }
        return segments[segment...].allSatisfy { $0 == .anyDepth }
    }

    /// Whether one segment's parts match a whole name, backtracking to the last `*` on a mismatch (linear for the
    /// same reason as `match`).
    private static func match(_ parts: [Part], _ name: Substring.UTF8View) -> Bool {
        var part = 0
        var index = name.startIndex
        var starPart: Int?
        var starIndex = index
        while index < name.endIndex {
            if part < parts.count {
                switch parts[part] {
                case .literal(let bytes):
                    if let end = name[index...].starting(with: bytes) {
                        part += 1
                        index = end
                        continue
                    }
                case .anyOne:
                    part += 1
                    index = nextScalar(after: index, in: name)
                    continue
                case .anyRun:
                    starPart = part
                    starIndex = index
                    part += 1
                    continue
                }
            }
            guard let star = starPart else { return false }
            // Let the last `*` swallow one more character and retry what follows it.
            starIndex = nextScalar(after: starIndex, in: name)
            index = starIndex
            part = star + 1
        }
        return parts[part...].allSatisfy { $0 == .anyRun }
    }

    /// Where the scalar after the one at `index` starts: past its UTF-8 continuation bytes.
    private static func nextScalar(after index: String.Index, in name: Substring.UTF8View) -> String.Index {
        var next = name.index(after: index)
        while next < name.endIndex, name[next] & 0xC0 == 0x80 { next = name.index(after: next) }
        return next
    }
}

extension Substring.UTF8View {
    /// Where `prefix` ends when these bytes start with it, else `nil`.
    fileprivate func starting(with prefix: [UInt8]) -> String.Index? {
        var index = startIndex
        for byte in prefix {
            guard index < endIndex, self[index] == byte else { return nil }
            index = self.index(after: index)
        }
        return index
    }
}
