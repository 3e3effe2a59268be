#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A unified diff (`--- a/…`, `+++ b/…`, `@@ … @@` hunks with three lines of context) between two versions of a file,
/// as `git diff` prints it, so `--dry-run` output can be read or applied with `git apply`/`patch -p1`.
///
/// Lines keep their bytes exactly (a CRLF file shows its `\r`); a last line without a line break is marked
/// `\ No newline at end of file`. Lines are compared as byte ranges and only the printed ones are decoded, so a
/// 10,000-line spec costs little more than a scan.
package enum UnifiedDiff {
    /// `path` is relative to the repository root (never `../…`): `git apply` resolves diff paths against the root
    /// wherever it runs, and refuses paths that climb out of it.
    /// `aligned: false` finds the new file's lines on their own rather than along the old file's (the same diff, for
    /// tests to compare).
    package static func render(path: String, old: [UInt8], new: [UInt8], context: Int = 3, aligned: Bool = true)
        -> String
    {
        String(decoding: renderBytes(path: path, old: old, new: new, context: context, aligned: aligned), as: UTF8.self)
    }

    /// `render(path:old:new:)` as the bytes it decodes: the lines exactly as the files hold them.
    package static func renderBytes(
        path: String, old: [UInt8], new: [UInt8], context: Int = 3, aligned: Bool = true
    ) -> [UInt8] {
        guard old != new else { return [] }
        let before = Lines(old)
        let found = aligned ? before.aligned(with: new) : nil
        let after = found?.lines ?? Lines(new)
        // The text is built as bytes (`render` decodes it once, as `String(decoding:)` would decode each line).
        var text: [UInt8] = []
        text.reserveCapacity(4096)
        text += "--- a/\(path)\n+++ b/\(path)\n".utf8
        guard before.count == after.count else {
            // Bumps never add or remove lines; anything else is shown as one replacement of the whole file.
            text += "@@ -\(range(1, before.count)) +\(range(1, after.count)) @@\n".utf8
            for index in 0..<before.count { before.append(index, marked: UInt8(ascii: "-"), to: &text) }
            for index in 0..<after.count { after.append(index, marked: UInt8(ascii: "+"), to: &text) }
            return text
        }
        let changed = found?.changed ?? before.changed(comparedWith: after)
        func same(_ index: Int) -> Bool { !changed[index] }
        var hunks: [ClosedRange<Int>] = []
        for index in 0..<before.count where changed[index] {
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
            text += "@@ -\(header) +\(header) @@\n".utf8
            var index = hunk.lowerBound
            while index <= hunk.upperBound {
                if same(index) {
                    before.append(index, marked: UInt8(ascii: " "), to: &text)
                    index += 1
                    continue
                }
                // Consecutive changed lines print as a block of removals, then a block of additions.
                var end = index
                while end <= hunk.upperBound, !same(end) { end += 1 }
                for line in index..<end { before.append(line, marked: UInt8(ascii: "-"), to: &text) }
                for line in index..<end { after.append(line, marked: UInt8(ascii: "+"), to: &text) }
                index = end
            }
        }
        return text
    }

    /// A file's lines as byte ranges (without their `\n`).
    private struct Lines {
        let bytes: [UInt8]
        let ranges: [Range<Int>]
        /// Whether the last line lacks a line break.
        let unterminated: Bool

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            (ranges, unterminated) = bytes.withUnsafeBufferPointer(Lines.ranges)
        }

        private init(bytes: [UInt8], ranges: [Range<Int>], unterminated: Bool) {
            self.bytes = bytes
            self.ranges = ranges
            self.unterminated = unterminated
        }

        /// `new`'s lines found along these (as many of them), and which differ: where `new` holds a line's bytes and
        /// line break at the place the lines before it end, that is its same line, and only the others are searched
        /// for their line feed. `nil` when `new` has another number of lines.
        func aligned(with new: [UInt8]) -> (lines: Lines, changed: [Bool])? {
            var found: [Range<Int>] = []
            found.reserveCapacity(ranges.count)
            var changed = [Bool](repeating: false, count: ranges.count)
            var offset = 0
            var last = false
            let complete = bytes.withUnsafeBufferPointer { a in
                new.withUnsafeBufferPointer { b -> Bool in
                    for (index, mine) in ranges.enumerated() {
                        let terminated = !(unterminated && index == ranges.count - 1)
                        let span = mine.count + (terminated ? 1 : 0)
                        if offset + span <= b.count, terminated || offset + span == b.count,
                            span == 0 || memcmp(a.baseAddress! + mine.lowerBound, b.baseAddress! + offset, span) == 0
                        {
                            found.append(offset..<offset + mine.count)
                            offset += span
                            last = !terminated
                            continue
                        }
                        guard offset < b.count else { return false }
                        let end = memchr(b.baseAddress! + offset, 0x0A, b.count - offset).map {
                            UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - b.baseAddress!
                        }
                        let theirs = offset..<(end ?? b.count)
                        found.append(theirs)
                        changed[index] =
                            theirs.count != mine.count
                            || (!mine.isEmpty
                                && memcmp(
                                    a.baseAddress! + mine.lowerBound, b.baseAddress! + theirs.lowerBound, mine.count)
                                    != 0)
                        offset = end.map { $0 + 1 } ?? b.count
                        last = end == nil
                    }
                    return offset == b.count
                }
            }
            guard complete else { return nil }
            return (Lines(bytes: new, ranges: found, unterminated: last), changed)
        }

        /// The lines of `buffer`, eight bytes at a time: the high bit of each byte of `found` is set where that byte is
        /// a line feed.
        private static func ranges(_ buffer: UnsafeBufferPointer<UInt8>) -> ([Range<Int>], Bool) {
            guard let base = buffer.baseAddress else { return ([], false) }
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity(buffer.count / 24 + 1)
            var start = 0
            var offset = 0
            while offset + 8 <= buffer.count {
                let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self).littleEndian
                let crossed = word ^ 0x0A0A_0A0A_0A0A_0A0A
                var found =
                    ~(((crossed & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | crossed
                    | 0x7F7F_7F7F_7F7F_7F7F)
                while found != 0 {
                    let index = offset + found.trailingZeroBitCount / 8
                    ranges.append(start..<index)
                    start = index + 1
                    found &= found - 1
                }
                offset += 8
            }
            while offset < buffer.count {
                if buffer[offset] == 0x0A {
                    ranges.append(start..<offset)
                    start = offset + 1
                }
                offset += 1
            }
            guard start < buffer.count else { return (ranges, false) }
            ranges.append(start..<buffer.count)
            return (ranges, true)
        }

        var count: Int { ranges.count }

        /// Whether each line differs from the same line of `other` (as many lines), compared as bytes.
        func changed(comparedWith other: Lines) -> [Bool] {
            var changed = [Bool](repeating: false, count: ranges.count)
            bytes.withUnsafeBufferPointer { a in
                other.bytes.withUnsafeBufferPointer { b in
                    for index in ranges.indices {
                        let mine = ranges[index]
                        let theirs = other.ranges[index]
                        guard mine.count == theirs.count else {
                            changed[index] = true
                            continue
                        }
                        guard !mine.isEmpty else { continue }
                        changed[index] =
                            memcmp(a.baseAddress! + mine.lowerBound, b.baseAddress! + theirs.lowerBound, mine.count)
                            != 0
                    }
                }
            }
            return changed
        }

        /// Appends `marker`, the line and its line break (with git's note when the file's last line has none).
        func append(_ index: Int, marked marker: UInt8, to text: inout [UInt8]) {
            text.append(marker)
            text += bytes[ranges[index]]
            text.append(0x0A)
            if unterminated && index == ranges.count - 1 { text += "\\ No newline at end of file\n".utf8 }
        }
    }

    /// `start,count` as unified diffs write it (`start` alone when the count is 1; `start-1,0` for nothing).
    static func range(_ start: Int, _ count: Int) -> String {
        if count == 1 { return "\(start)" }
        if count == 0 { return "\(start - 1),0" }
        return "\(start),\(count)"
    }
}
