import CYAML
import SlipwayCore

/// Turns libyaml's event stream into one `YAMLTree`: each node's record is appended when the node starts, so a
/// collection's children follow it, and completed when it ends.
///
/// A collection's anchor is defined when it ends: an alias inside the collection it names is unknown, as in Yams
/// (XcodeGen's parser), so the trees have no cycles and every walk over them ends.
struct YAMLTreeBuilder {
    /// How deeply collections may nest. Walks over nodes recurse once per level, so a hostile file of ten thousand
    /// `[` would overflow the stack; an XcodeGen spec nests about ten levels deep.
    static let maximumDepth = 256

    let path: String
    let bytes: [UInt8]
    /// See `YAMLFile.quotesSource`: errors about a file that is not the reader's to show quote none of it.
    let quotesSource: Bool
    private var cursor: SourceCursor
    private var table = YAMLTree.Table()
    private var values: [UInt8] = []
    private var extras: [UInt32: YAMLTree.Extras] = [:]
    private var positions: [UInt32: (line: UInt32, column: UInt32)] = [:]

    init(path: String, bytes: [UInt8], quotesSource: Bool = true) {
        self.path = path
        self.bytes = bytes
        self.quotesSource = quotesSource
        cursor = SourceCursor(bytes)
    }

    /// A position libyaml reported, with whether `SourceLines` works out the same line and column for it.
    private mutating func mark(_ raw: yaml_mark_t) -> (mark: YAMLMark, derived: Bool) {
        let at = cursor.move(toCharacter: Int(raw.index))
        let mark = YAMLMark(line: Int(raw.line) + 1, column: Int(raw.column) + 1, offset: at.offset)
        return (mark, at.line == mark.line && at.column == mark.column)
    }

    /// A collection whose end has not been reached yet.
    private struct Frame {
        let index: Int
        let anchor: String?
    }

    /// What the event loop has built so far: the finished documents, the collections still open, and the current
    /// document's anchors.
    private struct State {
        var documents: [Int?] = []
        var stack: [Frame] = []
        var anchors: [String: Int] = [:]
        var documentRoot: Int?
    }

    /// The tree and the root of each document (`nil` for an empty one).
    mutating func parse() throws(YAMLError) -> (tree: YAMLTree, documents: [Int?]) {
        // libyaml keeps pointers between calls: to the input, and from the parser to itself (its string reader's
        // data is the parser). A Swift local passed as `&parser` only has a fixed address for one call, so the
        // parser and the event get heap memory of their own, freed in reverse order. The input is the file's own
        // bytes, pinned for the whole loop (a copy would add the file's size to the peak memory).
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        defer {
            parser.deinitialize(count: 1)
            parser.deallocate()
        }
        guard yaml_parser_initialize(parser) == 1 else {
            throw YAMLError("cannot initialise the YAML parser for \(path): out of memory")
        }
        defer { yaml_parser_delete(parser) }
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        defer {
            event.deinitialize(count: 1)
            event.deallocate()
        }
        let empty = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        defer { empty.deallocate() }
        let input = bytes
        let documents = try input.withUnsafeBufferPointer { (input) throws(YAMLError) -> [Int?] in
            yaml_parser_set_input_string(parser, input.baseAddress ?? UnsafePointer(empty), input.count)
            var state = State()
            while true {
                guard yaml_parser_parse(parser, event) == 1 else { throw parserError(parser.pointee) }
                defer { yaml_event_delete(event) }
                if event.pointee.type == YAML_STREAM_END_EVENT { break }
                try add(event.pointee, to: &state)
            }
            return state.documents
        }
        let tree = YAMLTree(
            bytes: bytes, table: table, values: values, extras: extras, positions: positions, lines: cursor.lines)
        return (tree, documents)
    }

    /// Applies one event, any but the stream's end, to the tree being built.
    private mutating func add(_ event: yaml_event_t, to state: inout State) throws(YAMLError) {
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            state.documentRoot = nil
            state.anchors = [:]
        case YAML_DOCUMENT_END_EVENT:
            state.documents.append(state.documentRoot)
        case YAML_ALIAS_EVENT:
            let start = mark(event.start_mark)
            let target = try aliasTarget(named: string(event.data.alias.anchor) ?? "", at: start.mark, in: state)
            guard !state.stack.isEmpty else {
                state.documentRoot = target
                return
            }
            append(YAMLTree.Record(start: 0, end: 0, link: UInt32(target)), flags: YAMLTree.Flags.alias, at: start)
        case YAML_SCALAR_EVENT:
            let index = table.count
            scalar(event, start: mark(event.start_mark), end: mark(event.end_mark).mark)
            if let anchor = extras[UInt32(index)]?.anchor { state.anchors[anchor] = index }
            if state.stack.isEmpty { state.documentRoot = index }
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            try open(
                kind: 1, tag: string(data.tag), anchor: string(data.anchor), at: mark(event.start_mark),
                isFlow: data.style == YAML_FLOW_MAPPING_STYLE, in: &state)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            try open(
                kind: 2, tag: string(data.tag), anchor: string(data.anchor), at: mark(event.start_mark),
                isFlow: data.style == YAML_FLOW_SEQUENCE_STYLE, in: &state)
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            let end = mark(event.end_mark).mark
            guard let frame = state.stack.popLast() else { return }
            table[frame.index].end = UInt32(truncatingIfNeeded: end.offset)
            table[frame.index].link = UInt32(truncatingIfNeeded: table.count)
            if let anchor = frame.anchor { state.anchors[anchor] = frame.index }
        default:
            break
        }
    }

    /// Appends a record starting at `start`, keeping the parser's line and column when they differ from the bytes'.
    private mutating func append(
        _ record: YAMLTree.Record, flags: UInt8, at start: (mark: YAMLMark, derived: Bool)
    ) {
        var record = record
        var flags = flags
        // YAMLFile refuses input of UInt32.max bytes or more, so every offset, line and column fits.
        record.start = UInt32(truncatingIfNeeded: start.mark.offset)
        if !start.derived {
            flags |= YAMLTree.Flags.hasPosition
            positions[UInt32(table.count)] = (
                UInt32(truncatingIfNeeded: start.mark.line), UInt32(truncatingIfNeeded: start.mark.column)
            )
        }
        table.append(record, flags: flags)
    }

    /// Starts a collection, refusing one nested deeper than `maximumDepth`.
    private mutating func open(
        kind: UInt8, tag: String?, anchor: String?, at start: (mark: YAMLMark, derived: Bool), isFlow: Bool,
        in state: inout State
    ) throws(YAMLError) {
        guard state.stack.count < Self.maximumDepth else {
            throw error(
                "collections nest more than \(Self.maximumDepth) levels deep", at: start.mark,
                hint: "no spec needs this many levels; write the structure flatter")
        }
        let index = table.count
        var flags = kind | (isFlow ? YAMLTree.Flags.flow : 0)
        if tag != nil || anchor != nil {
            flags |= YAMLTree.Flags.hasExtras
            extras[UInt32(index)] = YAMLTree.Extras(tag: tag, anchor: anchor, valueStart: nil)
        }
        append(YAMLTree.Record(start: 0, end: 0, link: 0), flags: flags, at: start)
        if state.stack.isEmpty { state.documentRoot = index }
        state.stack.append(Frame(index: index, anchor: anchor))
    }

    /// The node an alias stands for.
    private func aliasTarget(named name: String, at start: YAMLMark, in state: State) throws(YAMLError) -> Int {
        if let target = state.anchors[name] { return target }
        let alias = quotesSource ? "alias '*\(name)'" : "an alias"
        if state.stack.contains(where: { $0.anchor == name }) {
            throw error(
                "\(alias) is inside the collection \(quotesSource ? "'&\(name)' " : "")it refers to", at: start,
                hint: "a collection cannot contain itself (XcodeGen's parser refuses this too); remove the alias")
        }
        throw error(
            quotesSource ? "unknown alias '*\(name)'" : "unknown alias", at: start,
            hint: quotesSource ? "define the anchor '&\(name)' before using it" : "define the anchor before using it")
    }

    private func error(_ message: String, at mark: YAMLMark, hint: String) -> YAMLError {
        YAMLError(
            message, location: SourceLocation(file: path, line: mark.line, column: mark.column),
            sourceLine: quotesSource ? YAMLFile.line(mark.line, in: bytes) : nil, hint: hint)
    }

    /// Appends the record for a scalar event: its value stays in the source when it is the source text exactly.
    private mutating func scalar(_ event: yaml_event_t, start: (mark: YAMLMark, derived: Bool), end: YAMLMark) {
        let scalar = event.data.scalar
        let value = UnsafeBufferPointer(start: scalar.value, count: scalar.value == nil ? 0 : Int(scalar.length))
        let anchor = string(scalar.anchor)
        let tag = string(scalar.tag)
        let style = style(scalar.style)
        var flags = style.rawValue << YAMLTree.Flags.styleShift
        var valueStart = start.mark
        if anchor != nil || tag != nil {
            valueStart = skipProperties(from: start.mark, end: end, hasAnchor: anchor != nil, hasTag: tag != nil)
            flags |= YAMLTree.Flags.hasExtras
            extras[UInt32(table.count)] = YAMLTree.Extras(tag: tag, anchor: anchor, valueStart: valueStart)
        }
        let quote = style == .singleQuoted || style == .doubleQuoted ? 1 : 0
        let from = valueStart.offset + quote
        var link: UInt32 = 0
        let inSource =
            style.rawValue <= 2 && from + value.count + quote == end.offset && end.offset <= bytes.count
            && bytes[from..<from + value.count].elementsEqual(value)
        if !inSource {
            flags |= YAMLTree.Flags.decoded
            link = UInt32(truncatingIfNeeded: values.count)
            let length = UInt32(truncatingIfNeeded: value.count)
            values.append(contentsOf: [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF)])
            values.append(UInt8(length & 0xFF))
            values.append(contentsOf: value)
        }
        append(
            YAMLTree.Record(start: 0, end: UInt32(truncatingIfNeeded: end.offset), link: link), flags: flags, at: start)
    }

    private mutating func parserError(_ parser: yaml_parser_t) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        // A reader error (invalid UTF-8, a control character) has no mark, only the byte offset it found.
        let at =
            parser.error == YAML_READER_ERROR
            ? Self.position(ofByte: Int(parser.problem_offset), in: bytes) : mark(parser.problem_mark).mark
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            let contextMark = mark(parser.context_mark).mark
            message += " (\(context) at line \(contextMark.line), column \(contextMark.column))"
        }
        return error(message, at: at, hint: "fix the YAML syntax at this position")
    }

    /// The line and column of a byte offset: lines broken at LF, a column counting UTF-8 lead bytes.
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> YAMLMark {
        var line = 1
        var column = 1
        for byte in bytes.prefix(max(0, offset)) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return YAMLMark(line: line, column: column, offset: min(max(0, offset), bytes.count))
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private func style(_ style: yaml_scalar_style_t) -> YAMLNode.ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }

    /// libyaml's scalar event starts at its anchor or tag; the value's own text starts after them.
    private func skipProperties(from start: YAMLMark, end: YAMLMark, hasAnchor: Bool, hasTag: Bool) -> YAMLMark {
        guard hasAnchor || hasTag else { return start }
        var offset = start.offset
        var column = start.column
        var line = start.line
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var remaining = (hasAnchor ? 1 : 0) + (hasTag ? 1 : 0)
        while remaining > 0, offset < end.offset {
            let byte = bytes[offset]
            guard byte == UInt8(ascii: "&") || byte == UInt8(ascii: "!") else { break }
            while offset < end.offset, !isBlank(bytes[offset]) {
                if bytes[offset] & 0xC0 != 0x80 { column += 1 }
                offset += 1
            }
            while offset < end.offset, isBlank(bytes[offset]) {
                if bytes[offset] == 0x0A {
                    line += 1
                    column = 1
                } else if bytes[offset] != 0x0D {
                    column += 1
                }
                offset += 1
            }
            remaining -= 1
        }
        return YAMLMark(line: line, column: column, offset: offset)
    }
}
