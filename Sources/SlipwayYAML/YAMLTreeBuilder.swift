import CYAML
import SlipwayCore

/// Turns libyaml's event stream into `YAMLNode` trees.
///
/// A collection's node is made when it ends, with all its children, so nodes never change once made. Its anchor is
/// defined then too: an alias inside the collection it names is unknown, as in Yams (XcodeGen's parser), so the
/// trees have no cycles and every walk over them ends.
struct YAMLTreeBuilder {
    /// How deeply collections may nest. Walks over nodes (and releasing them) recurse once per level, so a hostile
    /// file of ten thousand `[` would overflow the stack; an XcodeGen spec nests about ten levels deep.
    static let maximumDepth = 256

    let path: String
    let bytes: [UInt8]
    /// See `YAMLFile.quotesSource`: errors about a file that is not the reader's to show quote none of it.
    let quotesSource: Bool
    private var offsets: ByteOffsets

    init(path: String, bytes: [UInt8], quotesSource: Bool = true) {
        self.path = path
        self.bytes = bytes
        self.quotesSource = quotesSource
        offsets = ByteOffsets(bytes)
    }

    private mutating func mark(_ raw: yaml_mark_t) -> YAMLMark {
        YAMLMark(
            line: Int(raw.line) + 1, column: Int(raw.column) + 1,
            offset: offsets.offset(ofCharacter: Int(raw.index), in: bytes))
    }

    /// A collection whose end has not been reached yet.
    private struct Frame {
        let kind: YAMLNode.Kind
        let tag: String?
        let anchor: String?
        let start: YAMLMark
        let isFlow: Bool
        var children: [YAMLNode] = []
        var aliases: [(index: Int, mark: YAMLMark)] = []
    }

    /// What the event loop has built so far: the finished documents, the collections still open, and the current
    /// document's anchors.
    private struct Tree {
        var documents: [YAMLNode?] = []
        var stack: [Frame] = []
        var anchors: [String: YAMLNode] = [:]
        var documentRoot: YAMLNode?

        /// Makes `node` what a later alias of its anchor refers to, when it has one.
        mutating func define(_ node: YAMLNode) {
            if let anchor = node.anchor { anchors[anchor] = node }
        }

        /// Ends the innermost open collection at `end` and returns its node (`nil` when none is open).
        mutating func close(at end: YAMLMark) -> YAMLNode? {
            guard let frame = stack.popLast() else { return nil }
            let hasExtras = frame.tag != nil || frame.anchor != nil || !frame.aliases.isEmpty
            let node = YAMLNode(
                kind: frame.kind, start: frame.start, end: end, isFlow: frame.isFlow, children: frame.children,
                extras: hasExtras
                    ? YAMLNode.Extras(tag: frame.tag, anchor: frame.anchor, valueStart: nil, aliases: frame.aliases)
                    : nil)
            define(node)
            return node
        }

        /// Puts a finished node in the innermost open collection (as a key, a value or an item), or makes it the
        /// document's root when none is open; `alias` is where it is written when it is written as an alias.
        mutating func attach(_ node: YAMLNode, alias: YAMLMark?) {
            guard !stack.isEmpty else {
                documentRoot = node
                return
            }
            let last = stack.count - 1
            if let alias { stack[last].aliases.append((stack[last].children.count, alias)) }
            stack[last].children.append(node)
        }
    }

    mutating func parse() throws(YAMLError) -> [YAMLNode?] {
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
        return try input.withUnsafeBufferPointer { (input) throws(YAMLError) -> [YAMLNode?] in
            yaml_parser_set_input_string(parser, input.baseAddress ?? UnsafePointer(empty), input.count)
            var tree = Tree()
            while true {
                guard yaml_parser_parse(parser, event) == 1 else { throw parserError(parser.pointee) }
                defer { yaml_event_delete(event) }
                if event.pointee.type == YAML_STREAM_END_EVENT { break }
                try add(event.pointee, to: &tree)
            }
            return tree.documents
        }
    }

    /// Applies one event, any but the stream's end, to the tree being built.
    private mutating func add(_ event: yaml_event_t, to tree: inout Tree) throws(YAMLError) {
        let start = mark(event.start_mark)
        let end = mark(event.end_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            tree.documentRoot = nil
            tree.anchors = [:]
        case YAML_DOCUMENT_END_EVENT:
            tree.documents.append(tree.documentRoot)
        case YAML_ALIAS_EVENT:
            let target = try aliasTarget(named: string(event.data.alias.anchor) ?? "", at: start, in: tree)
            tree.attach(target, alias: start)
        case YAML_SCALAR_EVENT:
            let node = scalarNode(event, start: start, end: end)
            tree.define(node)
            tree.attach(node, alias: nil)
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            try open(
                .mapping, tag: string(data.tag), anchor: string(data.anchor), at: start,
                isFlow: data.style == YAML_FLOW_MAPPING_STYLE, in: &tree)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            try open(
                .sequence, tag: string(data.tag), anchor: string(data.anchor), at: start,
                isFlow: data.style == YAML_FLOW_SEQUENCE_STYLE, in: &tree)
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            if let node = tree.close(at: end) { tree.attach(node, alias: nil) }
        default:
            break
        }
    }

    /// Starts a collection, refusing one nested deeper than `maximumDepth`.
    private func open(
        _ kind: YAMLNode.Kind, tag: String?, anchor: String?, at start: YAMLMark, isFlow: Bool, in tree: inout Tree
    ) throws(YAMLError) {
        guard tree.stack.count < Self.maximumDepth else {
            throw error(
                "collections nest more than \(Self.maximumDepth) levels deep", at: start,
                hint: "no spec needs this many levels; write the structure flatter")
        }
        tree.stack.append(Frame(kind: kind, tag: tag, anchor: anchor, start: start, isFlow: isFlow))
    }

    /// The node an alias stands for.
    private func aliasTarget(named name: String, at start: YAMLMark, in tree: Tree) throws(YAMLError) -> YAMLNode {
        if let target = tree.anchors[name] { return target }
        let alias = quotesSource ? "alias '*\(name)'" : "an alias"
        if tree.stack.contains(where: { $0.anchor == name }) {
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

    /// The node for a scalar event.
    private func scalarNode(_ event: yaml_event_t, start: YAMLMark, end: YAMLMark) -> YAMLNode {
        let scalar = event.data.scalar
        let value =
            scalar.value.map { pointer in
                String(decoding: UnsafeBufferPointer(start: pointer, count: Int(scalar.length)), as: UTF8.self)
            } ?? ""
        let anchor = string(scalar.anchor)
        let tag = string(scalar.tag)
        var extras: YAMLNode.Extras?
        if anchor != nil || tag != nil {
            let valueStart = skipProperties(from: start, end: end, hasAnchor: anchor != nil, hasTag: tag != nil)
            extras = YAMLNode.Extras(tag: tag, anchor: anchor, valueStart: valueStart, aliases: [])
        }
        return YAMLNode(
            kind: .scalar, start: start, end: end, scalar: value, style: style(scalar.style), extras: extras)
    }

    private mutating func parserError(_ parser: yaml_parser_t) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let at = mark(parser.problem_mark)
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            let contextMark = mark(parser.context_mark)
            message += " (\(context) at line \(contextMark.line), column \(contextMark.column))"
        }
        return error(message, at: at, hint: "fix the YAML syntax at this position")
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

/// Turns libyaml's positions, which count characters, into byte offsets.
///
/// ASCII text needs no work. Otherwise libyaml reports positions nearly in order, so a cursor moved from the
/// previous position reaches each in a few steps; a table of every character's offset would cost 8 bytes per
/// character of the file.
private struct ByteOffsets {
    /// Where the text starts: after a UTF-8 byte-order mark, which libyaml does not count.
    let textStart: Int
    let isASCII: Bool
    private var character = 0
    private var offset: Int

    init(_ bytes: [UInt8]) {
        textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        isASCII = !bytes.contains(where: { $0 >= 0x80 })
        offset = textStart
    }

    mutating func offset(ofCharacter index: Int, in bytes: [UInt8]) -> Int {
        if isASCII { return min(textStart + index, bytes.count) }
        while character < index, offset < bytes.count {
            let byte = bytes[offset]
            offset = min(offset + (byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4), bytes.count)
            character += 1
        }
        while character > index, offset > textStart {
            offset -= 1
            while offset > textStart, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            character -= 1
        }
        return character == index ? offset : bytes.count
    }
}
