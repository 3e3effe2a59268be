import SlipwayCore

/// A position in a YAML file: 1-based line and column (in characters) and the 0-based byte offset.
public struct YAMLMark: Hashable, Sendable {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }
}

/// One node of a parsed YAML document, with the exact source range it came from.
///
/// An alias (`*name`) is not a node of its own: it refers to the anchored node, so a value defined once and
/// reused is the same node (`==`) everywhere it appears (the collection holding the alias records where it is
/// written, for `YAMLExpansion`). Keeping positions (unlike a `[String: Any]`) is what lets errors point at
/// `file:line:column` and edits touch only a value's bytes.
///
/// A node is a place in its file's `YAMLTree`, the one table that holds every node in 13 bytes (and the file's
/// bytes once), so a large spec costs a small multiple of its size; a value is read from the bytes when asked for.
public struct YAMLNode: Hashable {
    public enum Kind: UInt8, Sendable { case scalar, mapping, sequence }
    public enum ScalarStyle: UInt8, Sendable { case plain, singleQuoted, doubleQuoted, literal, folded }

    let tree: YAMLTree
    let index: Int

    init(tree: YAMLTree, index: Int) {
        self.tree = tree
        self.index = index
    }

    public static func == (a: YAMLNode, b: YAMLNode) -> Bool { a.index == b.index && a.tree === b.tree }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(index)
        hasher.combine(ObjectIdentifier(tree))
    }

    private var flags: UInt8 { tree.table.flags(index) }

    public var kind: Kind {
        switch flags & YAMLTree.Flags.kindMask {
        case 1: return .mapping
        case 2: return .sequence
        default: return .scalar
        }
    }

    public var style: ScalarStyle {
        guard kind == .scalar else { return .plain }
        return ScalarStyle(rawValue: (flags & YAMLTree.Flags.styleMask) >> YAMLTree.Flags.styleShift) ?? .plain
    }

    /// Whether a mapping or sequence is written in flow style (`{a: b}`, `[a, b]`).
    public var isFlow: Bool { kind != .scalar && flags & YAMLTree.Flags.flow != 0 }

    /// For scalars: the value, after unescaping and folding ("" for a mapping or sequence).
    public var scalar: String { kind == .scalar ? tree.scalar(index) : "" }

    /// Whether this is a scalar whose value is `text`, as `scalar == text` says, without making a string.
    public func isScalar(_ text: String) -> Bool {
        kind == .scalar && tree.scalar(index, equals: text)
    }

    public var tag: String? { tree.extras(index)?.tag }
    public var anchor: String? { tree.extras(index)?.anchor }

    /// Where the node starts in the source, including its anchor and tag.
    public var start: YAMLMark { tree.mark(index) }

    /// The byte offset just past the node's text.
    public var endOffset: Int { Int(tree.table[index].end) }

    /// For scalars: where the scalar's own text starts (after any anchor or tag), quotes included.
    public var valueStart: YAMLMark { tree.extras(index)?.valueStart ?? start }

    /// A mapping's pairs in order (empty for other kinds), without following merge keys.
    public var pairs: Pairs { Pairs(children: kind == .mapping ? children : Children(tree: tree, start: 0, end: 0)) }

    /// A sequence's items (empty for other kinds).
    public var items: Items { Items(children: kind == .sequence ? children : Children(tree: tree, start: 0, end: 0)) }

    /// The children (a mapping's keys and values in turn), each with where it is written as an alias.
    var children: Children {
        let kind = flags & YAMLTree.Flags.kindMask
        guard kind == 1 || kind == 2 else { return Children(tree: tree, start: 0, end: 0) }
        return Children(tree: tree, start: index + 1, end: Int(tree.table[index].link))
    }

    /// The value under `key` when this is a mapping (the first occurrence), without following merge keys.
    public subscript(key: String) -> YAMLNode? {
        guard kind == .mapping else { return nil }
        for pair in pairs where pair.key.isScalar(key) { return pair.value }
        return nil
    }

    public var isNull: Bool {
        guard kind == .scalar, style == .plain else { return false }
        let (_, range) = tree.scalarRange(index)
        guard range.count <= 4 else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(tree.scalar(index))
    }

    /// The scalar as a boolean, following YAML 1.1 spellings as XcodeGen's parser does.
    public var bool: Bool? {
        guard kind == .scalar, style == .plain else { return nil }
        switch scalar {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: return nil
        }
    }

    public var int: Int? {
        guard kind == .scalar, style == .plain else { return nil }
        return Int(scalar)
    }

    public var number: Double? {
        guard kind == .scalar, style == .plain else { return nil }
        return Double(scalar)
    }

    /// A human name for the node's kind, for error messages.
    public var kindName: String {
        switch kind {
        case .scalar: return isNull ? "null" : (bool != nil ? "boolean" : (number != nil ? "number" : "string"))
        case .mapping: return "mapping"
        case .sequence: return "list"
        }
    }
}
