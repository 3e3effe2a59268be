#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Slipway's own reader for the YAML that XcodeGen specs are written in, building the `YAMLTree` that
/// `YAMLTreeBuilder` builds from libyaml's events, straight from the bytes.
///
/// libyaml spends most of a spec's read turning its character marks back into byte offsets; this reader knows the
/// offsets as it goes. It reads a subset (block collections, one-line scalars and flow collections, block scalars
/// without an indentation indicator, comments) and gives up on anything else, and on anything it would not read
/// exactly as libyaml does: `YAMLFile` then asks libyaml, so errors and their positions stay libyaml's.
struct NativeYAMLReader {
    /// Thrown to give the file to libyaml.
    struct Decline: Error {}

    /// Deeper than any spec; the reader recurses once per level.
    static let maximumDepth = 64

    let text: UnsafeBufferPointer<UInt8>
    let count: Int
    var pos = 0
    /// Where the current line starts: a column is `pos - lineStart` (0-based, as libyaml's), exact for indentation
    /// and for what follows `- ` since both are spaces.
    var lineStart = 0
    /// The tree's records and flags, in order, in the table's chunks as they come: one array of every record,
    /// copied into chunks at the end, held the tree twice at the peak (a third more memory on a dense spec).
    var table = YAMLTree.Table()
    var values: [UInt8] = []
    var depth = 0
    /// The plain scalar `isKeyAhead` scanned last, for the key it is read as next.
    var scanned: (start: Int, end: Int, stop: Int)?

    private init(text: UnsafeBufferPointer<UInt8>) {
        self.text = text
        count = text.count
        // About a record every eight bytes in specs (a key and its value on a line of thirty or so).
        table = YAMLTree.Table(expected: count / 8)
    }

    /// The tree and the documents' roots, or `nil` when libyaml has to read the file.
    static func read(_ bytes: [UInt8]) -> (tree: YAMLTree, documents: [Int?])? {
        let parsed = bytes.withUnsafeBufferPointer { text -> (YAMLTree.Table, [UInt8], [Int?])? in
            var reader = NativeYAMLReader(text: text)
            guard let documents = try? reader.stream() else { return nil }
            return (reader.table, reader.values, documents)
        }
        guard let (table, values, documents) = parsed,
            let lines = SourceLines(validating: bytes, walkedTo: documents.isEmpty ? 0 : bytes.count)
        else { return nil }
        let tree = YAMLTree(bytes: bytes, table: table, values: values, extras: [:], positions: [:], lines: lines)
        return (tree, documents)
    }

    // MARK: Bytes

    /// The byte at `index`, 0 past the end (a NUL in the text makes the file libyaml's: `SourceLines` refuses it).
    @inline(__always) func at(_ index: Int) -> UInt8 { index < count ? text[index] : 0 }

    @inline(__always) var column: Int { pos - lineStart }

    /// A space, a line break or the end: what ends a token.
    @inline(__always) func isBlankOrEnd(_ index: Int) -> Bool {
        let byte = at(index)
        return byte == 0x20 || byte == 0x0A || byte == 0
    }

    /// `-` followed by a space, a line break or the end: a block sequence's entry.
    @inline(__always) func isBlockEntry(_ index: Int) -> Bool { at(index) == 0x2D && isBlankOrEnd(index + 1) }

    mutating func skipSpaces() {
        var next = pos
        while next < count, text[next] == 0x20 { next += 1 }
        pos = next
    }

    /// Skips spaces, comments and line breaks to where the next token starts, refusing a document marker there.
    @inline(__always)
    mutating func skipToNextToken() throws(Decline) {
        skipTrivia()
        if isDocumentMarker(0x2D) || isDocumentMarker(0x2E) { throw Decline() }
    }

    @inline(__always)
    private mutating func skipTrivia() {
        let count = count
        let text = text
        var next = pos
        var line = lineStart
        while next < count {
            let byte = text[next]
            if byte == 0x20 {
                next &+= 1
                // The rest of a run of spaces (an indentation) eight at a time: the first byte that is not one is
                // the first that is not zero once they are crossed with spaces.
                while next &+ 8 <= count {
                    let crossed =
                        UnsafeRawPointer(text.baseAddress.unsafelyUnwrapped + next).loadUnaligned(as: UInt64.self)
                        .littleEndian ^ 0x2020_2020_2020_2020
                    guard crossed == 0 else {
                        next &+= crossed.trailingZeroBitCount >> 3
                        break
                    }
                    next &+= 8
                }
            } else if byte == 0x23 {
                let base = text.baseAddress.unsafelyUnwrapped
                let found = memchr(base + next, 0x0A, count - next)
                next = found.map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
            } else if byte == 0x0A {
                next &+= 1
                line = next
            } else {
                break
            }
        }
        pos = next
        lineStart = line
    }

    /// `---` or `...` (three of `byte`) at the start of a line, followed by a space, a line break or the end.
    @inline(__always)
    private func isDocumentMarker(_ byte: UInt8) -> Bool {
        pos == lineStart && at(pos) == byte && at(pos + 1) == byte && at(pos + 2) == byte && isBlankOrEnd(pos + 3)
    }

    /// After a token that ends a line's content: only spaces and a comment may follow it on its line.
    @inline(__always)
    mutating func endOfLine() throws(Decline) {
        guard isBlankOrEnd(pos) else { throw Decline() }
        skipSpaces()
        let byte = at(pos)
        guard byte == 0x23 || byte == 0x0A || byte == 0 else { throw Decline() }
        try skipToNextToken()
    }

    // MARK: Records

    @inline(__always)
    mutating func open(kind: UInt8, flow: Bool = false) throws(Decline) -> Int {
        depth += 1
        guard depth <= Self.maximumDepth else { throw Decline() }
        table.append(
            YAMLTree.Record(start: UInt32(truncatingIfNeeded: pos), end: 0, link: 0),
            flags: kind | (flow ? YAMLTree.Flags.flow : 0))
        return table.count - 1
    }

    /// Ends a collection at `end`: libyaml's end mark, which for a block collection is where the next token starts.
    @inline(__always)
    mutating func close(_ index: Int, end: Int) {
        depth -= 1
        table.close(index, end: UInt32(truncatingIfNeeded: end), link: UInt32(truncatingIfNeeded: table.count))
    }

    /// A scalar from `start` to `end`; `decoded` when its value is not the text between them (less any quotes).
    @inline(__always)
    mutating func appendScalar(start: Int, end: Int, style: YAMLNode.ScalarStyle, decoded: [UInt8]? = nil) {
        var flag = style.rawValue << YAMLTree.Flags.styleShift
        var link: UInt32 = 0
        if let decoded {
            flag |= YAMLTree.Flags.decoded
            link = UInt32(truncatingIfNeeded: values.count)
            let length = UInt32(truncatingIfNeeded: decoded.count)
            values.append(UInt8(length >> 24))
            values.append(UInt8(length >> 16 & 0xFF))
            values.append(UInt8(length >> 8 & 0xFF))
            values.append(UInt8(length & 0xFF))
            values.append(contentsOf: decoded)
        }
        table.append(
            YAMLTree.Record(start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end), link: link),
            flags: flag)
    }

    /// The empty plain scalar libyaml reads for a missing value, at the end of its `:` or `-`.
    @inline(__always)
    mutating func appendEmpty(at offset: Int) {
        appendScalar(start: offset, end: offset, style: .plain)
    }

    // MARK: Block structure

    /// The one document: a block mapping or sequence at column 0, after an optional BOM and `---`.
    private mutating func stream() throws(Decline) -> [Int?] {
        if count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { pos = 3 }
        lineStart = pos
        skipTrivia()
        if pos == count { return [] }
        if isDocumentMarker(0x2D) {
            pos += 3
            try endOfLine()
            guard pos < count else { throw Decline() }
        } else if isDocumentMarker(0x2E) {
            throw Decline()
        }
        guard column == 0 else { throw Decline() }
        if isBlockEntry(pos) {
            try blockSequence(column: 0, indentless: false)
        } else if isKeyAhead() {
            try blockMapping(column: 0)
        } else {
            throw Decline()
        }
        guard pos == count else { throw Decline() }
        return [0]
    }

    /// A block mapping whose first key starts at `pos`, in column `indent`; returns at the next token after it.
    mutating func blockMapping(column indent: Int) throws(Decline) {
        let index = try open(kind: 1)
        while true {
            try key()
            try value(afterIndicator: pos, indent: indent, inMapping: true)
            guard pos < count, column >= indent else { break }
            guard column == indent, !isBlockEntry(pos) else { throw Decline() }
        }
        close(index, end: pos)
    }

    /// A block sequence whose first `-` is at `pos`, in column `indent`. An indentless one (a mapping's value, its
    /// `-` in the mapping's column) ends at the mapping's next key; any other refuses a key in its column.
    mutating func blockSequence(column indent: Int, indentless: Bool) throws(Decline) {
        let index = try open(kind: 2)
        while true {
            pos += 1
            try value(afterIndicator: pos, indent: indent, inMapping: false)
            guard pos < count, column >= indent else { break }
            guard column == indent else { throw Decline() }
            guard isBlockEntry(pos) else {
                if indentless { break }
                throw Decline()
            }
        }
        close(index, end: pos)
    }

    /// The node after a `:` or `-` (which ends at `afterIndicator`) of a collection in column `indent`: on the same
    /// line, on a later line indented further, an indentless sequence, or none (an empty scalar).
    mutating func value(afterIndicator: Int, indent: Int, inMapping: Bool) throws(Decline) {
        skipSpaces()
        let byte = at(pos)
        if byte == 0x23 || byte == 0x0A || byte == 0 {
            try skipToNextToken()
            if pos < count, column > indent {
                try node(indent: indent)
            } else if pos < count, column == indent, inMapping, isBlockEntry(pos) {
                try blockSequence(column: indent, indentless: true)
            } else {
                appendEmpty(at: afterIndicator)
            }
        } else if !inMapping, isBlockEntry(pos) {
            try blockSequence(column: column, indentless: false)
        } else if !inMapping, isKeyAhead() {
            try blockMapping(column: column)
        } else {
            try inlineNode(indent: indent)
        }
    }

    /// A node starting a line, indented further than its collection's column `indent`.
    private mutating func node(indent: Int) throws(Decline) {
        if isBlockEntry(pos) {
            try blockSequence(column: column, indentless: false)
        } else if isKeyAhead() {
            try blockMapping(column: column)
        } else {
            try inlineNode(indent: indent)
        }
    }

    /// A scalar or flow collection, then the rest of its line; `indent` is the column of the collection holding it
    /// (libyaml's indent, which decides whether a plain scalar goes on to the next line).
    private mutating func inlineNode(indent: Int) throws(Decline) {
        switch at(pos) {
        case 0x5B, 0x7B:
            try flowCollection()
            try endOfLine()
        case 0x22, 0x27:
            try quotedScalar()
            try endOfLine()
        case 0x7C, 0x3E:
            try blockScalar(indent: indent)
            try skipToNextToken()
        default:
            guard canStartPlain(pos) else { throw Decline() }
            let stop = plainScalar()
            if stop == 0x3A { throw Decline() }
            let endsLine = stop != 0x23
            try skipToNextToken()
            // A line indented further than `indent` would continue the scalar (or be an error): libyaml's to read.
            if endsLine, pos < count, column > indent { throw Decline() }
        }
    }

    /// A key (a one-line plain or quoted scalar) and its `:`, leaving `pos` just after the `:`.
    mutating func key() throws(Decline) {
        let start = pos
        let byte = at(pos)
        if byte == 0x22 || byte == 0x27 {
            try quotedScalar()
            skipSpaces()
        } else {
            guard canStartPlain(pos) else { throw Decline() }
            guard plainScalar() == 0x3A else { throw Decline() }
        }
        // libyaml's simple keys are at most 1024 characters long.
        guard at(pos) == 0x3A, isBlankOrEnd(pos + 1), pos - start < 1000 else { throw Decline() }
        pos += 1
    }

    /// Whether the line from `pos` holds a key: a one-line scalar followed by `:` and a space or the line's end.
    mutating func isKeyAhead() -> Bool {
        let byte = at(pos)
        var next: Int
        if byte == 0x22 || byte == 0x27 {
            do { next = try scanQuoted(from: pos, decoding: false).next } catch { return false }
            while at(next) == 0x20 { next += 1 }
        } else {
            guard canStartPlain(pos) else { return false }
            let (end, stop) = scanPlain(from: pos)
            scanned = (pos, end, stop)
            next = stop
        }
        return at(next) == 0x3A && isBlankOrEnd(next + 1)
    }
}
