import SlipwayYAML

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UnifiedDiff {
    /// A range of the old file replaced by `length` bytes in the new one.
    package struct Edit: Equatable {
        package var range: Range<Int>
        package var length: Int

        package init(range: Range<Int>, length: Int) {
            self.range = range
            self.length = length
        }
    }

    /// `render(path:old:new:)` of a `new` that is `old` with `edits` (in order, none overlapping) replaced, worked
    /// out from the lines the edits touch. When no replaced text and no replacement holds a line feed, every line
    /// stays the same line in both files and only a line an edit touches can differ, so neither file is split into
    /// lines: the line feeds are counted (eight bytes at a time) and only the hunks' lines are read. Otherwise, the
    /// diff of the whole files.
    package static func render(path: String, old: [UInt8], new: [UInt8], edits: [Edit], context: Int = 3) -> String {
        guard !YAMLBytes.equal(old, new) else { return "" }
        guard let touched = EditedLines(old: old, new: new, edits: edits) else {
            return render(path: path, old: old, new: new, context: context)
        }
        var hunks: [ClosedRange<Int>] = []
        for line in touched.changed {
            let low = max(0, line.index - context)
            let high = min(touched.count - 1, line.index + context)
            if let last = hunks.last, low <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, high)
            } else {
                hunks.append(low...high)
            }
        }
        var text: [UInt8] = []
        text.reserveCapacity(4096)
        text += "--- a/\(path)\n+++ b/\(path)\n".utf8
        var next = 0
        for hunk in hunks {
            header(hunk, to: &text)
            // The hunk's first line, counted back from its first changed line.
            var start = touched.changed[next].start
            for _ in hunk.lowerBound..<touched.changed[next].index { start = touched.lineStart(before: start) }
            var index = hunk.lowerBound
            while index <= hunk.upperBound {
                guard next < touched.changed.count, touched.changed[next].index == index else {
                    let end = touched.lineEnd(from: start)
                    touched.append(old, start..<end, line: index, marked: UInt8(ascii: " "), to: &text)
                    start = end + 1
                    index += 1
                    continue
                }
                // Consecutive changed lines print as a block of removals, then a block of additions.
                var last = next
                while last + 1 < touched.changed.count,
                    touched.changed[last + 1].index == touched.changed[last].index + 1
                {
                    last += 1
                }
                for line in touched.changed[next...last] {
                    touched.append(old, line.start..<line.end, line: line.index, marked: UInt8(ascii: "-"), to: &text)
                }
                for line in touched.changed[next...last] {
                    touched.append(new, line.new, line: line.index, marked: UInt8(ascii: "+"), to: &text)
                }
                start = touched.changed[last].end + 1
                index = touched.changed[last].index + 1
                next = last + 1
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `@@ -start,count +start,count @@` (as `range(_:_:)` writes each side) of a hunk of as many lines on both
    /// sides, written as bytes: two hundred hunks are worth no strings.
    private static func header(_ hunk: ClosedRange<Int>, to text: inout [UInt8]) {
        append("@@ -", to: &text)
        side(hunk, to: &text)
        append(" +", to: &text)
        side(hunk, to: &text)
        append(" @@\n", to: &text)
    }

    private static func side(_ hunk: ClosedRange<Int>, to text: inout [UInt8]) {
        decimal(hunk.lowerBound + 1, to: &text)
        guard hunk.count != 1 else { return }
        text.append(UInt8(ascii: ","))
        decimal(hunk.count, to: &text)
    }

    private static func append(_ literal: StaticString, to text: inout [UInt8]) {
        text.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// A positive number's digits, filled in from the last.
    private static func decimal(_ number: Int, to text: inout [UInt8]) {
        var digits = 1
        var power = 10
        while power <= number {
            digits += 1
            power *= 10
        }
        let start = text.count
        text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var rest = number
        for index in stride(from: start + digits - 1, through: start, by: -1) {
            text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }

    /// The lines of the old file that edits touch and that differ in the new one, with where each is in both.
    private struct EditedLines {
        struct Line {
            /// The 0-based line number.
            var index: Int
            /// The line in the old file (without its line feed).
            var start: Int
            var end: Int
            /// The same line in the new file.
            var new: Range<Int>
        }

        let old: [UInt8]
        /// How many lines the old file has (as many as the new), and whether its last one lacks a line feed.
        let count: Int
        let unterminated: Bool
        private(set) var changed: [Line] = []

        /// `nil` when an edit replaces or writes a line feed, or the edits are out of order or out of the files.
        init?(old: [UInt8], new: [UInt8], edits: [Edit]) {
            self.old = old
            unterminated = !old.isEmpty && old[old.count - 1] != 0x0A
            var counted = 0
            var lineFeeds = 0
            var shift = 0
            var previous = -1
            for edit in edits {
                let replaced = edit.range
                let written = (replaced.lowerBound + shift)..<(replaced.lowerBound + shift + edit.length)
                guard replaced.lowerBound >= 0, replaced.upperBound <= old.count, written.upperBound <= new.count,
                    replaced.lowerBound >= counted, !old[replaced].contains(0x0A), !new[written].contains(0x0A)
                else { return nil }
                guard Self.same(old, counted..<replaced.lowerBound, new, shift) else { return nil }
                lineFeeds += Self.lineFeeds(in: old, counted..<replaced.lowerBound)
                counted = replaced.upperBound
                let lineShift = shift
                shift += edit.length - replaced.count
                guard lineFeeds != previous else {
                    // A second edit on the line: its end moves on by this edit's change in length.
                    changed[changed.count - 1].new =
                        changed[changed.count - 1].new
                        .lowerBound..<(changed[
                            changed.count - 1
                        ].end + shift)
                    continue
                }
                previous = lineFeeds
                let start = Self.lineStart(old, before: replaced.lowerBound + 1)
                let end = Self.lineEnd(old, from: replaced.lowerBound)
                changed.append(Line(index: lineFeeds, start: start, end: end, new: (start + lineShift)..<(end + shift)))
            }
            guard old.count + shift == new.count, Self.same(old, counted..<old.count, new, shift) else { return nil }
            // A last line without a break that appears or goes changes the number of lines.
            guard unterminated == (!new.isEmpty && new[new.count - 1] != 0x0A) else { return nil }
            count = lineFeeds + Self.lineFeeds(in: old, counted..<old.count) + (unterminated ? 1 : 0)
            changed.removeAll { line in !Self.differ(old, line.start..<line.end, new, line.new) }
        }

        /// Where the line ends that holds `offset`, or that starts there: its line feed, or the file's end.
        func lineEnd(from offset: Int) -> Int { Self.lineEnd(old, from: offset) }

        static func lineEnd(_ old: [UInt8], from offset: Int) -> Int {
            old.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress, offset < buffer.count else { return buffer.count }
                let found = memchr(base + offset, 0x0A, buffer.count - offset)
                return found.map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base } ?? buffer.count
            }
        }

        /// Where the line starts that holds `offset - 1` (the line before the one starting at `offset`).
        func lineStart(before offset: Int) -> Int { Self.lineStart(old, before: offset) }

        static func lineStart(_ old: [UInt8], before offset: Int) -> Int {
            old.withUnsafeBufferPointer { buffer in
                var start = offset - 1
                while start > 0, buffer[start - 1] != 0x0A { start -= 1 }
                return max(start, 0)
            }
        }

        /// Appends `marker`, the line and its line break (with git's note when the file's last line has none).
        func append(_ bytes: [UInt8], _ line: Range<Int>, line index: Int, marked marker: UInt8, to text: inout [UInt8])
        {
            text.append(marker)
            bytes.withUnsafeBufferPointer { text.append(contentsOf: UnsafeBufferPointer(rebasing: $0[line])) }
            text.append(0x0A)
            if unterminated && index == count - 1 { text += "\\ No newline at end of file\n".utf8 }
        }

        /// Whether `new` holds `old[range]` at `shift` bytes from it: the edits account for every difference.
        private static func same(_ old: [UInt8], _ range: Range<Int>, _ new: [UInt8], _ shift: Int) -> Bool {
            guard !range.isEmpty else { return true }
            guard range.lowerBound + shift >= 0, range.upperBound + shift <= new.count else { return false }
            return old.withUnsafeBufferPointer { a in
                new.withUnsafeBufferPointer { b in
                    memcmp(a.baseAddress! + range.lowerBound, b.baseAddress! + range.lowerBound + shift, range.count)
                        == 0
                }
            }
        }

        private static func differ(_ a: [UInt8], _ left: Range<Int>, _ b: [UInt8], _ right: Range<Int>) -> Bool {
            left.count != right.count || !same(a, left, b, right.lowerBound - left.lowerBound)
        }

        static func lineFeeds(in bytes: [UInt8], _ range: Range<Int>) -> Int {
            bytes.withUnsafeBufferPointer { YAMLBytes.lineFeeds(in: UnsafeBufferPointer(rebasing: $0[range])) }
        }
    }
}
