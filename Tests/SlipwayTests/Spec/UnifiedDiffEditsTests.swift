import Testing

@testable import SlipwayVersioning

/// `UnifiedDiff.renderBytes(path:old:splice:)` works from the edits' lines alone, without the new file; it must print
/// exactly the diff of the whole files. `Splice` must build, compare and end the new file as applying the edits does.
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
        let expected = UnifiedDiff.renderBytes(path: "p.yml", old: old, new: new)
        let pieces = edits.map { Splice.Piece(range: $0.0, text: String(decoding: $0.1, as: UTF8.self)) }
        guard let splice = try? Splice(pieces, oldCount: old.count) else {
            Issue.record("the edits of \(note) are in order and apart")
            return
        }
        #expect(UnifiedDiff.renderBytes(path: "p.yml", old: old, splice: splice) == expected, "\(note)")
        #expect(splice.applied(to: old) == new, "\(note)")
        #expect(splice.newCount == new.count, "\(note)")
        #expect(splice.changes(old) == (old != new), "\(note)")
        #expect(splice.lastByte(of: old) == new.last, "\(note)")
    }

    @Test("pieces out of order, overlapping or past the end are refused, with the first such piece")
    func refused() {
        let piece = { (range: Range<Int>) in Splice.Piece(range: range, text: "x") }
        for (pieces, index) in [
            ([piece(2..<4), piece(3..<5)], 1), ([piece(4..<5), piece(1..<2)], 1), ([piece(9..<11)], 0),
        ] {
            #expect(throws: Splice.Overlap.self) { try Splice(pieces, oldCount: 10) }
            do {
                _ = try Splice(pieces, oldCount: 10)
            } catch {
                #expect(error.index == index)
            }
        }
        #expect((try? Splice([piece(2..<4), piece(4..<4), piece(10..<10)], oldCount: 10)) != nil)
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
        Self.check(old, [(at(3)..<at(3) + 2, Array("c".utf8))], "a line feed replaced: the whole-file diff")
        Self.check(old, [(old.count..<old.count, Array("tail".utf8))], "a last line added without a break")
        Self.check(
            old, [(at(2)..<at(2) + 1, Array("2".utf8)), (old.count..<old.count, [])], "an empty piece at the end")
        Self.check(Array(old.dropLast()), [(at(30)..<at(30) + 1, Array("Q".utf8))], "a last line without a break")
        // One long line among short ones: longer than the room the diff is first given, so it is written again.
        let long = Array(((1...200).map { "k\($0): v\n" }.joined() + String(repeating: "x", count: 9000) + "\n").utf8)
        Self.check(long, [(long.count - 2..<long.count - 1, Array("y".utf8))], "a line past the first room")
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
