import SlipwayYAML

/// A file's new bytes as its old bytes with ranges replaced: what a bump changes, kept as the replacements so that
/// a dry run compares and diffs without a second copy of the file. `applied(to:)` builds the bytes a write needs.
package struct Splice: Sendable {
    /// The bytes of `range` in the old file give way to `text`'s UTF-8.
    package struct Piece: Sendable, Equatable {
        package var range: Range<Int>
        package var text: String

        package init(range: Range<Int>, text: String) {
            self.range = range
            self.text = text
        }

        /// Calls `body` with the text's UTF-8 (native strings hand theirs over without a copy).
        func withText<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
            return Array(text.utf8).withUnsafeBufferPointer(body)
        }
    }

    /// In order of their ranges, none overlapping, all within the old file.
    package let pieces: [Piece]
    /// How many bytes the old file has.
    package let oldCount: Int

    /// Throws when a range starts before the one ahead of it ends or reaches past `oldCount`.
    package init(_ pieces: [Piece], oldCount: Int) throws(Overlap) {
        var reached = 0
        for (index, piece) in pieces.enumerated() {
            guard piece.range.lowerBound >= reached, piece.range.upperBound <= oldCount else { throw Overlap(index) }
            reached = piece.range.upperBound
        }
        self.pieces = pieces
        self.oldCount = oldCount
    }

    /// The piece at `index` starts before the one ahead of it ends, or past the file's end.
    package struct Overlap: Error {
        package let index: Int
        init(_ index: Int) { self.index = index }
    }

    /// How many bytes the new file has.
    package var newCount: Int { pieces.reduce(oldCount) { $0 + $1.text.utf8.count - $1.range.count } }

    /// The new file's bytes.
    package func applied(to old: [UInt8]) -> [UInt8] {
        precondition(old.count == oldCount, "a splice applies to the file it was made for")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(newCount)
        old.withUnsafeBufferPointer { source in
            var copied = 0
            for piece in pieces {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<piece.range.lowerBound]))
                piece.withText { bytes.append(contentsOf: $0) }
                copied = piece.range.upperBound
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied...]))
        }
        return bytes
    }

    /// Whether the new file differs from `old`, worked out without building it: the old bytes are compared with
    /// the new file's run of copied bytes and replacements, as far as they agree.
    package func changes(_ old: [UInt8]) -> Bool {
        guard newCount == old.count else { return true }
        return old.withUnsafeBufferPointer { source in
            var copied = 0
            // Where the new file's bytes so far end; never past the old file's end, since the two are as long.
            var position = 0
            func differs(_ segment: UnsafeBufferPointer<UInt8>) -> Bool {
                defer { position += segment.count }
                return !YAMLBytes.equal(
                    segment, UnsafeBufferPointer(rebasing: source[position..<position + segment.count]))
            }
            for piece in pieces {
                if differs(UnsafeBufferPointer(rebasing: source[copied..<piece.range.lowerBound])) { return true }
                if piece.withText({ differs($0) }) { return true }
                copied = piece.range.upperBound
            }
            return differs(UnsafeBufferPointer(rebasing: source[copied...]))
        }
    }

    /// The new file's last byte, `nil` when it is empty.
    package func lastByte(of old: [UInt8]) -> UInt8? {
        var end = oldCount
        for piece in pieces.reversed() {
            if piece.range.upperBound < end { return old[end - 1] }
            if let last = piece.text.utf8.last { return last }
            end = piece.range.lowerBound
        }
        return end > 0 ? old[end - 1] : nil
    }
}
