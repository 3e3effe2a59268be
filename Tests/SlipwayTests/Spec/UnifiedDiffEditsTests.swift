import Testing

@testable import SlipwayVersioning

/// `UnifiedDiff.render(path:old:new:edits:)` works from the edits' lines alone; it must print exactly the diff of
/// the whole files.
@Suite("unified diff from edits")
struct UnifiedDiffEditsTests {
    /// `old` with `edits` (in order, apart) replaced by `texts`.
    static func apply(_ old: [UInt8], _ edits: [(Range<Int>, [UInt8])]) -> [UInt8] {
        var new: [UInt8] = []
        var copied = 0
        for (range, text) in edits {
            new += old[copied..<range.lowerBound] + text
            copied = range.upperBound
        }
        return new + old[copied...]
    }

    static func check(_ old: [UInt8], _ edits: [(Range<Int>, [UInt8])], _ note: String) {
        let new = apply(old, edits)
        let expected = UnifiedDiff.render(path: "p.yml", old: old, new: new)
        let found = UnifiedDiff.render(
            path: "p.yml", old: old, new: new,
            edits: edits.map { UnifiedDiff.Edit(range: $0.0, length: $0.1.count) })
        #expect(found == expected, "\(note)")
    }

    @Test("values changed near each other, at the start and end, several on one line, one changed back")
    func cases() {
        let old = Array((1...30).map { "  key\($0): value \($0)\n" }.joined().utf8)
        let at = { (line: Int) in old.indices.filter { old[$0] == 0x0A }[line - 1] - 1 }
        Self.check(old, [(at(1)..<at(1) + 1, Array("X".utf8))], "first line")
        Self.check(old, [(at(30)..<at(30) + 1, Array("XYZ".utf8))], "last line")
        Self.check(old, [(at(4)..<at(4) + 1, Array("4".utf8))], "the same text: no change")
        Self.check(
            old, [(at(5)..<at(5) + 1, []), (at(8)..<at(8) + 1, Array("88".utf8)), (at(16)..<at(16), Array("!".utf8))],
            "hunks that merge and one apart")
        Self.check(old, [(2..<4, Array("K".utf8)), (6..<7, Array("yy".utf8))], "two edits on one line")
        Self.check(old, [(at(3)..<at(3) + 1, Array("a\nb".utf8))], "a line feed written: the whole-file diff")
        Self.check(Array(old.dropLast()), [(at(30)..<at(30) + 1, Array("Q".utf8))], "a last line without a break")
        let crlf = Array("a: 1\r\nb: 2\r\nc: 3\r\n".utf8)
        Self.check(crlf, [(9..<10, Array("22".utf8))], "CRLF lines keep their CR")
    }

    @Test("2,000 random files and edits")
    func random() {
        var generator = SplitMix(seed: 41)
        let pieces = ["a", "bc", " ", "\n", "\n\n", "é", "\r\n", "value: 1.2.3", "\"q\""]
        for index in 0..<2000 {
            var old: [UInt8] = []
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                old += Array((pieces.randomElement(using: &generator) ?? "a").utf8)
            }
            var edits: [(Range<Int>, [UInt8])] = []
            var offset = 0
            while offset < old.count, edits.count < 6 {
                let start = Int.random(in: offset...old.count, using: &generator)
                let end = min(old.count, start + Int.random(in: 0...3, using: &generator))
                let text = Array((["", "x", "yz", "\n", "1.10"].randomElement(using: &generator) ?? "").utf8)
                edits.append((start..<end, text))
                offset = end + Int.random(in: 1...8, using: &generator)
            }
            Self.check(old, edits, "case \(index): \(String(decoding: old, as: UTF8.self).debugDescription)")
        }
    }
}
