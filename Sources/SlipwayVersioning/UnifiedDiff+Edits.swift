import SlipwayYAML

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UnifiedDiff {
    /// `renderBytes(path:old:new:)` of the file `splice` makes of `old`, worked out from the lines its pieces touch
    /// and without building that file. When no replaced text and no replacement holds a line feed, and the file ends
    /// with or without a line break as before, every line stays the same line in both files and only a line a
    /// piece touches can differ, so neither file is split into lines: the line feeds are counted (eight bytes at a
    /// time) and only the hunks' lines are read. Otherwise, the diff of the whole files.
    package static func renderBytes(path: String, old: [UInt8], splice: Splice, context: Int = 3) -> [UInt8] {
        guard splice.changes(old) else { return [] }
        guard let touched = EditedLines(old: old, splice: splice) else {
            return renderBytes(path: path, old: old, new: splice.applied(to: old), context: context)
        }
        var hunks: [ClosedRange<Int>] = []
        var printed = 0
        for line in touched.changed {
            let low = max(0, line.index - context)
            let high = min(touched.count - 1, line.index + context)
            if let last = hunks.last, low <= last.upperBound + 1 {
                printed += high - last.upperBound
                hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, high)
            } else {
                printed += high - low + 1
                hunks.append(low...high)
            }
            printed += 1
        }
        // Room for the lines printed at half again the file's mean length: untouched room costs no memory, and a
        // diff of longer lines is written again into twice the room.
        let mean = old.count / max(touched.count, 1) + 2
        let room = 2 * path.utf8.count + 16 + hunks.count * 48 + printed * mean * 3 / 2
        return Output.bytes(capacity: room) { write(path: path, hunks, touched, to: &$0) }
    }

    /// The diff's text: the file names, then each hunk's header and lines.
    private static func write(
        path: String, _ hunks: [ClosedRange<Int>], _ touched: EditedLines, to text: inout Output
    ) {
        text.write("--- a/")
        text.write(path)
        text.write("\n+++ b/")
        text.write(path)
        text.write("\n")
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
                    touched.writeOld(start..<end, line: index, marked: UInt8(ascii: " "), to: &text)
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
                    touched.writeOld(line.start..<line.end, line: line.index, marked: UInt8(ascii: "-"), to: &text)
                }
                for line in touched.changed[next...last] { touched.writeNew(line, to: &text) }
                start = touched.changed[last].end + 1
                index = touched.changed[last].index + 1
                next = last + 1
            }
        }
    }

    /// `@@ -start,count +start,count @@` (as `range(_:_:)` writes each side) of a hunk of as many lines on both
    /// sides, written as bytes: two hundred hunks are worth no strings.
    private static func header(_ hunk: ClosedRange<Int>, to text: inout Output) {
        text.write("@@ -")
        side(hunk, to: &text)
        text.write(" +")
        side(hunk, to: &text)
        text.write(" @@\n")
    }

    private static func side(_ hunk: ClosedRange<Int>, to text: inout Output) {
        text.decimal(hunk.lowerBound + 1)
        guard hunk.count != 1 else { return }
        text.write(UInt8(ascii: ","))
        text.decimal(hunk.count)
    }

    /// The lines of the old file that pieces touch and that differ in the new one, with the pieces on each.
    private struct EditedLines {
        struct Line {
            /// The 0-based line number.
            var index: Int
            /// The line in the old file (without its line feed).
            var start: Int
            var end: Int
            /// The splice's pieces on the line.
            var pieces: Range<Int>
        }

        let old: [UInt8]
        let splice: Splice
        /// How many lines the old file has (as many as the new), and whether its last one lacks a line feed.
        let count: Int
        let unterminated: Bool
        private(set) var changed: [Line] = []

        /// `nil` when a piece replaces or writes a line feed, or the new file ends otherwise than the old (with or
        /// without a line break), so that lines come or go.
        init?(old: [UInt8], splice: Splice) {
            self.old = old
            self.splice = splice
            unterminated = !old.isEmpty && old[old.count - 1] != 0x0A
            guard splice.lastByte(of: old).map({ $0 != 0x0A }) ?? false == unterminated else { return nil }
            var counted = 0
            var lineFeeds = 0
            var previous = -1
            for (number, piece) in splice.pieces.enumerated() {
                let replaced = piece.range
                // The line feed ending the line the piece starts on; past the piece when it holds none.
                let end = Self.lineEnd(old, from: replaced.lowerBound)
                guard end >= replaced.upperBound, !piece.text.utf8.contains(0x0A) else { return nil }
                lineFeeds += Self.lineFeeds(in: old, counted..<replaced.lowerBound)
                counted = replaced.upperBound
                guard lineFeeds != previous else {
                    changed[changed.count - 1].pieces = changed[changed.count - 1].pieces.lowerBound..<number + 1
                    continue
                }
                previous = lineFeeds
                let start = Self.lineStart(old, before: replaced.lowerBound + 1)
                changed.append(Line(index: lineFeeds, start: start, end: end, pieces: number..<number + 1))
            }
            count = lineFeeds + Self.lineFeeds(in: old, counted..<old.count) + (unterminated ? 1 : 0)
            changed = changed.filter { differs($0) }
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
                guard offset > 1 else { return 0 }
                return (YAMLBytes.lastLineFeed(in: buffer, before: offset - 1) ?? -1) + 1
            }
        }

        /// Calls `body` with each run of the line's new bytes in turn (old bytes between pieces, each piece's
        /// text) while it returns `true`; returns whether every call did.
        private func forEachRun(of line: Line, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
            old.withUnsafeBufferPointer { source in
                var copied = line.start
                for piece in splice.pieces[line.pieces] {
                    guard body(UnsafeBufferPointer(rebasing: source[copied..<piece.range.lowerBound])),
                        piece.withText(body)
                    else { return false }
                    copied = piece.range.upperBound
                }
                return body(UnsafeBufferPointer(rebasing: source[copied..<line.end]))
            }
        }

        /// Whether the line reads otherwise in the new file.
        private func differs(_ line: Line) -> Bool {
            let pieces = splice.pieces[line.pieces]
            let length = pieces.reduce(line.end - line.start) { $0 + $1.text.utf8.count - $1.range.count }
            guard length == line.end - line.start else { return true }
            return old.withUnsafeBufferPointer { source in
                var position = line.start
                return !forEachRun(of: line) { run in
                    defer { position += run.count }
                    return YAMLBytes.equal(run, UnsafeBufferPointer(rebasing: source[position..<position + run.count]))
                }
            }
        }

        /// Writes `marker`, the old line and its line break (with git's note when the file's last line has none).
        func writeOld(_ line: Range<Int>, line index: Int, marked marker: UInt8, to text: inout Output) {
            text.write(marker)
            old.withUnsafeBufferPointer { text.write(UnsafeBufferPointer(rebasing: $0[line])) }
            finish(index, to: &text)
        }

        /// Writes `+`, the line as the new file has it, and its line break.
        func writeNew(_ line: Line, to text: inout Output) {
            text.write(UInt8(ascii: "+"))
            _ = forEachRun(of: line) { run in
                text.write(run)
                return true
            }
            finish(line.index, to: &text)
        }

        private func finish(_ index: Int, to text: inout Output) {
            text.write(0x0A)
            if unterminated && index == count - 1 { text.write("\\ No newline at end of file\n") }
        }

        static func lineFeeds(in bytes: [UInt8], _ range: Range<Int>) -> Int {
            bytes.withUnsafeBufferPointer { YAMLBytes.lineFeeds(in: UnsafeBufferPointer(rebasing: $0[range])) }
        }
    }
}
