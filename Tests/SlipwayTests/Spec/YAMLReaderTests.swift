import SlipwayYAML
import Testing

/// The YAML specs are written in, read through libyaml: values after unescaping and folding, comments, empty values,
/// a byte-order mark, and the characters libyaml refuses, each an error at its line and column.
@Suite("YAML reader: the constructs specs use")
struct YAMLReaderTests {
    /// A document, the key of the root mapping to read, and the value it must have.
    static let values: [(text: String, key: String, value: String)] = [
        ("a: 1\n", "a", "1"), ("a: 1", "a", "1"), ("a: b # comment\n", "a", "b"), ("a: b#c\n", "a", "b#c"),
        ("a: http://example.com/x?y=1#z\n", "a", "http://example.com/x?y=1#z"), ("a: b:c\n", "a", "b:c"),
        ("a: \"5.10\"\n", "a", "5.10"), ("a: -O\n", "a", "-O"), ("a: $(VAR)\n", "a", "$(VAR)"),
        ("a: x y   z  \n", "a", "x y   z"), ("'quoted key': 1\n", "quoted key", "1"), ("\"a\" : 1\n", "a", "1"),
        ("a: 'it''s'\n", "a", "it's"), ("a: \"tab\\tnew\\nq\\\"\"\n", "a", "tab\tnew\nq\""),
        ("a: \"\\\\server\\/x\"\n", "a", "\\server/x"), ("a: \"# not a comment\"\n", "a", "# not a comment"),
        ("a: \"\\x41\\u00e9\"\n", "a", "Aé"), ("a:\n  scalar on its own line\nb: 1\n", "a", "scalar on its own line"),
        ("a: |\n  line1\n  line2\nb: 1\n", "a", "line1\nline2\n"), ("a: |-\n  x\n\n\nb: 1\n", "a", "x"),
        ("a: |+\n  x\n\n\nb: 1\n", "a", "x\n\n\n"), ("a: >\n  one\n  two\n\n  three\n", "a", "one two\nthree\n"),
        ("a: >-\n  one\n    more\n  two\n", "a", "one\n  more\ntwo"), ("a: |\n  x", "a", "x"),
        ("a: |\n  # not a comment\n  x: y\n", "a", "# not a comment\nx: y\n"), ("a: | # comment\n  x\n", "a", "x\n"),
        ("---\na: 1\n", "a", "1"), ("--- # c\na: 1\n", "a", "1"), ("\u{FEFF}a: 1\n", "a", "1"),
        ("a: 1\n# c\n  # indented comment\nb: 2\n", "b", "2"), ("ключ: значение\n", "ключ", "значение"),
        ("a: 'x'  \n", "a", "x"), ("a: x  # c  \n", "a", "x"), ("a: --x\n", "a", "--x"), ("a: ?x\n", "a", "?x"),
        ("a: \"x\n  y\"\n", "a", "x y"), ("a: b\n  c\n", "a", "b c"), ("a: &x 1\nb: *x\n", "b", "1"),
        ("a: !!str 1\n", "a", "1"),
    ]

    @Test("values read as YAML reads them", arguments: values.indices)
    func value(_ index: Int) throws {
        let (text, key, value) = Self.values[index]
        let file = try YAMLFile(path: "a.yml", text: text)
        #expect(file.root?[key]?.scalar == value, "\(text.debugDescription)")
    }

    @Test("empty values, empty documents and comments alone")
    func empty() throws {
        #expect(try YAMLFile(path: "a.yml", text: "a:   # empty\nb: 2\n").root?["a"]?.isNull == true)
        #expect(try YAMLFile(path: "a.yml", text: "a:\n").root?["a"]?.isNull == true)
        for text in ["", "\n\n", "# only a comment\n"] {
            #expect(try YAMLFile(path: "a.yml", text: text).root == nil, "\(text.debugDescription)")
        }
    }

    @Test("sequences and flow collections keep their items and their style")
    func collections() throws {
        let file = try YAMLFile(
            path: "a.yml", text: "a: [x, \"y\", 'z']\nb: {k: v}\nc:\n- 1\n-\n- - deep\nd: []\n")
        let root = try #require(file.root)
        #expect(root["a"]?.items.map(\.scalar) == ["x", "y", "z"])
        #expect(root["a"]?.isFlow == true)
        #expect(root["b"]?["k"]?.scalar == "v")
        #expect(root["c"]?.items.count == 3)
        #expect(root["c"]?.items.dropFirst().first?.isNull == true)
        #expect(root["c"].map { Array($0.items) }?.last?.items.first?.scalar == "deep")
        #expect(root["c"]?.isFlow == false)
        #expect(root["d"]?.items.isEmpty == true)
    }

    @Test("positions after a byte-order mark and multi-byte characters count characters, not bytes")
    func positions() throws {
        let file = try YAMLFile(path: "a.yml", text: "\u{FEFF}name: é\nlist: [ü, 'ö']\n")
        let name = try #require(file.root?["name"])
        #expect(name.start == YAMLMark(line: 1, column: 7, offset: 9))
        let last = try #require(file.root?["list"].map { Array($0.items) }?.last)
        #expect(last.start == YAMLMark(line: 2, column: 11, offset: 23))
    }
}

extension YAMLReaderTests {
    /// Input libyaml refuses, and what it says: a control character or bytes that are not UTF-8 anywhere in a value,
    /// at the offending byte, and syntax errors at their line and column (NEL and the Unicode separators count as
    /// line breaks).
    static let refused: [(bytes: [UInt8], message: String, line: Int, column: Int)] = [
        (Array("a: 0123456789abcdef\u{7F}0123456789abcdef\n".utf8), "control characters are not allowed", 1, 20),
        (Array("a: 0123456789abcdef\u{1F}0123456789abcdef\n".utf8), "control characters are not allowed", 1, 20),
        (Array("a: 0123456789abcdef\u{00}0123456789abcdef\n".utf8), "control characters are not allowed", 1, 20),
        (
            Array("a: 0123456789abcdef".utf8) + [0xC3, 0x28] + Array(" 01234567\n".utf8),
            "invalid trailing UTF-8 octet", 1, 21
        ),
        (Array("a: ok\nb: é\n".utf8) + [0xFF, 0x0A], "invalid leading UTF-8 octet", 3, 1),
        (Array("a: ok\nb: \"x".utf8) + [0xE2, 0x82] + Array("\"\n".utf8), "invalid trailing UTF-8 octet", 2, 7),
        (
            Array("a: 0123456789abcdef\r0123456789abcdef\n".utf8),
            "could not find expected ':' (while scanning a simple key at line 2, column 1)", 3, 1
        ),
        (
            Array("a: 0123456789abcdef\u{85}0123456789abcdef\n".utf8),
            "could not find expected ':' (while scanning a simple key at line 2, column 1)", 3, 1
        ),
        (
            Array("a: 0123456789abcdef\u{2028}0123456789abcdef\n".utf8),
            "could not find expected ':' (while scanning a simple key at line 2, column 1)", 3, 1
        ),
        (Array("a: b: c\n".utf8), "mapping values are not allowed in this context", 1, 5),
        (
            Array("a: [x\n".utf8),
            "did not find expected ',' or ']' (while parsing a flow sequence at line 1, column 4)", 2, 1
        ),
        (
            Array("a: 'x".utf8), "found unexpected end of stream (while scanning a quoted scalar at line 1, column 4)",
            1, 6
        ),
        (Array("  a: 1\nb: 2\n".utf8), "did not find expected <document start>", 2, 1),
        (
            Array("a: 1\n- b\n".utf8), "did not find expected key (while parsing a block mapping at line 1, column 1)",
            2, 1
        ),
    ]

    @Test(
        "what libyaml refuses is an error naming the file, with libyaml's message and position",
        arguments: refused.indices)
    func refusedInput(_ index: Int) {
        let (bytes, message, line, column) = Self.refused[index]
        #expect {
            _ = try YAMLFile(path: "p.yml", bytes: bytes)
        } throws: { error in
            guard let error = error as? YAMLError else { return false }
            return error.message == message && error.location?.file == "p.yml" && error.location?.line == line
                && error.location?.column == column && error.hint == "fix the YAML syntax at this position"
        }
    }

    @Test("a tab or a byte-order mark inside a plain value is part of the value")
    func tabsAndMarks() throws {
        let tab = try YAMLFile(path: "a.yml", text: "a: x\ty\nb:\tc\n")
        #expect(tab.root?["a"]?.scalar == "x\ty")
        #expect(tab.root?["b"]?.scalar == "c")
        let mark = try YAMLFile(path: "a.yml", text: "a: x\u{FEFF}y\n")
        #expect(mark.root?["a"]?.scalar == "x\u{FEFF}y")
    }
}
