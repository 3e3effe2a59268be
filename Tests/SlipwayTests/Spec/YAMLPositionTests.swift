import SlipwayYAML
import Testing

/// Every node's kind, style, tag, anchor, positions and value, on texts chosen for what makes positions hard
/// (CR, CRLF, NEL and the Unicode line separators, tabs, a byte-order mark, multi-byte characters, quoted and block
/// scalars, anchors, tags and aliases). The digests were taken from the parser before nodes moved into one table,
/// so they say the table reads back exactly what the tree of objects held.
@Suite("YAML nodes keep every position and value")
struct YAMLPositionTests {
    static let texts: [(name: String, text: String, digest: UInt64)] = [
        ("plain", "a: 1\nb: [x, 'y', \"z\\tq\"]\nc: {d: e}\n", 0x8ae2_2548_a7cf_f768),
        (
            "crlf", "a: 1\r\nb:\r\n  - x\r\n  - \"multi\r\n    line\"\r\nc: |\r\n  one\r\n  two\r\n",
            0xddc5_6950_ac2a_2974
        ),
        ("cr", "a: 1\rb: 2\r", 0x8659_f146_23a9_34e8),
        ("separators", "a: \"x\u{2028}y\"\nb: \"\u{85}z\"\nc: w\u{2029}\n", 0x4311_2d80_0c9e_327f),
        ("bom", "\u{FEFF}name: é\nlist: [ü, 'ö', \"ç\"]\n", 0x51e6_7834_784c_0332),
        ("tabs", "a:\t1\nb: \"\tx\"\nc: [\t1,\t2]\n", 0x6426_c646_d433_133a),
        (
            "properties",
            "a: &x !!str 1\nb: *x\nc: !tag\n  &m {k: v}\nd: *m\ne: &s [1, *x]\nf: {<<: *m, g: h}\n",
            0x151c_d1d2_e877_a811
        ),
        (
            "blocks", "a: >\n  folded\n  text\n\n  more\nb: |-\n  kept\n   indent\nc: plain\n  continued\n",
            0x8fe6_7c1b_2d0d_bd80
        ),
        ("empty", "a:\nb: ~\n? c\n: d\ne: []\nf: {}\n", 0xea08_8cda_1f20_fd54),
        ("documents", "a: 1\n---\n- é\n- ĳ: \"ü\\u00e9\"\n...\n--- x\n", 0x8cdc_bf4e_668b_ab57),
    ]

    /// Writes every node reached from the roots, each shared node's subtree once.
    static func dump(_ file: YAMLFile) -> String {
        var out = ""
        var seen = Set<Int>() // start offset and kind: a shared node's subtree is written once
        func mark(_ mark: YAMLMark) -> String { "\(mark.line):\(mark.column)@\(mark.offset)" }
        func walk(_ node: YAMLNode, _ depth: Int) {
            out += String(repeating: " ", count: depth)
            out += "\(node.kind) \(node.style) \(node.isFlow) \(node.tag ?? "-") \(node.anchor ?? "-") "
            out += "\(mark(node.start))-\(node.endOffset) \(mark(node.valueStart)) \(node.scalar.debugDescription)\n"
            guard seen.insert(node.start.offset * 4 + Int(node.kind.rawValue)).inserted || node.kind == .scalar else {
                return
            }
            for pair in node.pairs {
                walk(pair.key, depth + 1)
                walk(pair.value, depth + 1)
            }
            for item in node.items { walk(item, depth + 1) }
        }
        for document in file.documents {
            if let document { walk(document, 0) } else { out += "empty document\n" }
        }
        return out
    }

    static func fnv(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// 3,000 targets in the forms specs use, with CRLF line ends in every third target and multi-byte names.
    static var large: String {
        (0..<3000).map { index in
            let end = index % 3 == 0 ? "\r\n" : "\n"
            return [
                "t\(index)é:", "  type: application", "  sources: [\"Sources/ü\(index)\", 'b c']",
                "  settings:", "    base: &b\(index)", "      MARKETING_VERSION: 1.\(index)",
                "    configs: {Debug: *b\(index)}", "  script: |", "    echo \(index)", "    exit 0",
            ].joined(separator: end) + end
        }.joined()
    }

    @Test("each text reads back with the positions and values it had", arguments: 0..<10)
    func positions(_ index: Int) throws {
        let (name, text, digest) = Self.texts[index]
        let dump = Self.dump(try YAMLFile(path: "\(name).yml", text: text))
        #expect(Self.fnv(dump) == digest, "\(name):\n\(dump)")
    }

    @Test("a large generated spec reads back with the positions and values it had")
    func largeDocument() throws {
        let file = try YAMLFile(path: "large.yml", text: Self.large)
        let dump = Self.dump(file)
        #expect(Self.fnv(dump) == 0x5468_a0d5_b5e4_24dc)
        let last = try #require(file.root?["t2999é"]?["settings"]?["base"]?["MARKETING_VERSION"])
        #expect(last.scalar == "1.2999")
        #expect(last.start.line == 2999 * 10 + 6)
        #expect(last.start.column == 26)
    }
}
