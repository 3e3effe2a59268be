/// A unified diff (`--- a/…`, `+++ b/…`, `@@ … @@` hunks with three lines of context) between two versions of a file,
/// as `git diff` prints it, so `--dry-run` output can be read or applied with `git apply`/`patch -p1`.
///
/// Lines keep their bytes exactly (a CRLF file shows its `\r`); a last line without a line break is marked
/// `\ No newline at end of file`. Lines are compared as byte ranges and only the printed ones are decoded.
package enum UnifiedDiff {
    /// `path` is relative to the repository root (never `../…`): `git apply` resolves diff paths against the root
    /// wherever it runs, and refuses paths that climb out of it.
    package static func render(path: String, old: [UInt8], new: [UInt8], context: Int = 3) -> String {
        guard old != new else { return "" }
        let before = Lines(old)
        let after = Lines(new)
        var text = "--- a/\(path)\n+++ b/\(path)\n"
        guard before.count == after.count else {
            // Bumps never add or remove lines; anything else is shown as one replacement of the whole file.
            text += "@@ -\(range(1, before.count)) +\(range(1, after.count)) @@\n"
            for index in 0..<before.count { text += "-" + before.rendered(index) }
            for index in 0..<after.count { text += "+" + after.rendered(index) }
            return text
        }
        // The last line also differs when only one side ends it with a line break.
        func same(_ index: Int) -> Bool {
            before.line(index) == after.line(index)
                && (index < before.count - 1 || before.unterminated == after.unterminated)
        }
        var hunks: [ClosedRange<Int>] = []
        for index in 0..<before.count where !same(index) {
            let low = max(0, index - context)
            let high = min(before.count - 1, index + context)
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
                if same(index) {
                    text += " " + before.rendered(index)
                    index += 1
                    continue
                }
                // Consecutive changed lines print as a block of removals, then a block of additions.
                var end = index
                while end <= hunk.upperBound, !same(end) { end += 1 }
                for line in index..<end { text += "-" + before.rendered(line) }
                for line in index..<end { text += "+" + after.rendered(line) }
                index = end
            }
        }
        return text
    }

    /// A file's lines as byte ranges (without their `\n`).
    private struct Lines {
        let bytes: [UInt8]
        var ranges: [Range<Int>] = []
        /// Whether the last line lacks a line break.
        var unterminated = false

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var start = 0
            for (index, byte) in bytes.enumerated() where byte == 0x0A {
                ranges.append(start..<index)
                start = index + 1
            }
            if start < bytes.count {
                ranges.append(start..<bytes.count)
                unterminated = true
            }
        }

        var count: Int { ranges.count }

        func line(_ index: Int) -> ArraySlice<UInt8> { bytes[ranges[index]] }

        /// The line and its line break, with git's note when the file's last line has none.
        func rendered(_ index: Int) -> String {
            let text = String(decoding: line(index), as: UTF8.self)
            return unterminated && index == ranges.count - 1 ? text + "\n\\ No newline at end of file\n" : text + "\n"
        }
    }

    /// `start,count` as unified diffs write it (`start` alone when the count is 1; `start-1,0` for nothing).
    static func range(_ start: Int, _ count: Int) -> String {
        if count == 1 { return "\(start)" }
        if count == 0 { return "\(start - 1),0" }
        return "\(start),\(count)"
    }
}
