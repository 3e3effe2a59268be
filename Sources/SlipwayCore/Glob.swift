#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path pattern matched against repository-relative paths (`Shared/Note.swift`, no leading slash).
///
/// - `*` matches any run of characters except `/`;
/// - `**` as a whole segment matches zero or more segments (`**/Info.plist`, `Shared/**`, `a/**/b`);
/// - `?` matches one character except `/`;
/// - `\` makes the next character literal.
/// A pattern always matches the whole path; start it with `**/` to match at any depth.
///
/// Matching works on the path's UTF-8 bytes without allocating: `detect --each` matches every changed path of
/// thousands of commits against several patterns, and splitting each path into arrays cost more than reading git.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
    public let pattern: String
    private let segments: [Segment]
    /// The longest literal run of the pattern: a path without these bytes cannot match, and most paths fail here.
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
        for raw in pattern.split(separator: "/", omittingEmptySubsequences: true) {
            if raw == "**" {
                if segments.last != .anyDepth { segments.append(.anyDepth) }
                continue
            }
            var parts: [Part] = []
            var escaped = false
            func literal(_ scalar: Unicode.Scalar) {
                if case .literal(let bytes)? = parts.last {
                    parts[parts.count - 1] = .literal(bytes + Array(String(scalar).utf8))
                } else {
                    parts.append(.literal(Array(String(scalar).utf8)))
                }
            }
            for scalar in raw.unicodeScalars {
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
        var path = path
        return path.withUTF8 { bytes in
            Glob.contains(bytes, required) && Glob.match(segments, 0, bytes, Glob.skipSlashes(bytes, 0))
        }
    }

    private static let slash = UInt8(ascii: "/")

    private static func contains(_ path: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= path.count, let base = path.baseAddress else { return false }
        var start = 0
        let last = path.count - needle.count
        while start <= last {
            // memchr finds candidate first bytes far faster than a Swift loop.
            guard let hit = memchr(base + start, Int32(first), last - start + 1) else { return false }
            start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if equal(needle, path, start) { return true }
            start += 1
        }
        return false
    }

    private static func skipSlashes(_ path: UnsafeBufferPointer<UInt8>, _ position: Int) -> Int {
        var position = position
        while position < path.count, path[position] == slash { position += 1 }
        return position
    }

    /// Whether the segments match the path's segments from `position`. A `**` stands for any run of segments;
    /// on a mismatch only the latest `**` takes one more segment (as `*` does within a segment), which keeps this
    /// linear where trying every split would be exponential in the number of `**`.
    private static func match(_ segments: [Segment], _ index: Int, _ path: UnsafeBufferPointer<UInt8>, _ position: Int)
        -> Bool
    {
        var segment = index
        var position = position
        var starSegment = -1
        var starPosition = 0
        while position < path.count {
            var end = position
            while end < path.count, path[end] != slash { end += 1 }
            if segment < segments.count {
                switch segments[segment] {
                case .anyDepth:
                    starSegment = segment
                    starPosition = position
                    segment += 1
                    continue
                case .parts(let parts):
                    if matchSegment(parts, path, position, end) {
                        segment += 1
                        position = skipSlashes(path, end)
                        continue
                    }
                }
            }
            guard starSegment >= 0 else { return false }
            // Let the latest `**` swallow one more segment and retry what follows it.
            var starEnd = starPosition
            while starEnd < path.count, path[starEnd] != slash { starEnd += 1 }
            starPosition = skipSlashes(path, starEnd)
            position = starPosition
            segment = starSegment + 1
        }
        while segment < segments.count, segments[segment] == .anyDepth { segment += 1 }
        return segment == segments.count
    }

    /// Matches one segment's parts against `path[start..<end]`, backtracking to the last `*` on a mismatch.
    private static func matchSegment(_ parts: [Part], _ path: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
        -> Bool
    {
        var part = 0
        var text = start
        var starPart = -1
        var starText = start
        while text < end {
            if part < parts.count {
                switch parts[part] {
                case .literal(let bytes):
                    if text + bytes.count <= end, equal(bytes, path, text) {
                        text += bytes.count
                        part += 1
                        continue
                    }
                case .anyOne:
                    text = nextCharacter(path, text, end)
                    part += 1
                    continue
                case .anyRun:
                    starPart = part
                    starText = text
                    part += 1
                    continue
                }
            }
            guard starPart >= 0 else { return false }
            // Let the last `*` swallow one more character and retry what follows it.
            starText = nextCharacter(path, starText, end)
            text = starText
            part = starPart + 1
        }
        while part < parts.count, parts[part] == .anyRun { part += 1 }
        return part == parts.count
    }

    private static func equal(_ bytes: [UInt8], _ path: UnsafeBufferPointer<UInt8>, _ position: Int) -> Bool {
        for offset in 0..<bytes.count where bytes[offset] != path[position + offset] { return false }
        return true
    }

    /// The position after the Unicode scalar at `position` (skips UTF-8 continuation bytes).
    private static func nextCharacter(_ path: UnsafeBufferPointer<UInt8>, _ position: Int, _ end: Int) -> Int {
        var next = position + 1
        while next < end, path[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }
}
