import CYAML
import Foundation
import SlipwayCore

/// A YAML (or JSON) file parsed with libyaml, keeping its exact bytes and the source range of every node.
public struct YAMLFile {
    /// The path as it should appear in messages.
    public let path: String
    /// The file's bytes, exactly as read.
    public let bytes: [UInt8]
    /// One root per document in the stream (`nil` for an empty document).
    public let documents: [YAMLNode?]

    /// The first document's root, or `nil` for an empty file.
    public var root: YAMLNode? { documents.first ?? nil }

    public init(path: String, bytes: [UInt8]) throws(YAMLError) {
        self.path = path
        self.bytes = bytes
        var builder = YAMLTreeBuilder(path: path, bytes: bytes)
        self.documents = try builder.parse()
    }

    public init(path: String, text: String) throws(YAMLError) {
        try self.init(path: path, bytes: Array(text.utf8))
    }

    /// Reads and parses a file; `displayPath` is what messages call it.
    public static func read(_ url: URL, displayPath: String? = nil) throws(YAMLError) -> YAMLFile {
        let name = displayPath ?? url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw YAMLError("cannot read \(name): \(FileSystem.reason(error))")
        }
        return try YAMLFile(path: name, bytes: Array(data))
    }

    /// The text of a 1-based line, without its line break, for showing under an error.
    public func line(_ number: Int) -> String? {
        YAMLFile.line(number, in: bytes)
    }

    static func line(_ number: Int, in bytes: [UInt8]) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if current == number { break }
                current += 1
                start = index + 1
            }
            index += 1
        }
        guard current == number, start <= bytes.count else { return nil }
        var end = min(index, bytes.count)
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    public func location(_ mark: YAMLMark) -> SourceLocation {
        SourceLocation(file: path, line: mark.line, column: mark.column)
    }

    /// An error pointing at a node, with its source line and a caret.
    public func error(_ message: String, at node: YAMLNode, hint: String? = nil) -> YAMLError {
        error(message, at: node.start, hint: hint)
    }

    public func error(_ message: String, at mark: YAMLMark, hint: String? = nil) -> YAMLError {
        YAMLError(message, location: location(mark), sourceLine: line(mark.line), hint: hint)
    }
}

/// Turns libyaml's event stream into `YAMLNode` trees.
struct YAMLTreeBuilder {
    let path: String
    let bytes: [UInt8]
    private let bomLength: Int
    /// Byte offset of each character index libyaml reports; empty when the text is ASCII (offset = index).
    private var characterOffsets: [Int] = []

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if bytes.contains(where: { $0 >= 0x80 }) {
            var offsets: [Int] = []
            offsets.reserveCapacity(bytes.count + 1)
            var index = bomLength
            while index < bytes.count {
                offsets.append(index)
                let byte = bytes[index]
                index += byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            }
            offsets.append(bytes.count)
            characterOffsets = offsets
        }
    }

    private func mark(_ raw: yaml_mark_t) -> YAMLMark {
        let index = Int(raw.index)
        let offset: Int
        if characterOffsets.isEmpty {
            offset = bomLength + index
        } else {
            offset = index < characterOffsets.count ? characterOffsets[index] : bytes.count
        }
        return YAMLMark(line: Int(raw.line) + 1, column: Int(raw.column) + 1, offset: offset)
    }

    private enum Frame {
        case mapping(YAMLNode, pendingKey: YAMLNode?)
        case sequence(YAMLNode)
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

        /// Ends the innermost open collection at `end` and returns it (`nil` when none is open).
        mutating func close(at end: YAMLMark) -> YAMLNode? {
            guard let frame = stack.popLast() else { return nil }
            switch frame {
            case .mapping(let node, _), .sequence(let node):
                node.end = end
                return node
            }
        }

        /// Puts a finished node in the innermost open collection (as a key, a value or an item), or makes it the
        /// document's root when none is open.
        mutating func attach(_ node: YAMLNode) {
            guard let frame = stack.popLast() else {
                documentRoot = node
                return
            }
            switch frame {
            case .mapping(let mapping, let pendingKey):
                if let key = pendingKey {
                    mapping.pairs.append((key: key, value: node))
                    stack.append(.mapping(mapping, pendingKey: nil))
                } else {
                    stack.append(.mapping(mapping, pendingKey: node))
                }
            case .sequence(let sequence):
                sequence.items.append(node)
                stack.append(.sequence(sequence))
            }
        }
    }

    mutating func parse() throws(YAMLError) -> [YAMLNode?] {
        // libyaml keeps pointers between calls: to the input, and from the parser to itself (its string reader's
        // data is the parser). A Swift local passed as `&parser` only has a fixed address for one call, so the
        // input, the parser and the event each get heap memory of their own, freed in reverse order.
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        defer { input.deallocate() }
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
        yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        defer {
            event.deinitialize(count: 1)
            event.deallocate()
        }

        var tree = Tree()
        while true {
            guard yaml_parser_parse(parser, event) == 1 else { throw parserError(parser.pointee) }
            defer { yaml_event_delete(event) }
            if event.pointee.type == YAML_STREAM_END_EVENT { break }
            try add(event.pointee, to: &tree)
        }
        return tree.documents
    }

    /// Applies one event, any but the stream's end, to the tree being built.
    private func add(_ event: yaml_event_t, to tree: inout Tree) throws(YAMLError) {
        let start = mark(event.start_mark)
        let end = mark(event.end_mark)
        var completed: YAMLNode?
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            tree.documentRoot = nil
            tree.anchors = [:]
        case YAML_DOCUMENT_END_EVENT:
            tree.documents.append(tree.documentRoot)
        case YAML_ALIAS_EVENT:
            completed = try aliasTarget(named: string(event.data.alias.anchor) ?? "", at: start, in: tree.anchors)
        case YAML_SCALAR_EVENT:
            let node = scalarNode(event, start: start, end: end)
            tree.define(node)
            completed = node
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            let node = YAMLNode(
                kind: .mapping, tag: string(data.tag), anchor: string(data.anchor), start: start, end: end,
                valueStart: start, isFlow: data.style == YAML_FLOW_MAPPING_STYLE)
            tree.define(node)
            tree.stack.append(.mapping(node, pendingKey: nil))
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            let node = YAMLNode(
                kind: .sequence, tag: string(data.tag), anchor: string(data.anchor), start: start, end: end,
                valueStart: start, isFlow: data.style == YAML_FLOW_SEQUENCE_STYLE)
            tree.define(node)
            tree.stack.append(.sequence(node))
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            completed = tree.close(at: end)
        default:
            break
        }
        if let completed { tree.attach(completed) }
    }

    /// The node an alias stands for, which records where the alias was used.
    private func aliasTarget(named name: String, at start: YAMLMark, in anchors: [String: YAMLNode])
        throws(YAMLError) -> YAMLNode
    {
        guard let target = anchors[name] else {
            throw YAMLError(
                "unknown alias '*\(name)'",
                location: SourceLocation(file: path, line: start.line, column: start.column),
                sourceLine: YAMLFile.line(start.line, in: bytes),
                hint: "define the anchor '&\(name)' before using it")
        }
        target.aliasMarks.append(start)
        return target
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
        return YAMLNode(
            kind: .scalar, tag: tag, anchor: anchor, start: start, end: end,
            valueStart: skipProperties(from: start, end: end, hasAnchor: anchor != nil, hasTag: tag != nil),
            scalar: value, style: style(scalar.style))
    }

    private func parserError(_ parser: yaml_parser_t) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let at = mark(parser.problem_mark)
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            let contextMark = mark(parser.context_mark)
            message += " (\(context) at line \(contextMark.line), column \(contextMark.column))"
        }
        return YAMLError(
            message, location: SourceLocation(file: path, line: at.line, column: at.column),
            sourceLine: YAMLFile.line(at.line, in: bytes), hint: "fix the YAML syntax at this position")
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
