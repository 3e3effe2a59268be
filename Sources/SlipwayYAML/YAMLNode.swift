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
/// reused is the same object everywhere it appears (the collection holding the alias records where it is written,
/// for `YAMLExpansion`). Keeping positions (unlike a `[String: Any]`) is what lets errors point at
/// `file:line:column` and edits touch only a value's bytes.
///
/// A node is immutable and small, since a large spec has millions of them: positions are stored as 32-bit numbers
/// (`YAMLFile` refuses files of 4 GiB or more), and what few nodes have (a tag, an anchor, an alias among the
/// children) lives out of line in `Extras`. A plain node takes 80 bytes of heap.
public final class YAMLNode {
    public enum Kind: UInt8, Sendable { case scalar, mapping, sequence }
    public enum ScalarStyle: UInt8, Sendable { case plain, singleQuoted, doubleQuoted, literal, folded }

    /// What a node rarely has, allocated only when it has one of them.
    final class Extras {
        let tag: String?
        let anchor: String?
        /// For a scalar with an anchor or a tag: where its own text starts.
        let valueStart: YAMLMark?
        /// The children written as aliases, by index in `children`, in order, with where each alias is written.
        let aliases: [(index: Int, mark: YAMLMark)]

        init(tag: String?, anchor: String?, valueStart: YAMLMark?, aliases: [(index: Int, mark: YAMLMark)]) {
            self.tag = tag
            self.anchor = anchor
            self.valueStart = valueStart
            self.aliases = aliases
        }
    }

    /// For scalars: the value, after unescaping and folding.
    public let scalar: String
    /// A mapping's keys and values in turn (key, value, key, value…), or a sequence's items.
    let children: [YAMLNode]
    let extras: Extras?
    private let startOffset: UInt32
    private let startLine: UInt32
    private let startColumn: UInt32
    private let storedEndOffset: UInt32
    public let kind: Kind
    public let style: ScalarStyle
    /// Whether a mapping or sequence is written in flow style (`{a: b}`, `[a, b]`).
    public let isFlow: Bool

    init(
        kind: Kind, start: YAMLMark, end: YAMLMark, scalar: String = "", style: ScalarStyle = .plain,
        isFlow: Bool = false, children: [YAMLNode] = [], extras: Extras? = nil
    ) {
        self.kind = kind
        // YAMLFile refuses input of UInt32.max bytes or more, so every offset, line and column fits.
        startOffset = UInt32(truncatingIfNeeded: start.offset)
        startLine = UInt32(truncatingIfNeeded: start.line)
        startColumn = UInt32(truncatingIfNeeded: start.column)
        storedEndOffset = UInt32(truncatingIfNeeded: end.offset)
        self.scalar = scalar
        self.style = style
        self.isFlow = isFlow
        self.children = children
        self.extras = extras
    }

    public var tag: String? { extras?.tag }
    public var anchor: String? { extras?.anchor }

    /// Where the node starts in the source, including its anchor and tag.
    public var start: YAMLMark {
        YAMLMark(line: Int(startLine), column: Int(startColumn), offset: Int(startOffset))
    }

    /// The byte offset just past the node's text.
    public var endOffset: Int { Int(storedEndOffset) }

    /// For scalars: where the scalar's own text starts (after any anchor or tag), quotes included.
    public var valueStart: YAMLMark { extras?.valueStart ?? start }

    /// A mapping's pairs in order (empty for other kinds), without following merge keys.
    public var pairs: Pairs { Pairs(children: kind == .mapping ? children : []) }

    /// A sequence's items (empty for other kinds).
    public var items: [YAMLNode] { kind == .sequence ? children : [] }

    /// Where the alias is written when child `index` (of `children`) is written as one; `nil` when it is written
    /// in place.
    func aliasMark(ofChild index: Int) -> YAMLMark? {
        guard let aliases = extras?.aliases, !aliases.isEmpty else { return nil }
        var low = 0
        var high = aliases.count
        while low < high {
            let middle = (low + high) / 2
            if aliases[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return low < aliases.count && aliases[low].index == index ? aliases[low].mark : nil
    }

    /// The value under `key` when this is a mapping (the first occurrence), without following merge keys.
    public subscript(key: String) -> YAMLNode? {
        guard kind == .mapping else { return nil }
        var index = 0
        while index + 1 < children.count {
            let candidate = children[index]
            if candidate.kind == .scalar, candidate.scalar == key { return children[index + 1] }
            index += 2
        }
        return nil
    }

    public var isNull: Bool {
        kind == .scalar && style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar)
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

extension YAMLNode {
    /// A mapping's pairs as a collection over its children, so reading them allocates nothing.
    public struct Pairs: RandomAccessCollection {
        let children: [YAMLNode]

        public var startIndex: Int { 0 }
        public var endIndex: Int { children.count / 2 }

        public subscript(position: Int) -> (key: YAMLNode, value: YAMLNode) {
            (children[2 * position], children[2 * position + 1])
        }
    }
}
