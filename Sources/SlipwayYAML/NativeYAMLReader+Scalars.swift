/// Scalars and flow collections, each read to the end libyaml gives it.
extension NativeYAMLReader {
    /// Whether a plain scalar may start at `index` in block context (libyaml's `fetch_next_token` test).
    @inline(__always)
    func canStartPlain(_ index: Int) -> Bool {
        switch at(index) {
        case 0x2D, 0x3F, 0x3A: // - ? :
            return !isBlankOrEnd(index + 1)
        default:
            return startsPlainAnywhere(at(index))
        }
    }

    /// Not an indicator, a space, a break or the end.
    @inline(__always)
    private func startsPlainAnywhere(_ byte: UInt8) -> Bool {
        switch byte {
        case 0, 0x09, 0x0A, 0x0D, 0x20, 0x2C, 0x5B, 0x5D, 0x7B, 0x7D, 0x23, 0x26, 0x2A, 0x21, 0x7C, 0x3E, 0x27, 0x22,
            0x25, 0x40, 0x60, 0x2D, 0x3F, 0x3A:
            return false
        default:
            return true
        }
    }

    /// A one-line plain scalar in block context; returns what stopped it: `:` (a key's), `#`, a line break or 0.
    @inline(__always)
    mutating func plainScalar() -> UInt8 {
        let start = pos
        // `isKeyAhead` has often just scanned it.
        let (end, stop) = scanned?.start == start ? (scanned!.end, scanned!.stop) : scanPlain(from: pos)
        appendScalar(start: start, end: end, style: .plain)
        pos = stop
        return at(stop)
    }

    /// A plain scalar's words and the spaces between them from `start`, which stop before `: `, ` #` and the line's
    /// end: where its text ends and where what stopped it is. The value is the text exactly, since the reader
    /// declines a scalar that goes on to the next line.
    @inline(__always)
    func scanPlain(from start: Int) -> (end: Int, stop: Int) {
        let count = count
        let text = text
        var next = start
        var end = start
        while true {
            let word = next
            while next < count {
                // Eight bytes at a time to the first space, line feed or colon among them.
                if next &+ 8 <= count {
                    let stops = Self.plainStops(
                        UnsafeRawPointer(text.baseAddress.unsafelyUnwrapped + next).loadUnaligned(as: UInt64.self)
                            .littleEndian)
                    guard stops != 0 else {
                        next &+= 8
                        continue
                    }
                    next &+= stops.trailingZeroBitCount >> 3
                }
                let byte = text[next]
                if byte == 0x20 || byte == 0x0A { break }
                if byte == 0x3A, isBlankOrEnd(next &+ 1) { break }
                next &+= 1
            }
            if next > word { end = next }
            guard next < count, text[next] == 0x20 else { break }
            while next < count, text[next] == 0x20 { next &+= 1 }
            if next < count, text[next] == 0x23 { break }
        }
        return (end, next)
    }

    /// The high bit of each byte of `word` that is a space, a line feed or a colon (exact for every byte: no carry
    /// crosses from one byte to the next).
    @inline(__always)
    static func plainStops(_ word: UInt64) -> UInt64 {
        @inline(__always) func zeros(_ value: UInt64) -> UInt64 {
            ~(((value & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | value | 0x7F7F_7F7F_7F7F_7F7F)
        }
        return zeros(word ^ 0x2020_2020_2020_2020) | zeros(word ^ 0x0A0A_0A0A_0A0A_0A0A)
            | zeros(word ^ 0x3A3A_3A3A_3A3A_3A3A)
    }

    /// A single- or double-quoted scalar on one line.
    mutating func quotedScalar() throws(Decline) {
        let start = pos
        let style: YAMLNode.ScalarStyle = text[pos] == 0x27 ? .singleQuoted : .doubleQuoted
        let (next, decoded) = try scanQuoted(from: pos, decoding: true)
        pos = next
        appendScalar(start: start, end: pos, style: style, decoded: decoded)
    }

    /// Where the quoted scalar at `start` ends (past its closing quote), with its value when escapes make it differ
    /// from its text (and `decoding`).
    func scanQuoted(from start: Int, decoding: Bool) throws(Decline) -> (next: Int, decoded: [UInt8]?) {
        let quote = text[start]
        var next = start + 1
        var decoded: [UInt8]?
        var copied = next
        while true {
            guard next < count else { throw Decline() }
            let byte = text[next]
            if byte == quote {
                guard quote == 0x27, at(next + 1) == 0x27 else { break }
                if decoding { decoded = (decoded ?? []) + text[copied...next] }
                next += 2
                copied = next
            } else if byte == 0x5C, quote == 0x22 {
                guard let replacement = Self.escape(at(next + 1)) else { throw Decline() }
                if decoding { decoded = (decoded ?? []) + text[copied..<next] + replacement }
                next += 2
                copied = next
            } else if byte == 0x0A {
                throw Decline()
            } else {
                next += 1
            }
        }
        if decoded != nil { decoded?.append(contentsOf: text[copied..<next]) }
        return (next + 1, decoded)
    }

    /// What libyaml makes of `\` and `byte` in a double-quoted scalar; `nil` for what this reader leaves to it.
    private static func escape(_ byte: UInt8) -> [UInt8]? {
        switch byte {
        case 0x30: return [0]
        case 0x61: return [7]
        case 0x62: return [8]
        case 0x74: return [9]
        case 0x6E: return [0x0A]
        case 0x76: return [0x0B]
        case 0x66: return [0x0C]
        case 0x72: return [0x0D]
        case 0x65: return [0x1B]
        case 0x20, 0x22, 0x2F, 0x5C: return [byte]
        case 0x4E: return [0xC2, 0x85]
        case 0x5F: return [0xC2, 0xA0]
        case 0x4C: return [0xE2, 0x80, 0xA8]
        case 0x50: return [0xE2, 0x80, 0xA9]
        default: return nil
        }
    }

    // MARK: Flow collections

    /// `[...]` or `{...}` on one line, of one-line scalars and flow collections.
    mutating func flowCollection() throws(Decline) {
        let isMapping = text[pos] == 0x7B
        let closing: UInt8 = isMapping ? 0x7D : 0x5D
        let index = try open(kind: isMapping ? 1 : 2, flow: true)
        pos += 1
        skipSpaces()
        if at(pos) != closing {
            while true {
                try flowNode()
                skipSpaces()
                if isMapping {
                    guard at(pos) == 0x3A, at(pos + 1) == 0x20 else { throw Decline() }
                    pos += 1
                    skipSpaces()
                    try flowNode()
                    skipSpaces()
                }
                guard at(pos) == 0x2C else { break }
                pos += 1
                skipSpaces()
                guard at(pos) != closing else { throw Decline() }
            }
        }
        guard at(pos) == closing else { throw Decline() }
        pos += 1
        close(index, end: pos)
    }

    private mutating func flowNode() throws(Decline) {
        let byte = at(pos)
        if byte == 0x5B || byte == 0x7B {
            try flowCollection()
        } else if byte == 0x22 || byte == 0x27 {
            try quotedScalar()
        } else if byte == 0x2D ? !isBlankOrEnd(pos + 1) : startsPlainAnywhere(byte) {
            try flowPlain()
        } else {
            throw Decline()
        }
    }

    /// A plain scalar inside a flow collection, ending at `,`, `]`, `}` or `: `; declines the characters whose
    /// meaning there differs between libyaml versions (`:`, `?`, `#`, `[`, `{`).
    private mutating func flowPlain() throws(Decline) {
        let start = pos
        var end = pos
        while true {
            let word = pos
            while pos < count {
                let byte = text[pos]
                if byte == 0x20 || byte == 0x2C || byte == 0x5D || byte == 0x7D { break }
                if byte == 0x3A {
                    guard at(pos + 1) == 0x20 else { throw Decline() }
                    break
                }
                if byte == 0x0A || byte == 0x5B || byte == 0x7B || byte == 0x23 || byte == 0x3F { throw Decline() }
                pos += 1
            }
            if pos > word { end = pos }
            guard at(pos) == 0x20 else { break }
            skipSpaces()
        }
        appendScalar(start: start, end: end, style: .plain)
    }
}
