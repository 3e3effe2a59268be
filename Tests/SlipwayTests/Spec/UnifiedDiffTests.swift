import SlipwayVersioning
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

    @Test("files that differ only in the line break after the last line show that line changed, as git does")
    func onlyTheFinalLineBreakDiffers() {
        let diff = UnifiedDiff.render(path: "p.yml", old: Array("a: 1\nb: 2".utf8), new: Array("a: 1\nb: 2\n".utf8))
        #expect(
            diff == "--- a/p.yml\n+++ b/p.yml\n@@ -1,2 +1,2 @@\n a: 1\n-b: 2\n\\ No newline at end of file\n+b: 2\n")
    }

    @Test("files with different line counts show as one replacement of the whole file, CRs kept")
    func wholeFile() {
        let diff = UnifiedDiff.render(path: "p.yml", old: Array("a: 1\r\nb: 2\r\n".utf8), new: Array("a: 1\r\n".utf8))
        #expect(diff == "--- a/p.yml\n+++ b/p.yml\n@@ -1,2 +1 @@\n-a: 1\r\n-b: 2\r\n+a: 1\r\n")
        let added = UnifiedDiff.render(path: "p.yml", old: [], new: Array("x".utf8))
        #expect(added == "--- a/p.yml\n+++ b/p.yml\n@@ -0,0 +1 @@\n+x\n\\ No newline at end of file\n")
    }
}
