import SlipwayKit
import Testing

@Suite("unified diff")
struct UnifiedDiffTests {
    @Test("changes far apart get their own hunks with three lines of context")
    func hunks() {
        let old = (1...20).map { "line \($0)\n" }.joined()
        let new = (1...20).map { $0 == 2 ? "line two\n" : $0 == 15 ? "line fifteen\n" : "line \($0)\n" }.joined()
        let diff = UnifiedDiff.render(path: "a.yml", old: Array(old.utf8), new: Array(new.utf8))
        #expect(
            diff == """
                --- a/a.yml
                +++ b/a.yml
                @@ -1,5 +1,5 @@
                 line 1
                -line 2
                +line two
                 line 3
                 line 4
                 line 5
                @@ -12,7 +12,7 @@
                 line 12
                 line 13
                 line 14
                -line 15
                +line fifteen
                 line 16
                 line 17
                 line 18

                """)
    }

    @Test("a last line without a line break is marked, and identical files give no diff")
    func noNewlineAtEnd() {
        let diff = UnifiedDiff.render(path: "p.yml", old: Array("a: 1\nb: 2".utf8), new: Array("a: 1\nb: 3".utf8))
        #expect(diff.hasSuffix("-b: 2\n\\ No newline at end of file\n+b: 3\n\\ No newline at end of file\n"))
        #expect(UnifiedDiff.render(path: "p.yml", old: [0x61], new: [0x61]).isEmpty)
    }

    @Test("the new file's lines found along the old file's give the diff they give found on their own")
    func alignedLines() {
        let old = (1...40).map { "line \($0): value \($0)\n" }.joined()
        let edits: [(String) -> String] = [
            { $0.replacingOccurrences(of: "value 7\n", with: "value 77\n") }, // longer
            { $0.replacingOccurrences(of: "value 30\n", with: "v\n") }, // shorter
            { $0.replacingOccurrences(of: "line 1: value 1\n", with: "") }, // a line less
            { $0.replacingOccurrences(of: "line 9: value 9\n", with: "line 9: value 9\nextra\n") }, // a line more
            { String($0.dropLast()) }, // the last line loses its line break
            { $0 + "tail" }, // a last line without one
            { $0.replacingOccurrences(of: "\n", with: "\r\n") }, // every line changes
            { $0.replacingOccurrences(of: "value 2\n", with: "value é\n").replacingOccurrences(of: "40", with: "") },
            { _ in "" },
        ]
        for (number, edit) in edits.enumerated() {
            for (before, after) in [(old, edit(old)), (edit(old), old), (String(old.dropLast()), edit(old))] {
                let a = Array(before.utf8)
                let b = Array(after.utf8)
                let aligned = UnifiedDiff.render(path: "p.yml", old: a, new: b)
                #expect(aligned == UnifiedDiff.render(path: "p.yml", old: a, new: b, aligned: false), "edit \(number)")
                #expect(aligned.isEmpty == (a == b))
            }
        }
    }
}
