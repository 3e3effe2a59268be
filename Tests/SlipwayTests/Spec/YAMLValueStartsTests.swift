import SlipwayYAML
import Testing

/// `YAMLNode.valueStarts(of:)` works out many positions in one pass over the file (what `slipway bump` reports for
/// every definition); it must give exactly what `valueStart` gives node by node, on the texts that make positions
/// hard (CR, CRLF, NEL and the Unicode separators, tabs, a byte-order mark, multi-byte characters, anchors, tags).
@Suite("YAML value starts worked out together")
struct YAMLValueStartsTests {
    static func nodes(_ file: YAMLFile) -> [YAMLNode] {
        var nodes: [YAMLNode] = []
        var seen = Set<YAMLNode>()
        func walk(_ node: YAMLNode) {
            guard seen.insert(node).inserted else { return }
            nodes.append(node)
            for pair in node.pairs {
                walk(pair.key)
                walk(pair.value)
            }
            for item in node.items { walk(item) }
        }
        for case let root? in file.documents { walk(root) }
        return nodes
    }

    @Test(
        "the same line, column and offset as each node's own valueStart", arguments: YAMLPositionTests.texts.map(\.name)
    )
    func sameAsOneByOne(_ name: String) throws {
        let text = try #require(YAMLPositionTests.texts.first { $0.name == name }).text
        let file = try YAMLFile(path: "\(name).yml", text: text)
        let nodes = Self.nodes(file)
        #expect(!nodes.isEmpty)
        // Out of document order too: the batch sorts by offset and puts each answer back in its place.
        let shuffled = nodes.enumerated().sorted { ($0.offset * 7919) % nodes.count < ($1.offset * 7919) % nodes.count }
            .map(\.element)
        #expect(YAMLNode.valueStarts(of: shuffled) == shuffled.map(\.valueStart))
        #expect(YAMLNode.valueStarts(of: nodes) == nodes.map(\.valueStart))
    }

    @Test("a large plain ASCII file (counted by line feeds) and one with a CR late in it (scanned)")
    func largeFiles() throws {
        var text = "root:\n"
        for index in 0..<400 { text += "  key\(index):\t\"value \(index)\"  # comment \(index)\n" }
        for variant in [text, text + "tail: x\r\nend: y\n", "\u{FEFF}" + text + "é: ü\n"] {
            let file = try YAMLFile(path: "large.yml", text: variant)
            let nodes = Self.nodes(file)
            #expect(nodes.count > 800)
            #expect(YAMLNode.valueStarts(of: nodes) == nodes.map(\.valueStart))
        }
    }
}
