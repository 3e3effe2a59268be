/// A unified diff (`--- a/…`, `+++ b/…`, `@@ … @@` hunks with three lines of context) between two versions of a file,
/// as `git diff` prints it, so `--dry-run` output can be read or applied with `git apply`/`patch -p1`.
///
/// Lines keep their bytes exactly (a CRLF file shows its `\r`); a last line without a line break is marked
/// `\ No newline at end of file`.
enum UnifiedDiff {
    static func render(path: String, old: [UInt8], new: [UInt8], context: Int = 3) -> String {
        guard old != new else { return "" }
        let before = lines(old)
        let after = lines(new)
        var text = "--- a/\(path)\n+++ b/\(path)\n"
        guard before.count == after.count else {
            // Bumps never add or remove lines; anything else is shown as one replacement of the whole file.
            text += "@@ -\(range(1, before.count)) +\(range(1, after.count)) @@\n"
            for line in before { text += "-" + line.rendered }
            for line in after { text += "+" + line.rendered }
            return text
        }
        let changed = (0..<before.count).filter { before[$0] != after[$0] }
        var hunks: [ClosedRange<Int>] = []
        for index in changed {
            let low = max(0, index - context), high = min(before.count - 1, index + context)
            if let last = hunks.last, low <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, high)
            } else {
                hunks.append(low...high)
            }
        }
        for hunk in hunks {
            let header = range(hunk.lowerBound + 1, hunk.count)
            text += "@@ -\(header) +\(header) @@\n"
            var index = hunk.lowerBound
            while index <= hunk.upperBound {
                if before[index] == after[index] {
                    text += " " + before[index].rendered
                    index += 1
                    continue
                }
                // Consecutive changed lines print as a block of removals, then a block of additions.
                var end = index
                while end <= hunk.upperBound, before[end] != after[end] { end += 1 }
                for line in before[index..<end] { text += "-" + line.rendered }
                for line in after[index..<end] { text += "+" + line.rendered }
                index = end
            }
        }
        return text
    }

    /// A line as a slice of the file's bytes; only lines that are printed are decoded.
    private struct Line: Equatable {
        var bytes: ArraySlice<UInt8>
        var hasBreak: Bool
        var rendered: String {
            let text = String(decoding: bytes, as: UTF8.self)
            return hasBreak ? text + "\n" : text + "\n\\ No newline at end of file\n"
        }
    }

    private static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(Line(bytes: bytes[start..<index], hasBreak: true))
            start = index + 1
        }
        if start < bytes.count {
            result.append(Line(bytes: bytes[start...], hasBreak: false))
        }
        return result
    }

    /// `start,count` as unified diffs write it (`start` alone when the count is 1; `start-1,0` for nothing).
    private static func range(_ start: Int, _ count: Int) -> String {
        if count == 1 { return "\(start)" }
        if count == 0 { return "\(start - 1),0" }
        return "\(start),\(count)"
    }
}
