import Testing

@testable import SlipwayYAML

/// Random documents from the pieces specs are made of, at random indents: the native reader must decline each or
/// read it as libyaml does, and must read a fair share of them (a seeded generator, so every run tries the same).
@Suite("Native YAML reader: random documents")
struct NativeYAMLRandomTests {
    static let keys = ["a", "key", "b c", "\"q\"", "'s'", "k-1", "x.y", "a :", "- a", "-b", "?c", "é"]
    static let values = [
        "", " ", "1", "v w", "-O", "$(X)", "\"5.10\"", "'it''s'", "\"a\\tb\"", "[a, 'b']", "[]", "{}", "{k: v}", "|",
        "|-",
        ">", ">+", "x # c", "http://h/p#f", "a: b", "[a", "\"x", "*x", "&y z", "!t v", "x:y", "- z", "#c",
    ]

    static func line(_ generator: inout SplitMix) -> String {
        let indent = String(repeating: " ", count: [0, 0, 2, 2, 4, 6, 1].randomElement(using: &generator) ?? 0)
        let key = keys.randomElement(using: &generator) ?? "a"
        let value = values.randomElement(using: &generator) ?? ""
        switch Int.random(in: 0..<9, using: &generator) {
        case 0, 1, 2: return "\(indent)\(key):\(value.isEmpty ? "" : " " + value)"
        case 3: return "\(indent)- \(value)"
        case 4: return "\(indent)- \(key): \(value)"
        case 5: return "\(indent)# comment"
        case 6: return ""
        case 7: return "\(indent)\(value)"
        default: return "\(indent)-"
        }
    }

    @Test("20,000 random documents: each declines or reads the same, and many read natively")
    func randomDocuments() {
        var generator = SplitMix(seed: 13)
        var taken = 0
        for index in 0..<20000 {
            let count = Int.random(in: 1...6, using: &generator)
            let lines = ["name: app"] + (0..<count).map { _ in Self.line(&generator) }
            let text = lines.joined(separator: "\n") + "\n"
            if NativeYAMLReaderTests.check(text, "document \(index): \(text.debugDescription)") { taken += 1 }
        }
        // 1,641 of them with this seed; most of the rest are not YAML, or use what the reader leaves to libyaml.
        #expect(taken >= 1500, "native path taken for \(taken) of 20000")
    }
}
