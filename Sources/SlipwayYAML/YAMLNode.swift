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
/// reused is the same object everywhere it appears. Keeping positions (unlike a `[String: Any]`) is what lets
/// errors point at `file:line:column` and edits touch only a value's bytes.
public final class YAMLNode {
    public enum Kind: Sendable { case scalar, mapping, sequence }
    public enum ScalarStyle: Sendable { case plain, singleQuoted, doubleQuoted, literal, folded }

    public let kind: Kind
    public let tag: String?
    public let anchor: String?
    /// Where the node starts (including its anchor and tag) and ends in the source.
    public let start: YAMLMark
    public internal(set) var end: YAMLMark
    /// For scalars: where the scalar's own text starts (after any anchor or tag), quotes included.
    public let valueStart: YAMLMark
    public let scalar: String
    public let style: ScalarStyle
    /// Whether a mapping or sequence is written in flow style (`{a: b}`, `[a, b]`).
    public let isFlow: Bool
    public internal(set) var pairs: [(key: YAMLNode, value: YAMLNode)] = []
    public internal(set) var items: [YAMLNode] = []
    /// Marks of every alias that refers to this node.
    public internal(set) var aliasMarks: [YAMLMark] = []

    init(
        kind: Kind, tag: String?, anchor: String?, start: YAMLMark, end: YAMLMark, valueStart: YAMLMark,
        scalar: String = "", style: ScalarStyle = .plain, isFlow: Bool = false
    ) {
        self.kind = kind
        self.tag = tag
        self.anchor = anchor
        self.start = start
        self.end = end
        self.valueStart = valueStart
        self.scalar = scalar
        self.style = style
        self.isFlow = isFlow
    }

    /// The value under `key` when this is a mapping (the first occurrence), without following merge keys.
    public subscript(key: String) -> YAMLNode? {
        pairs.first { $0.key.kind == .scalar && $0.key.scalar == key }?.value
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
