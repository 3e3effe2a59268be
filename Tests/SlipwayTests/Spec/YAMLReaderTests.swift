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
        #expect(root["c"]?.items.last?.items.first?.scalar == "deep")
        #expect(root["c"]?.isFlow == false)
        #expect(root["d"]?.items.isEmpty == true)
    }

    @Test("positions after a byte-order mark and multi-byte characters count characters, not bytes")
    func positions() throws {
        let file = try YAMLFile(path: "a.yml", text: "\u{FEFF}name: é\nlist: [ü, 'ö']\n")
        let name = try #require(file.root?["name"])
        #expect(name.start == YAMLMark(line: 1, column: 7, offset: 9))
        let last = try #require(file.root?["list"]?.items.last)
        #expect(last.start == YAMLMark(line: 2, column: 11, offset: 23))
    }
}

extension YAMLReaderTests {
    /// Probe (temporary): prints what libyaml says of each refused input.
    @Test("probe")
    func probe() {
        var inputs: [[UInt8]] = []
        for character in ["\u{7F}", "\u{1F}", "\u{00}", "\t", "\r", "\u{85}", "\u{2028}", "\u{FEFF}"] {
            inputs.append(Array(("a: 0123456789abcdef" + character + "0123456789abcdef\n").utf8))
        }
        inputs.append(Array("a: 0123456789abcdef".utf8) + [0xC3, 0x28] + Array(" 01234567\n".utf8))
        inputs.append(Array("a: ok\nb: é\n".utf8) + [0xFF] + Array("\n".utf8))
        inputs.append(Array("a: ok\nb: \"x".utf8) + [0xE2, 0x82] + Array("\"\n".utf8))
        for text in ["a:\tb\n", "a: [x, ]\n", "a: b: c\n", "a: [x\n", "a: 'x", "  a: 1\nb: 2\n", "a: 1\n- b\n", "a: b\n\u{FEFF}c: d\n"] {
            inputs.append(Array(text.utf8))
        }
        for input in inputs {
            do {
                let file = try YAMLFile(path: "p.yml", bytes: input)
                print("PROBE OK \(String(decoding: input, as: UTF8.self).debugDescription) -> \(file.root?.pairs.map { "\($0.key.scalar)=\($0.value.scalar.debugDescription)" } ?? [])")
            } catch {
                print("PROBE ERR \(String(decoding: input, as: UTF8.self).debugDescription) -> \(error.location.map { "\($0.line):\($0.column)" } ?? "-") \(error.message)")
            }
        }
    }
}
