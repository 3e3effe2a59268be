/// A path pattern matched against repository-relative paths (`Shared/Note.swift`, no leading slash).
///
/// - `*` matches any run of characters except `/`;
/// - `**` as a whole segment matches zero or more segments (`**/Info.plist`, `Shared/**`, `a/**/b`);
/// - `?` matches one character except `/`;
/// - `\` makes the next character literal.
/// A pattern always matches the whole path; start it with `**/` to match at any depth.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
    public let pattern: String
    private let segments: [Segment]

    private enum Segment: Hashable, Sendable {
        case anyDepth
        case parts([Part])
    }

    private enum Part: Hashable, Sendable {
        case literal(Unicode.Scalar)
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
            for scalar in raw.unicodeScalars {
                if escaped {
                    parts.append(.literal(scalar))
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "*" {
                    if parts.last != .anyRun { parts.append(.anyRun) }
                } else if scalar == "?" {
                    parts.append(.anyOne)
                } else {
                    parts.append(.literal(scalar))
                }
            }
            if escaped { parts.append(.literal("\\")) }
            segments.append(.parts(parts))
        }
        self.segments = segments
    }

    public var description: String { pattern }

    public func matches(_ path: String) -> Bool {
        let pathSegments = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
        return Glob.match(segments[...], pathSegments[...])
    }

    private static func match(_ pattern: ArraySlice<Segment>, _ path: ArraySlice<[Unicode.Scalar]>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        switch first {
        case .anyDepth:
            let rest = pattern.dropFirst()
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                if remaining.isEmpty { return false }
                remaining = remaining.dropFirst()
            }
        case .parts(let parts):
            guard let segment = path.first, matchSegment(parts[...], segment[...]) else { return false }
            return match(pattern.dropFirst(), path.dropFirst())
        }
    }

    private static func matchSegment(_ parts: ArraySlice<Part>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = parts.first else { return text.isEmpty }
        switch first {
        case .literal(let scalar):
            guard text.first == scalar else { return false }
            return matchSegment(parts.dropFirst(), text.dropFirst())
        case .anyOne:
            guard !text.isEmpty else { return false }
            return matchSegment(parts.dropFirst(), text.dropFirst())
        case .anyRun:
            var remaining = text
            while true {
                if matchSegment(parts.dropFirst(), remaining) { return true }
                if remaining.isEmpty { return false }
                remaining = remaining.dropFirst()
            }
        }
    }
}
