/// Lines and columns worked out from a file's bytes, counted as libyaml counts them: a line break is CR LF, CR,
/// LF, NEL, LS or PS, and a column is a character (a UTF-8 sequence), 1-based. A byte-order mark is not counted.
///
/// A checkpoint every `spacing` bytes keeps the line and column reached there, so a position takes at most that
/// many bytes to work out and the file keeps no table of its lines (4 bytes a line): 16 bytes a KiB instead.
struct SourceLines {
    struct Checkpoint {
        var offset: UInt32
        var character: UInt32
        var line: UInt32
        var column: UInt32
    }

    static let spacing = 1024

    let bytes: [UInt8]
    let textStart: Int
    fileprivate(set) var checkpoints: [Checkpoint]
    /// Whether the text is known to be ASCII with no byte-order mark and no CR (what `init(validating:walkedTo:)`
    /// finds when it sees no multi-byte character): every byte is one column and LF the only line break.
    private(set) var isPlainASCII = false

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        checkpoints = [Checkpoint(offset: UInt32(textStart), character: 0, line: 1, column: 1)]
    }

    /// The lines `SourceCursor` leaves after walking to byte `end`, for a reader that knew its offsets without it;
    /// `nil` when the text holds a character libyaml refuses, or one this count and libyaml's could differ on:
    /// invalid UTF-8, a control character (a tab or CR included), NEL, LS, PS, or a byte-order mark past the start.
    init?(validating bytes: [UInt8], walkedTo end: Int) {
        self.init(bytes)
        let found = bytes.withUnsafeBufferPointer { text in Self.checkpoints(text, from: textStart, walkedTo: end) }
        guard let found else { return nil }
        checkpoints += found.checkpoints
        isPlainASCII = textStart == 0 && found.ascii
    }

    /// The checkpoints past the first one, walking from `start` to the end to validate every character; the
    /// character index and column of an offset are counted from the bytes less the multi-byte sequences' extra.
    ///
    /// Sixteen bytes at a time while they are printable ASCII or line feeds (most of a spec), then eight: their line
    /// feeds are counted in the lanes of `vectorLanes` and in a byte each of `lanes`, added up at each checkpoint,
    /// and only the last bytes read at once that held one are looked through for where the line starts. Anything
    /// else goes a byte at a time.
    private static func checkpoints(
        _ text: UnsafeBufferPointer<UInt8>, from start: Int, walkedTo end: Int
    ) -> (checkpoints: [Checkpoint], ascii: Bool)? {
        var found: [Checkpoint] = []
        var offset = start
        var state = Walk(start: start)
        var next = spacing
        let raw = UnsafeRawPointer(text.baseAddress.unsafelyUnwrapped)
        let feed = SIMD16<UInt8>(repeating: 0x0A)
        let space = SIMD16<UInt8>(repeating: 0x20)
        let printableSpan = SIMD16<UInt8>(repeating: 0x5F)
        while offset < text.count {
            let limit = min(next, text.count)
            // At most 128 words or 64 vectors to a checkpoint: no lane overflows.
            var lanes: UInt64 = 0
            var vectorLanes = SIMD16<UInt8>()
            while offset < limit {
                while offset &+ 16 <= limit {
                    let vector = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                    let feeds = vector .== feed
                    // 0x20 to 0x7E is below 0x5F once 0x20 is taken off; the bytes below 0x20 wrap to the top.
                    guard all(((vector &- space) .< printableSpan) .| feeds) else { break }
                    if any(feeds) {
                        vectorLanes &-= unsafeBitCast(feeds, to: SIMD16<UInt8>.self)
                        state.feedChunk = (offset &+ 16, state.extra)
                    }
                    offset &+= 16
                }
                if offset &+ 8 <= limit {
                    let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
                    let feeds = lineFeeds(word)
                    // Each line feed made a space (0x0A ^ 0x2A): the rest must be printable.
                    if isPrintableASCII(word ^ (feeds >> 7) &* 0x2A) {
                        if feeds != 0 {
                            lanes &+= feeds >> 7
                            state.feedChunk = (offset &+ 8, state.extra)
                        }
                        offset &+= 8
                        continue
                    }
                }
                guard state.step(text, &offset, until: min(offset &+ 8, limit)) else { return nil }
            }
            state.settle(text, lanes: lanes, vectorLanes: vectorLanes)
            if offset < text.count, offset < end {
                found.append(
                    Checkpoint(
                        offset: UInt32(offset), character: UInt32(offset - start - state.extra),
                        line: UInt32(state.line),
                        column: UInt32(offset - state.lineOffset - (state.extra - state.lineExtra) + 1)))
            }
            next += spacing
        }
        return (found, state.extra == 0)
    }

    /// Where `checkpoints` is: the line, where it starts and the multi-byte sequences' extra bytes so far and there.
    private struct Walk {
        var extra = 0
        var line = 1
        var lineOffset: Int
        var lineExtra = 0
        /// Where the last bytes read at once that held a line feed end, and `extra` then.
        var feedChunk: (end: Int, extra: Int)?

        init(start: Int) { lineOffset = start }

        /// Validates the bytes from `offset` to `stop` one character at a time (`nil` past a refused one).
        mutating func step(_ text: UnsafeBufferPointer<UInt8>, _ offset: inout Int, until stop: Int) -> Bool {
            while offset < stop {
                let byte = text[offset]
                if byte &- 0x20 < 0x5F {
                    offset &+= 1
                } else if byte == 0x0A {
                    offset &+= 1
                    line &+= 1
                    lineOffset = offset
                    lineExtra = extra
                } else if let width = printableWidth(text, at: offset) {
                    offset &+= width
                    extra &+= width &- 1
                } else {
                    return false
                }
            }
            return true
        }

        /// Adds the line feeds counted many bytes at a time, and takes the line start after the last of them when
        /// it is later than the one a byte at a time found.
        mutating func settle(_ text: UnsafeBufferPointer<UInt8>, lanes: UInt64, vectorLanes: SIMD16<UInt8>) {
            // Lanes added in pairs first: a checkpoint's spacing holds more line feeds than a byte counts.
            let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
            line &+= Int((pairs &* 0x0001_0001_0001_0001) >> 48)
            line &+= Int(SIMD16<UInt16>(truncatingIfNeeded: vectorLanes).wrappedSum())
            guard let (chunkEnd, extraThen) = feedChunk else { return }
            feedChunk = nil
            var last = chunkEnd &- 1
            while text[last] != 0x0A { last &-= 1 }
            if last &+ 1 > lineOffset {
                lineOffset = last &+ 1
                lineExtra = extraThen
            }
        }
    }

    /// The high bit of each byte of `word` that is a line feed (exact for every byte).
    @inline(__always)
    private static func lineFeeds(_ word: UInt64) -> UInt64 {
        let crossed = word ^ 0x0A0A_0A0A_0A0A_0A0A
        return ~(((crossed & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | crossed | 0x7F7F_7F7F_7F7F_7F7F)
    }

    /// Whether the eight bytes of `word` are all printable ASCII (0x20 to 0x7E), exact as a yes-or-no answer: adding
    /// one to each byte sets the high bit of 0x7F (and only a byte that has it already carries), subtracting 0x20
    /// from each sets it, outside `word`'s own high bits, only when some byte is below 0x20.
    @inline(__always)
    private static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        return (word | (word &+ ones) | ((word &- ones &* 0x20) & ~word)) & (ones &* 0x80) == 0
    }

    /// The width of the well-formed UTF-8 sequence at `offset` when libyaml reads it as one printable character
    /// that is neither a line break nor a byte-order mark.
    private static func printableWidth(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let byte = text[offset]
        let width = byte & 0xE0 == 0xC0 ? 2 : byte & 0xF0 == 0xE0 ? 3 : byte & 0xF8 == 0xF0 ? 4 : 0
        guard width > 0, offset + width <= text.count else { return nil }
        var value = UInt32(byte & (0xFF >> (width + 1)))
        for index in offset + 1..<offset + width {
            guard text[index] & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(text[index] & 0x3F)
        }
        let minimum: UInt32 = width == 2 ? 0x80 : width == 3 ? 0x800 : 0x10000
        let printable =
            (0xA0...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        guard value >= minimum, printable, value != 0x2028, value != 0x2029, value != 0xFEFF else { return nil }
        return width
    }

    /// The line and column at a byte offset (of a character the parser reported).
    func position(at offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = checkpoints.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(checkpoints[middle].offset) <= offset { low = middle } else { high = middle }
        }
        var state = State(checkpoints[low])
        let end = min(offset, bytes.count)
        bytes.withUnsafeBufferPointer { text in
            while state.offset < end {
                // Most bytes are ASCII and not a line break: one compare each (positions are read per value).
                let byte = text[state.offset]
                if byte >= 0x20, byte < 0x80 {
                    state.offset += 1
                    state.column += 1
                    continue
                }
                let (width, _, isBreak) = step(at: state.offset)
                guard state.offset + width <= offset else { break }
                state.advance(width: width, isBreak: isBreak)
            }
        }
        return (state.line, state.column)
    }

    /// The next character at `offset`: its width in bytes and in characters (CR LF is two), and whether it ends a
    /// line.
    fileprivate func step(at offset: Int) -> (bytes: Int, characters: Int, isBreak: Bool) {
        Self.character(at: offset, in: bytes)
    }

    /// The character at `offset` of `bytes` as positions count it: its width in bytes and in characters (CR LF is
    /// two), and whether it ends a line (CR LF, CR, LF, NEL, LS, PS). The one copy of these rules, which
    /// `YAMLTree.valueStarts` walks by too.
    static func character<Bytes: RandomAccessCollection<UInt8>>(at offset: Int, in bytes: Bytes)
        -> (bytes: Int, characters: Int, isBreak: Bool)
    where Bytes.Index == Int {
        let byte = bytes[offset]
        let count = bytes.count
        if byte < 0x80 {
            if byte == 0x0D, offset + 1 < count, bytes[offset + 1] == 0x0A { return (2, 2, true) }
            return (1, 1, byte == 0x0A || byte == 0x0D)
        }
        let width = min(byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4, count - offset)
        if byte == 0xC2, width == 2, bytes[offset + 1] == 0x85 { return (2, 1, true) }
        if byte == 0xE2, width == 3, bytes[offset + 1] == 0x80, bytes[offset + 2] & 0xFE == 0xA8 {
            return (3, 1, true)
        }
        return (width, 1, false)
    }

    fileprivate struct State {
        var offset: Int
        var character: Int
        var line: Int
        var column: Int

        init(_ checkpoint: Checkpoint) {
            offset = Int(checkpoint.offset)
            character = Int(checkpoint.character)
            line = Int(checkpoint.line)
            column = Int(checkpoint.column)
        }

        mutating func advance(width: Int, isBreak: Bool) {
            offset += width
            if isBreak {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
    }
}

/// Walks a file's characters as libyaml reports positions (by character index, nearly in order), turning each into
/// a byte offset with the line and column `SourceLines` will work out for it, and leaving the checkpoints behind.
struct SourceCursor {
    private(set) var lines: SourceLines
    private var state: SourceLines.State

    init(_ bytes: [UInt8]) {
        lines = SourceLines(bytes)
        state = SourceLines.State(lines.checkpoints[0])
    }

    /// The byte offset of character `index` (the end of the file past its last), and the line and column
    /// `SourceLines.position(at:)` gives for that offset.
    mutating func move(toCharacter index: Int) -> (offset: Int, line: Int, column: Int) {
        if index < state.character {
            var low = 0
            var high = lines.checkpoints.count
            while high - low > 1 {
                let middle = (low + high) / 2
                if Int(lines.checkpoints[middle].character) <= index { low = middle } else { high = middle }
            }
            state = SourceLines.State(lines.checkpoints[low])
        }
        let bytes = lines.bytes
        while state.character < index, state.offset < bytes.count {
            if state.offset >= lines.checkpoints.count * SourceLines.spacing {
                lines.checkpoints.append(
                    .init(
                        offset: UInt32(state.offset), character: UInt32(state.character), line: UInt32(state.line),
                        column: UInt32(state.column)))
            }
            let (width, characters, isBreak) = lines.step(at: state.offset)
            // Inside CR LF (libyaml never reports it, but the offset stays exact): the line is the CR's.
            guard state.character + characters <= index else {
                return (state.offset + index - state.character, state.line, state.column)
            }
            state.advance(width: width, isBreak: isBreak)
            state.character += characters
        }
        guard state.character == index else { return (bytes.count, state.line, state.column) }
        return (state.offset, state.line, state.column)
    }
}
