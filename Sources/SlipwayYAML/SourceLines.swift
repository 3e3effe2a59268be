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
    fileprivate(set) var checkpoints: [Checkpoint]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        checkpoints = [Checkpoint(offset: UInt32(textStart), character: 0, line: 1, column: 1)]
    }

    /// The line and column at a byte offset (of a character the parser reported).
    func position(at offset: Int) -> (line: Int, column: Int) {
        var unused: State?
        return position(at: offset, resumingFrom: &unused)
    }

    /// The line and column at a byte offset, counting from `resume` (a position this file gave before) when it lies
    /// between the nearest checkpoint and `offset`, and leaving the position reached there. A walk that asks for
    /// its nodes in file order (every reader of the spec model) then counts each byte once, not up to a
    /// checkpoint's spacing for every node.
    func position(at offset: Int, resumingFrom resume: inout State?) -> (line: Int, column: Int) {
        var low = 0
        var high = checkpoints.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(checkpoints[middle].offset) <= offset { low = middle } else { high = middle }
        }
        var state = State(checkpoints[low])
        if let resume, resume.offset <= offset, resume.offset > state.offset { state = resume }
        while state.offset < min(offset, bytes.count) {
            let (width, _, isBreak) = step(at: state.offset)
            guard state.offset + width <= offset else { break }
            state.advance(width: width, isBreak: isBreak)
        }
        resume = state
        return (state.line, state.column)
    }

    /// The character at `offset`: its width in bytes and in characters (CR LF is two), and whether it ends a line.
    fileprivate func step(at offset: Int) -> (bytes: Int, characters: Int, isBreak: Bool) {
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

    struct State {
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
