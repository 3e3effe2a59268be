import SlipwayCore
import Testing

@Suite("Glob")
struct GlobTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var pattern: String
        var path: String
        var matches: Bool
        var testDescription: String { "'\(pattern)' \(matches ? "matches" : "does not match") '\(path)'" }
    }

    static let cases: [Case] = [
        // A pattern always covers the whole path.
        .init(pattern: "project.yml", path: "project.yml", matches: true),
        .init(pattern: "project.yml", path: "App/project.yml", matches: false),
        .init(pattern: "project.yml", path: "project.yml.bak", matches: false),
        .init(pattern: "Shared", path: "Shared/Note.swift", matches: false),
        // `*` stays inside one segment.
        .init(pattern: "*.swift", path: "Note.swift", matches: true),
        .init(pattern: "*.swift", path: "Shared/Note.swift", matches: false),
        .init(pattern: "Shared/*", path: "Shared/Note.swift", matches: true),
        .init(pattern: "Shared/*", path: "Shared/Models/Note.swift", matches: false),
        .init(pattern: "*", path: "", matches: false),
        .init(pattern: "a*b*c", path: "axxbyyc", matches: true),
        .init(pattern: "a*b*c", path: "axxbyy", matches: false),
        .init(pattern: "*.swift", path: ".swift", matches: true),
        // `**` spans zero or more whole segments.
        .init(pattern: "**/Info.plist", path: "Info.plist", matches: true),
        .init(pattern: "**/Info.plist", path: "iOS/Info.plist", matches: true),
        .init(pattern: "**/Info.plist", path: "watchOS/Extension/Resources/Info.plist", matches: true),
        .init(pattern: "**/Info.plist", path: "iOS/MyInfo.plist", matches: false),
        .init(pattern: "**/*.xcconfig", path: "Configs/Debug/Base.xcconfig", matches: true),
        .init(pattern: "**/*.xcconfig", path: "Base.xcconfig.orig", matches: false),
        .init(pattern: "**/Shared/**", path: "Shared/Note.swift", matches: true),
        .init(pattern: "**/Shared/**", path: "Modules/Shared/Deep/Note.swift", matches: true),
        .init(pattern: "**/Shared/**", path: "Shared", matches: true),
        .init(pattern: "**/Shared/**", path: "iOS/Shared", matches: true),
        .init(pattern: "**/Shared/**", path: "SharedKit/Note.swift", matches: false),
        .init(pattern: "**/Shared/**", path: "shared/Note.swift", matches: false),
        .init(pattern: "**/Shared/**", path: "iOS/NotShared/Note.swift", matches: false),
        .init(pattern: "Sources/**/Tests/*.swift", path: "Sources/Tests/A.swift", matches: true),
        .init(pattern: "Sources/**/Tests/*.swift", path: "Sources/a/b/Tests/A.swift", matches: true),
        .init(pattern: "Sources/**/Tests/*.swift", path: "Sources/a/b/Tests/x/A.swift", matches: false),
        .init(pattern: "**", path: "any/path/at/all", matches: true),
        .init(pattern: "**/**/x", path: "x", matches: true),
        // `**` inside a segment is two `*`, not a depth wildcard.
        .init(pattern: "a**b", path: "axyb", matches: true),
        .init(pattern: "a**b", path: "ax/yb", matches: false),
        // `?` is one character, never `/`.
        .init(pattern: "v?.swift", path: "v1.swift", matches: true),
        .init(pattern: "v?.swift", path: "v12.swift", matches: false),
        .init(pattern: "a?b", path: "a/b", matches: false),
        .init(pattern: "?", path: "é", matches: true),
        // Tag patterns.
        .init(pattern: "v*", path: "v1.2.3", matches: true),
        .init(pattern: "v*", path: "release-1", matches: false),
        // `\` makes the next character literal.
        .init(pattern: #"\*.swift"#, path: "*.swift", matches: true),
        .init(pattern: #"\*.swift"#, path: "a.swift", matches: false),
        .init(pattern: #"what\?"#, path: "what?", matches: true),
        .init(pattern: #"what\?"#, path: "whats", matches: false),
        // Spaces, quotes and non-ASCII are ordinary characters.
        .init(pattern: "**/My App/*.swift", path: "Apps/My App/Note \"x\".swift", matches: true),
        .init(pattern: "Über/*", path: "Über/Straße.swift", matches: true),
        .init(pattern: "Uber/*", path: "Über/Straße.swift", matches: false),
        // Case matters, as in git.
        .init(pattern: "**/info.plist", path: "iOS/Info.plist", matches: false),
        // Leading, trailing and doubled slashes are ignored on both sides.
        .init(pattern: "/Shared/*", path: "Shared/a", matches: true),
        .init(pattern: "Shared//a", path: "Shared/a", matches: true),
    ]

    @Test("matches whole repository-relative paths", arguments: cases)
    func matching(_ example: Case) {
        #expect(Glob(example.pattern).matches(example.path) == example.matches)
    }

    @Test("keeps the pattern it was made from")
    func pattern() {
        #expect(Glob("**/Shared/**").pattern == "**/Shared/**")
        #expect(Glob("**/Shared/**").description == "**/Shared/**")
    }

    @Test("a long path against many stars finishes quickly and right")
    func manyStars() {
        let path = String(repeating: "a", count: 60)
        #expect(!Glob(String(repeating: "a*", count: 12) + "b").matches(path))
        #expect(Glob(String(repeating: "a*", count: 12)).matches(path))
    }
}

@Suite("Glob: characters and time")
struct GlobCharacterTests {
    @Test("'?' and literals compare Unicode scalars: a precomposed é is one, e with a combining accent two")
    func scalars() {
        #expect(Glob("?").matches("é"))
        #expect(!Glob("?").matches("e\u{301}"))
        #expect(Glob("??").matches("e\u{301}"))
        #expect(!Glob("é.swift").matches("e\u{301}.swift"))
        #expect(Glob("*/😀?.txt").matches("x/😀a.txt"))
    }

    @Test("a long run of stars or double stars that cannot match is refused in linear time")
    func linearTime() {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            let stars = Glob(String(repeating: "a*", count: 40) + "b")
            #expect(!stars.matches(String(repeating: "a", count: 5000)))
            let depth = Glob(Array(repeating: "**/a", count: 40).joined(separator: "/") + "/b")
            #expect(!depth.matches(Array(repeating: "a", count: 2000).joined(separator: "/")))
            #expect(depth.matches(Array(repeating: "a", count: 2000).joined(separator: "/") + "/b"))
        }
        // Trying every split would take longer than the universe has; backtracking only the latest star is linear.
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }
}

@Suite("byte search")
struct UTF8SearchTests {
    @Test("finds a run of UTF-8 bytes anywhere in a string, the empty run everywhere")
    func containsUTF8() {
        #expect("Sources/Base.xcconfig".containsUTF8(Array(".xcconfig".utf8)))
        #expect(!"Sources/Base.xcconf".containsUTF8(Array(".xcconfig".utf8)))
        #expect("".containsUTF8([]))
        #expect(!"ab".containsUTF8(Array("abc".utf8)))
        #expect("Straße/é".containsUTF8(Array("é".utf8)))
        #expect(!"Straße/e\u{301}".containsUTF8(Array("é".utf8)), "bytes, not characters")
    }
}
