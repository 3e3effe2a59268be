import Testing

@testable import SlipwayYAML

/// Hand-written inputs for the native reader: the constructs it reads (each must take the native path and match
/// libyaml) and the ones it leaves to libyaml (each must decline, or match).
@Suite("Native YAML reader: edge cases")
struct NativeYAMLEdgeCaseTests {
    static let read: [String] = [
        "a: 1\n", "a: 1", "a:\n", "a:", "a: \n", "a:   # empty\nb: 2\n", "a: b # comment\n", "a: b#c\n",
        "a: http://example.com/x?y=1#z\n", "a: b:c\n", "a: \"5.10\"\n", "a: -O\n", "a: $(VAR)\n", "a: YES\n",
        "a: x y   z  \n", "'quoted key': 1\n\"dq\": 2\n", "\"a\" : 1\n", "a: 'it''s'\n", "a: \"tab\\tnew\\nq\\\"\"\n",
        "a: \"\\\\server\\/x\"\n", "a: ''\nb: \"\"\n", "a: \"# not a comment\"\n",
        "- a\n- b\n", "-\n- \n-  # c\n- x\n", "- - a\n  - b\n- - c\n", "- - - deep\n", "- a: 1\n  b: 2\n- c: 3\n",
        "- a:\n  - x\n  b: 2\n", "- a:\n    - x\n", "key:\n- a\n- b\nother: 1\n", "key:\n  - a\n  -\n  - b\n",
        "a:\n  b:\n  - x\nc: 1\n", "a:\n  b:\n    c:\n      d: e\n  f: g\n",
        "a: [x, \"y\", 'z']\n", "a: []\nb: {}\n", "a: {k: v, 'q': \"w\"}\n", "a: [[1, 2], {b: c}]\n",
        "a: [ x y , z ]\n",
        "- [a, b]\n- {c: d}\n", "a:\n  [x, y]\n", "a:\n  scalar on its own line\nb: 1\n", "a:\n  \"quoted\"\n",
        "a: |\n  line1\n  line2\nb: 1\n", "a: |-\n  x\n\n\nb: 1\n", "a: |+\n  x\n\n\nb: 1\n",
        "a: >\n  one\n  two\n\n  three\n",
        "a: >-\n  one\n    more\n  two\n", "a: >+\n  x\n", "a: |\n  x", "a: |\n  x\n", "a: |\nb: 1\n", "a: |\n\n  x\n",
        "a: | # comment\n  x\n", "- |\n  item\n- >\n  folded\n", "a:\n  b: |\n    deep\n      deeper\n  c: d\n",
        "a: |\n  # not a comment\n  x: y\n", "# only a comment\n", "", "\n\n", "---\na: 1\n", "--- # c\na: 1\n",
        "\u{FEFF}a: 1\n", "a: 1\n\n# trailing\n\n", "a: 1\n# c\n  # indented comment\nb: 2\n", "a: café\nb: 1\n",
        "ключ: значение\n", "a: \"é\\n\"\n", "a:\n  b: 1\n  # c\n\nc: 2\n", "a: --x\n", "a: ?x\n", "a: :x\n",
        "k: [a, b]  # c\n", "a: 'x' # c\n", "a: |\n  x\n     \n",
        "a:\n  b: |\n      x\n    # comment\n  c: 1\n", "a: >\n  x\n\n   y\n  z\n", "a: |#c\n  x\n",
        "- a\n-\n  b: 1\n", "a:\n    - x\nb:\n", "<<: x\n", "a: 'x'  \n", "a: x  # c  \n",
    ]

    static let declined: [String] = [
        "a: &x 1\nb: *x\n", "a: !!str 1\n", "? a\n: b\n", "%YAML 1.1\n---\na: 1\n", "a: 1\n---\nb: 2\n", "a: 1\n...\n",
        "a: b\n  c\n", "- a\n  b\n", "a: 'x\n  y'\n", "a: \"x\n  y\"\n", "a: [x,\n  y]\n", "a: |2\n   x\n",
        "a: |1-\n  x\n",
        "a:\tb\n", "a: b\r\nc: d\r\n", "a: b: c\n", "a: [x]y\n", "a: \"x\"y\n", "a:\n  - x\n b: 1\n", "  a: 1\n",
        "scalar\n", "[a, b]\n", "{a: b}\n", "a: [x, ]\n", "a: [x:y]\n", "a: \"\\x41\"\n", "a: \"\\u00e9\"\n",
        "a: 1\nb:\n  - x\n - y\n", "a: 1\n- b\n", "a: \u{0085}\n", "a: \u{0007}\n", "a: [x", "a: 'x", "a: \"x\\\"",
        "a:\n- x\n  y\n", "a: {x}\n", "a: [a#b]\n", "a: b\n\u{FEFF}c: d\n", "a: x:\n", "a: - b\n", "a: -\n",
    ]

    @Test("each construct the reader handles takes the native path, with libyaml's tree")
    func readsNatively() {
        for text in Self.read where text.utf8.contains(where: { $0 != 0x0A && $0 != 0x23 && $0 != 0x20 }) {
            #expect(NativeYAMLReaderTests.check(text), "declined: \(text.debugDescription)")
        }
        #expect(NativeYAMLReader.read([]) != nil)
    }

    @Test("inputs the reader leaves to libyaml decline, or read the same")
    func declines() {
        for text in Self.declined {
            NativeYAMLReaderTests.check(text)
        }
        #expect(NativeYAMLReader.read(Array("a: &x 1\n".utf8)) == nil)
        #expect(NativeYAMLReader.read(Array("a: b\n  c\n".utf8)) == nil)
        // Characters libyaml refuses, in the middle of long runs of text (read eight bytes at a time).
        for character in ["\u{7F}", "\u{1F}", "\u{00}", "\t", "\r", "\u{85}", "\u{2028}", "\u{FEFF}"] {
            let text = "a: 0123456789abcdef" + character + "0123456789abcdef\n"
            #expect(NativeYAMLReader.read(Array(text.utf8)) == nil, "\(text.debugDescription)")
            NativeYAMLReaderTests.check(text)
        }
        #expect(
            NativeYAMLReader.read(Array("a: 0123456789abcdef".utf8) + [0xC3, 0x28] + Array(" 01234567\n".utf8)) == nil)
    }
}
