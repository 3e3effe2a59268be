/// Every node of one parsed file, in one flat table beside the file's bytes.
///
/// A node is one 12-byte `Record` and a byte of `Flags`; its children follow it in the table (pre-order), so a collection needs no array
/// of its own, only the index just past its last descendant. A scalar whose value is its source text exactly (most
/// are) keeps no copy of it: the value is read from the bytes when asked for. What few nodes have (a tag, an
/// anchor, a scalar's value that unescaping or folding changed, a line and column that differ from what the bytes
/// say) lives out of line. Lines and columns are worked out from the bytes (`SourceLines`), with the parser's own
/// numbers kept wherever they would differ, so every position is the parser's.
final class YAMLTree {
    struct Record {
        /// Where the node starts (its anchor or tag included); for an alias, where the alias is written.
        var start: UInt32
        var end: UInt32
        /// A collection: the index just past its last descendant. An alias: the node it refers to. A scalar kept in
        /// `values`: where its length and bytes start there.
        var link: UInt32
    }

    /// The bits of a record's flags: its kind, a scalar's style or a collection's flow, and what it has out of line.
    enum Flags {
        static let kindMask: UInt8 = 0b11
        /// An alias written among a collection's children: not a node, it stands for `link`.
        static let alias: UInt8 = 3
        static let styleShift: UInt8 = 2
        static let styleMask: UInt8 = 0b111 << 2
        /// For a mapping or sequence (which have no style).
        static let flow: UInt8 = 1 << 2
        /// The scalar's value is in `values`, not the source text.
        static let decoded: UInt8 = 1 << 5
        static let hasExtras: UInt8 = 1 << 6
        /// The start's line and column are in `positions`.
        static let hasPosition: UInt8 = 1 << 7
    }

    /// What a node rarely has.
    struct Extras {
        var tag: String?
        var anchor: String?
        /// For a scalar with an anchor or a tag: where its own text starts.
        var valueStart: YAMLMark?
    }

    /// Records in chunks of a fixed size, so the table grows without ever copying what it holds (a single array
    /// would hold the old and the new storage at once while it grows: twice the table at the peak on a large spec).
    struct Table {
        static let shift = 16
        static let mask = (1 << shift) - 1
        private var chunks: [[Record]] = []
        /// Apart from the records, which a byte would pad to 16.
        private var flagChunks: [[UInt8]] = []
        private(set) var count = 0

        subscript(index: Int) -> Record {
            get { chunks[index >> Self.shift][index & Self.mask] }
            set { chunks[index >> Self.shift][index & Self.mask] = newValue }
        }

        func flags(_ index: Int) -> UInt8 { flagChunks[index >> Self.shift][index & Self.mask] }

        mutating func append(_ record: Record, flags: UInt8) {
            if count & Self.mask == 0 {
                // A chunk after the first is known to fill: its room taken at once, not grown by doubling, whose
                // freed smaller buffers a large spec's heap would keep (a tenth of the peak on a 100 MB spec).
                var records: [Record] = []
                var flags: [UInt8] = []
                if count > 0 {
                    records.reserveCapacity(Self.mask + 1)
                    flags.reserveCapacity(Self.mask + 1)
                }
                chunks.append(records)
                flagChunks.append(flags)
            }
            chunks[chunks.count - 1].append(record)
            flagChunks[flagChunks.count - 1].append(flags)
            count += 1
        }
    }

    let bytes: [UInt8]
    let table: Table
    /// Scalar values that are not their source text: each a 4-byte length, then the bytes.
    let values: [UInt8]
    let extras: [UInt32: Extras]
    let positions: [UInt32: (line: UInt32, column: UInt32)]
    let lines: SourceLines
    /// The position `mark` worked out last, where the next one (usually a little further on) starts counting.
    private var lastPosition: SourceLines.State?

    init(
        bytes: [UInt8], table: Table, values: [UInt8], extras: [UInt32: Extras],
        positions: [UInt32: (line: UInt32, column: UInt32)], lines: SourceLines
    ) {
        self.bytes = bytes
        self.table = table
        self.values = values
        self.extras = extras
        self.positions = positions
        self.lines = lines
    }

    /// The index just past a node's subtree: its next sibling.
    func next(_ index: Int) -> Int {
        let kind = table.flags(index) & Flags.kindMask
        return kind == 1 || kind == 2 ? Int(table[index].link) : index + 1
    }

    /// Where a record starts, with the parser's line and column.
    func mark(_ index: Int) -> YAMLMark {
        let record = table[index]
        if table.flags(index) & Flags.hasPosition != 0, let position = positions[UInt32(index)] {
            return YAMLMark(line: Int(position.line), column: Int(position.column), offset: Int(record.start))
        }
        let position = lines.position(at: Int(record.start), resumingFrom: &lastPosition)
        return YAMLMark(line: position.line, column: position.column, offset: Int(record.start))
    }

    func extras(_ index: Int) -> Extras? {
        table.flags(index) & Flags.hasExtras != 0 ? extras[UInt32(index)] : nil
    }

    /// A scalar's value: a range of `bytes`, or of `values` when `decoded`.
    func scalarRange(_ index: Int) -> (decoded: Bool, range: Range<Int>) {
        let record = table[index]
        let flags = table.flags(index)
        if flags & Flags.decoded != 0 {
            let at = Int(record.link)
            let length = values[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            return (true, at + 4..<at + 4 + length)
        }
        let style = (flags & Flags.styleMask) >> Flags.styleShift
        let quote = style == 1 || style == 2 ? 1 : 0
        let start = extras(index)?.valueStart?.offset ?? Int(record.start)
        return (false, start + quote..<Int(record.end) - quote)
    }

    func scalar(_ index: Int) -> String {
        let (decoded, range) = scalarRange(index)
        return String(decoding: decoded ? values[range] : bytes[range], as: UTF8.self)
    }

    /// Whether a scalar's value is `text`, as `String`'s `==` judges (canonical equivalence), without making a
    /// string when the bytes settle it.
    func scalar(_ index: Int, equals text: String) -> Bool {
        let (decoded, range) = scalarRange(index)
        let same = decoded ? text.utf8.elementsEqual(values[range]) : text.utf8.elementsEqual(bytes[range])
        if same { return true }
        let ascii =
            text.utf8.allSatisfy { $0 < 0x80 } && (decoded ? values[range] : bytes[range]).allSatisfy { $0 < 0x80 }
        return ascii ? false : scalar(index) == text
    }
}
