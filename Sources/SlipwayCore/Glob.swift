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
        return Glob.wildcardMatch(segments, pathSegments, isStar: { $0 == .anyDepth }) { segment, text in
            guard case .parts(let parts) = segment else { return false }
            return Glob.wildcardMatch(parts, text, isStar: { $0 == .anyRun }) { part, scalar in
                switch part {
                case .literal(let literal): return literal == scalar
                case .anyOne: return true
                case .anyRun: return false
                }
            }
        }
    }

    /// Matches `items` against a pattern where star elements stand for any run of items (`**` over segments,
    /// `*` over characters). Backtracking only to the latest star keeps this O(pattern × items); trying every
    /// split recursively is exponential in the number of stars (`a*a*a*…b` never finished).
    private static func wildcardMatch<P, T>(_ pattern: [P], _ items: [T], isStar: (P) -> Bool, matches: (P, T) -> Bool) -> Bool {
        var p = 0
        var i = 0
        var lastStar: (pattern: Int, item: Int)?
        while i < items.count {
            if p < pattern.count, isStar(pattern[p]) {
                lastStar = (p, i)
                p += 1
            } else if p < pattern.count, matches(pattern[p], items[i]) {
                p += 1
                i += 1
            } else if let star = lastStar {
                // Let the latest star swallow one more item and retry from just after it.
                lastStar = (star.pattern, star.item + 1)
                p = star.pattern + 1
                i = star.item + 1
            } else {
                return false
            }
        }
        while p < pattern.count, isStar(pattern[p]) { p += 1 }
        return p == pattern.count
    }
}
