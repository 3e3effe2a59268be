import Foundation
import SlipwayKit
import Testing

@testable import SlipwayCore
@testable import SlipwayGit

/// The fast paths behind `detect --each` work on bytes where the straightforward code compared characters or
/// bridged to Foundation. Each is checked here against that straightforward code on generated inputs, including
/// the awkward ones (combining marks, "\r\n", characters canonically equal to ASCII ones).
@Suite("detect fast paths agree with the straightforward code")
struct FastPathTests {
    static let pieces = [
        "a", "b", "K", "k", "é", "e\u{301}", "\u{301}", "\u{212A}", ";", "\u{37E}", "`", "\u{1FEF}",
        "[", "]", "deploy", "release", " ", "\n", "\r\n", "\r", ":", "!", "(", ")", "-", "_", "😀",
        "\t", "\u{2028}", "BREAKING CHANGE: x", "feat", "fix(ui)", "/", "*", "?", "**", "\\",
    ]

    static func strings(count: Int, maxPieces: Int, seed: UInt64) -> [String] {
        var random = SplitMix(seed: seed)
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...maxPieces, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
        }
    }

    @Test("message tag search finds what Foundation's contains finds")
    func tagSearch() {
        let haystacks = FastPathTests.strings(count: 3000, maxPieces: 8, seed: 1)
        let needles =
            ["[deploy]", "[release]", "k", ";", "`", "é", "e\u{301}", ":", "a b", "[skip deploy]"]
            + FastPathTests.strings(count: 40, maxPieces: 2, seed: 2)
        for haystack in haystacks {
            for needle in needles where !needle.isEmpty {
                #expect(
                    CommitMessage.contains(haystack, needle) == haystack.contains(needle),
                    "\(haystack.debugDescription) / \(needle.debugDescription)")
            }
        }
    }

    @Test("the first line is where split(separator: \"\\n\") cuts")
    func firstLine() {
        for text in FastPathTests.strings(count: 5000, maxPieces: 8, seed: 3) {
            let expected = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            #expect(text.firstLine == expected, "\(text.debugDescription)")
        }
    }

    @Test("a commit's subject is its first line trimmed as Foundation trims")
    func subject() throws {
        let oid = try #require(OID(hex: String(repeating: "a", count: 40)))
        let signature = Commit.Signature(name: "", email: "", time: 0)
        for text in FastPathTests.strings(count: 3000, maxPieces: 6, seed: 4) + [
            " \u{3000}title\u{A0}\n", "\u{85}x\u{2029}",
        ] {
            let commit = Commit(
                id: oid, parents: [], treeID: oid, message: text, author: signature, committer: signature)
            let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            #expect(
                commit.subject == firstLine.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
        }
    }

    @Test("Conventional Commits headers parse the same on bytes as on characters")
    func conventionalHeaders() {
        let headers =
            FastPathTests.strings(count: 5000, maxPieces: 5, seed: 5)
            + [
                "feat: x", "feat!: x", "fix(ui)!: x", "Feat(ui): x", "feat(: x", "f-e_a: x", "feat:x", ": x", "(ui): x",
                "feat(ui)x: y",
            ]
        for header in headers {
            let fast = CommitMessage.conventionalType(header[...])
            let slow = FastPathTests.referenceConventionalType(header[...])
            #expect(fast?.name == slow?.name && fast?.breaking == slow?.breaking, "\(header.debugDescription)")
        }
    }

    @Test("globs match on bytes as a scalar-by-scalar matcher does")
    func globs() {
        let patterns =
            FastPathTests.strings(count: 400, maxPieces: 5, seed: 6)
            + [
                "**/Shared/**", "**/*.xcconfig", "**/Info.plist", "project.yml", "a/**/b", "**/**/x", "a*b*c", "?",
                "\\*",
            ]
        let paths =
            FastPathTests.strings(count: 300, maxPieces: 6, seed: 7)
            + ["Shared/Note.swift", "iOS/Shared", "Configs/Base.xcconfig", "x", "a/b", "a/x/y/b", "axbyc", "é", "*"]
        for pattern in patterns {
            let glob = Glob(pattern)
            let reference = ReferenceGlob(pattern)
            for path in paths {
                #expect(
                    glob.matches(path) == reference.matches(path),
                    "\(pattern.debugDescription) vs \(path.debugDescription)")
            }
        }
    }

    @Test("a long run of stars or double stars is matched in linear time")
    func noBacktrackingBlowUp() {
        let stars = Glob(String(repeating: "a*", count: 30) + "b")
        #expect(!stars.matches(String(repeating: "a", count: 200)))
        let depth = Glob(Array(repeating: "**/a", count: 30).joined(separator: "/") + "/b")
        #expect(!depth.matches(Array(repeating: "a", count: 200).joined(separator: "/")))
    }

    @Test("JSON escapes strings as the character-by-character encoder did, and streams the same bytes")
    func json() throws {
        let values =
            FastPathTests.strings(count: 2000, maxPieces: 6, seed: 8) + ["\u{0}\u{1}\u{1F}\u{7F}\u{8}\u{C}", "\"\\/"]
        for value in values {
            var expected = ""
            FastPathTests.referenceEscape(value, into: &expected)
            #expect(JSON.string(value).compact() == expected, "\(value.debugDescription)")
        }
        // Larger than the console's buffer, so it goes out in several chunks.
        let files = (values + values + values).map { JSON.object(["path": .string($0), "n": .int($0.count)]) }
        let document = JSON.object(["files": .array(files)])
        let folder = TemporaryDirectory("slipway-json")
        let file = folder.url.appendingPathComponent("out.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        let console = Console(outputDescriptor: handle.fileDescriptor)
        console.out("[")
        document.writeCompact(to: console)
        console.out("]")
        console.flush()
        try handle.close()
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written.utf8.count > 1 << 16)
        #expect(written == "[" + document.compact() + "]")
    }

    // MARK: The straightforward versions

    /// The header parser as written on characters.
    static func referenceConventionalType(_ header: Substring) -> (name: String, breaking: Bool)? {
        guard let colon = header.firstIndex(of: ":") else { return nil }
        var prefix = header[..<colon]
        guard header[header.index(after: colon)...].first == " " else { return nil }
        var breaking = false
        if prefix.hasSuffix("!") {
            breaking = true
            prefix = prefix.dropLast()
        }
        if prefix.hasSuffix(")") {
            guard let open = prefix.firstIndex(of: "(") else { return nil }
            prefix = prefix[..<open]
        }
        guard !prefix.isEmpty, prefix.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else { return nil }
        return (prefix.lowercased(), breaking)
    }

    /// JSON string escaping, one scalar at a time.
    static func referenceEscape(_ string: String, into out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// Glob semantics written as plainly as possible: segments and scalars, trying every split.
struct ReferenceGlob {
    enum Part: Equatable {
        case literal(Unicode.Scalar)
        case anyRun, anyOne
    }
    enum Segment: Equatable {
        case anyDepth
        case parts([Part])
    }
    let segments: [Segment]

    init(_ pattern: String) {
        var segments: [Segment] = []
        for raw in pattern.split(separator: "/") {
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

    /// A path splits at every "/" scalar, as git splits it (even before a combining mark, where splitting the
    /// `String` by characters would not).
    func matches(_ path: String) -> Bool {
        let pathSegments = path.unicodeScalars.split(separator: "/").map { Array($0) }
        return ReferenceGlob.match(segments[...], pathSegments[...])
    }

    static func match(_ pattern: ArraySlice<Segment>, _ path: ArraySlice<[Unicode.Scalar]>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        switch first {
        case .anyDepth:
            return (0...path.count).contains { match(pattern.dropFirst(), path.dropFirst($0)) }
        case .parts(let parts):
            guard let segment = path.first, matchSegment(parts[...], segment[...]) else { return false }
            return match(pattern.dropFirst(), path.dropFirst())
        }
    }

    static func matchSegment(_ parts: ArraySlice<Part>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = parts.first else { return text.isEmpty }
        switch first {
        case .literal(let scalar):
            return text.first == scalar && matchSegment(parts.dropFirst(), text.dropFirst())
        case .anyOne:
            return !text.isEmpty && matchSegment(parts.dropFirst(), text.dropFirst())
        case .anyRun:
            return (0...text.count).contains { matchSegment(parts.dropFirst(), text.dropFirst($0)) }
        }
    }
}

/// A small seeded generator, so the generated cases are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
