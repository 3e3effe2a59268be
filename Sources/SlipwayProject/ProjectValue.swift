import SlipwayCore

/// A spec value as XcodeGen sees it after reading a file (merge keys followed, `${VAR}` expanded), with the
/// `file:line:column` it was written at: XcodeGen's `[String: Any]`, but keeping positions.
///
/// Mappings keep their keys in order (XcodeGen's dictionaries have none; the model sorts targets and schemes by
/// name, as XcodeGen does, so no order is ever guessed).
public struct ProjectValue: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case scalar(Scalar)
        case mapping([Entry])
        case sequence([ProjectValue])
    }

    public struct Scalar: Sendable, Equatable {
        public var text: String
        /// A plain `~`, `null` or empty value.
        public var isNull: Bool
        /// A plain YAML 1.1 boolean (`true`, `yes`, `off`…), as XcodeGen's YAML reader takes it.
        public var bool: Bool?
        /// Quoted (or a block scalar): always a string, never a number or a boolean.
        public var isQuoted: Bool

        public init(text: String, isNull: Bool = false, bool: Bool? = nil, isQuoted: Bool = false) {
            self.text = text
            self.isNull = isNull
            self.bool = bool
            self.isQuoted = isQuoted
        }
    }

    public struct Entry: Sendable, Equatable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: ProjectValue

        public init(key: String, keyLocation: SourceLocation, value: ProjectValue) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public var content: Content
    public var location: SourceLocation

    public init(_ content: Content, at location: SourceLocation) {
        self.content = content
        self.location = location
    }

    /// A string value made by the model itself (XcodeGen's defaults), placed where the value it stands for is.
    public static func string(_ text: String, at location: SourceLocation) -> ProjectValue {
        ProjectValue(.scalar(Scalar(text: text, isQuoted: true)), at: location)
    }

    public var entries: [Entry] {
        if case .mapping(let entries) = content { return entries }
        return []
    }

    public var items: [ProjectValue] {
        if case .sequence(let items) = content { return items }
        return []
    }

    public var scalar: Scalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    public var isMapping: Bool {
        if case .mapping = content { return true }
        return false
    }

    public var isSequence: Bool {
        if case .sequence = content { return true }
        return false
    }

    public var isNull: Bool { scalar?.isNull ?? false }

    /// The value of `key` in a mapping (the first, as YAML readers keep one).
    public subscript(key: String) -> ProjectValue? {
        entries.first { $0.key == key }?.value
    }

    public func entry(_ key: String) -> Entry? {
        entries.first { $0.key == key }
    }

    /// A scalar's text, `nil` for null or another kind.
    public var string: String? {
        guard let scalar, !scalar.isNull else { return nil }
        return scalar.text
    }

    /// A string, or a list of strings (XcodeGen takes either for `sources`, `templates`, `platform`…).
    public var strings: [String] {
        if let string { return [string] }
        return items.compactMap(\.string)
    }

    /// A boolean as XcodeGen reads one: a YAML boolean, else a string judged like `NSString.boolValue`.
    public var bool: Bool? {
        guard let scalar, !scalar.isNull else { return nil }
        if !scalar.isQuoted, let value = scalar.bool { return value }
        var rest = scalar.text.unicodeScalars[...]
        while let first = rest.first, first == " " || first == "\t" || first == "\n" { rest = rest.dropFirst() }
        if let first = rest.first, first == "+" || first == "-" { rest = rest.dropFirst() }
        while rest.first == "0" { rest = rest.dropFirst() }
        guard let first = rest.first else { return false }
        return "YyTt123456789".unicodeScalars.contains(first)
    }

    /// What the value is, for warnings ("a list", "a string").
    public var kindName: String {
        switch content {
        case .scalar(let scalar): return scalar.isNull ? "null" : "a string"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }
}

/// A value of the model with where it was written.
public struct Located<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// Something the model cannot tell, or that XcodeGen would ignore or refuse: said with its position, never guessed.
public struct ProjectWarning: Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation?
    public var hint: String?
    /// A key XcodeGen ignores too: no difference between the model and the generated project, only a possible
    /// misspelling, so commands that act on the project count these rather than print each.
    public var isUnreadKey: Bool

    public init(_ message: String, at location: SourceLocation?, hint: String? = nil, isUnreadKey: Bool = false) {
        self.message = message
        self.location = location
        self.hint = hint
        self.isUnreadKey = isUnreadKey
    }

    /// `file:line:column: warning: message (hint)`, as a compiler prints it.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return prefix + "warning: " + message + (hint.map { " (\($0))" } ?? "")
    }
}
