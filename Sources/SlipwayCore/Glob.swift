/// A path pattern matched against repository-relative paths (`Shared/Note.swift`, no leading slash).
///
/// - `*` matches any run of characters except `/`;
/// - `**` as a whole segment matches zero or more segments (`**/Info.plist`, `Shared/**`, `a/**/b`);
/// - `?` matches one character except `/`;
/// - `\` makes the next character literal.
/// A pattern always matches the whole path; start it with `**/` to match at any depth. Characters are compared as
/// Unicode scalars, as git compares the bytes of a path: `é` written as one scalar is not `e` and a combining accent.
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
        for raw in pattern.unicodeScalars.split(separator: "/") {
            if raw.elementsEqual("**".unicodeScalars) {
                if segments.last != .anyDepth { segments.append(.anyDepth) }
                continue
            }
            var parts: [Part] = []
            var escaped = false
            for scalar in raw {
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
        let names = path.unicodeScalars.split(separator: "/").map(Array.init)
        return Glob.match(segments, names)
    }

    /// Whether the segments match the path's names. A `**` stands for any run of names; on a mismatch only the
    /// latest `**` takes one more name (as `*` does within a name), which keeps this linear where trying every split
    /// would be exponential in the number of `**`.
    private static func match(_ segments: [Segment], _ names: [[Unicode.Scalar]]) -> Bool {
        var segment = 0
        var name = 0
        var starSegment: Int?
        var starName = 0
        while name < names.count {
            if segment < segments.count {
                switch segments[segment] {
                case .anyDepth:
                    starSegment = segment
                    starName = name
                    segment += 1
                    continue
                case .parts(let parts):
                    if match(parts, names[name]) {
                        segment += 1
                        name += 1
                        continue
                    }
                }
            }
            guard let star = starSegment else { return false }
            // Let the latest `**` swallow one more name and retry what follows it.
            starName += 1
            name = starName
            segment = star + 1
        }
        return segments[segment...].allSatisfy { $0 == .anyDepth }
    }

    /// Whether one segment's parts match a whole name, backtracking to the last `*` on a mismatch (linear for the
    /// same reason as `match`).
    private static func match(_ parts: [Part], _ name: [Unicode.Scalar]) -> Bool {
        var part = 0
        var index = 0
        var starPart: Int?
        var starIndex = 0
        while index < name.count {
            if part < parts.count {
                switch parts[part] {
                case .anyOne:
                    part += 1
                    index += 1
                    continue
                case .literal(let scalar) where scalar == name[index]:
                    part += 1
                    index += 1
                    continue
                case .anyRun:
                    starPart = part
                    starIndex = index
                    part += 1
                    continue
                case .literal:
                    break
                }
            }
            guard let star = starPart else { return false }
            // Let the last `*` swallow one more character and retry what follows it.
            starIndex += 1
            index = starIndex
            part = star + 1
        }
        return parts[part...].allSatisfy { $0 == .anyRun }
    }
}
