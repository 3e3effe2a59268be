import Foundation

// `Codable` types in and out of `JSON`, so the values Slipway stores (the release journal) and the documents it
// reads (App Store Connect's answers) go through the one JSON encoder and reader. As Foundation's `JSONEncoder`
// does by default, `Data` is a base64 string, a `URL` its absolute string, a `Date` its own number, and an
// optional that is `nil` is left out.

extension JSON {
    /// `value` as a JSON value.
    public init(encoding value: some Encodable) throws {
        self = try JSONValueEncoding.encode(value, at: [])
    }

    /// A value of `type` read from this JSON value.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONValueDecoding.decode(type, from: self, at: [])
    }

    /// A value of `type` read from the bytes of a JSON document.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        try parse(bytes).decode(type)
    }
}

// MARK: Encoding

/// A JSON value being built, shared by the containers that write into it.
private final class JSONNode {
    enum Content {
        case value(JSON)
        case object([String: JSONNode])
        case array([JSONNode])
    }

    var content: Content?

    var json: JSON {
        switch content {
        case .value(let value): return value
        case .object(let members): return .object(members.mapValues(\.json))
        case .array(let items): return .array(items.map(\.json))
        // A value that encodes nothing, as JSONEncoder writes it.
        case nil: return .object([:])
        }
    }

    /// The members, turning an empty node into an object.
    func objectMembers() -> [String: JSONNode] {
        if case .object(let members) = content { return members }
        return [:]
    }

    func setMember(_ node: JSONNode, _ name: String) {
        var members = objectMembers()
        members[name] = node
        content = .object(members)
    }

    func appendItem(_ node: JSONNode) {
        var items: [JSONNode] = []
        if case .array(let existing) = content { items = existing }
        items.append(node)
        content = .array(items)
    }

    var itemCount: Int {
        if case .array(let items) = content { return items.count }
        return 0
    }
}

private enum JSONValueEncoding {
    static func encode(_ value: some Encodable, at path: [any CodingKey]) throws -> JSON {
        let node = JSONNode()
        try encode(value, into: node, at: path)
        return node.json
    }

    static func encode(_ value: some Encodable, into node: JSONNode, at path: [any CodingKey]) throws {
        switch value {
        case let data as Data: node.content = .value(.string(data.base64EncodedString()))
        case let url as URL: node.content = .value(.string(url.absoluteString))
        default: try value.encode(to: NodeEncoder(node: node, codingPath: path))
        }
    }

    static func number(_ value: Double, at path: [any CodingKey]) throws -> JSON {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: path, debugDescription: "\(value) has no JSON number"))
        }
        return .double(value)
    }

    static func integer(_ value: some BinaryInteger, at path: [any CodingKey]) throws -> JSON {
        guard let exact = Int(exactly: value) else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: path, debugDescription: "\(value) does not fit an Int"))
        }
        return .int(exact)
    }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) {
        intValue = index
    }

    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct NodeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([:]) }
        return KeyedEncodingContainer(KeyedNodeEncoder<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedNodeEncoder(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeEncoder(node: node, codingPath: codingPath)
    }
}

private struct KeyedNodeEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    let codingPath: [any CodingKey]

    private func set(_ value: JSON, _ key: Key) {
        let child = JSONNode()
        child.content = .value(value)
        node.setMember(child, key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try JSONValueEncoding.number(value, at: codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try JSONValueEncoding.number(Double(value), at: codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        set(try JSONValueEncoding.integer(value, at: codingPath + [key]), key)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        set(try JSONValueEncoding.integer(value, at: codingPath + [key]), key)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        set(try JSONValueEncoding.integer(value, at: codingPath + [key]), key)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        set(try JSONValueEncoding.integer(value, at: codingPath + [key]), key)
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let child = JSONNode()
        try JSONValueEncoding.encode(value, into: child, at: codingPath + [key])
        node.setMember(child, key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = JSONNode()
        node.setMember(child, key.stringValue)
        return NodeEncoder(node: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = JSONNode()
        node.setMember(child, key.stringValue)
        return NodeEncoder(node: child, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = JSONNode()
        node.setMember(child, "super")
        return NodeEncoder(node: child, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = JSONNode()
        node.setMember(child, key.stringValue)
        return NodeEncoder(node: child, codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeEncoder: UnkeyedEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var count: Int { node.itemCount }

    private func append(_ value: JSON) {
        let child = JSONNode()
        child.content = .value(value)
        node.appendItem(child)
    }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(count)] }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try JSONValueEncoding.number(value, at: nextPath)) }
    mutating func encode(_ value: Float) throws { append(try JSONValueEncoding.number(Double(value), at: nextPath)) }
    mutating func encode(_ value: Int) throws { append(.int(value)) }
    mutating func encode(_ value: Int8) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { append(try JSONValueEncoding.integer(value, at: nextPath)) }
    mutating func encode(_ value: UInt) throws { append(try JSONValueEncoding.integer(value, at: nextPath)) }
    mutating func encode(_ value: UInt8) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { append(try JSONValueEncoding.integer(value, at: nextPath)) }
    mutating func encode(_ value: UInt64) throws { append(try JSONValueEncoding.integer(value, at: nextPath)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let child = JSONNode()
        try JSONValueEncoding.encode(value, into: child, at: nextPath)
        node.appendItem(child)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let path = nextPath
        let child = JSONNode()
        node.appendItem(child)
        return NodeEncoder(node: child, codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let child = JSONNode()
        node.appendItem(child)
        return NodeEncoder(node: child, codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        let child = JSONNode()
        node.appendItem(child)
        return NodeEncoder(node: child, codingPath: path)
    }
}

private struct SingleNodeEncoder: SingleValueEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { node.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws {
        node.content = .value(try JSONValueEncoding.number(value, at: codingPath))
    }
    mutating func encode(_ value: Float) throws {
        node.content = .value(try JSONValueEncoding.number(Double(value), at: codingPath))
    }
    mutating func encode(_ value: Int) throws { node.content = .value(.int(value)) }
    mutating func encode(_ value: Int8) throws { node.content = .value(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { node.content = .value(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { node.content = .value(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws {
        node.content = .value(try JSONValueEncoding.integer(value, at: codingPath))
    }
    mutating func encode(_ value: UInt) throws {
        node.content = .value(try JSONValueEncoding.integer(value, at: codingPath))
    }
    mutating func encode(_ value: UInt8) throws { node.content = .value(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { node.content = .value(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws {
        node.content = .value(try JSONValueEncoding.integer(value, at: codingPath))
    }
    mutating func encode(_ value: UInt64) throws {
        node.content = .value(try JSONValueEncoding.integer(value, at: codingPath))
    }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try JSONValueEncoding.encode(value, into: node, at: codingPath)
    }
}

// MARK: Decoding

private enum JSONValueDecoding {
    static func decode<T: Decodable>(_ type: T.Type, from value: JSON, at path: [any CodingKey]) throws -> T {
        if type == Data.self {
            guard case .string(let text) = value, let data = Data(base64Encoded: text) as? T else {
                throw mismatch(type, value, path, "a base64 string")
            }
            return data
        }
        if type == URL.self {
            guard case .string(let text) = value, let url = URL(string: text) as? T else {
                throw mismatch(type, value, path, "a URL string")
            }
            return url
        }
        return try T(from: ValueDecoder(value: value, codingPath: path))
    }

    static func mismatch(_ type: Any.Type, _ value: JSON, _ path: [any CodingKey], _ expected: String)
        -> DecodingError
    {
        DecodingError.typeMismatch(
            type, .init(codingPath: path, debugDescription: "expected \(expected), found \(kind(of: value))"))
    }

    static func kind(of value: JSON) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    static func bool(_ value: JSON, _ path: [any CodingKey]) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(Bool.self, value, path, "a boolean") }
        return bool
    }

    static func string(_ value: JSON, _ path: [any CodingKey]) throws -> String {
        guard case .string(let string) = value else { throw mismatch(String.self, value, path, "a string") }
        return string
    }

    static func double(_ value: JSON, _ path: [any CodingKey]) throws -> Double {
        switch value {
        case .int(let int): return Double(int)
        case .double(let double): return double
        default: throw mismatch(Double.self, value, path, "a number")
        }
    }

    static func integer<T: BinaryInteger>(_ type: T.Type, _ value: JSON, _ path: [any CodingKey]) throws -> T {
        switch value {
        case .int(let int):
            if let exact = T(exactly: int) { return exact }
        case .double(let double):
            if let exact = T(exactly: double) { return exact }
        default:
            break
        }
        throw mismatch(type, value, path, "an integer that fits \(type)")
    }
}

private struct ValueDecoder: Decoder {
    let value: JSON
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw JSONValueDecoding.mismatch([String: JSON].self, value, codingPath, "an object")
        }
        return KeyedDecodingContainer(KeyedValueDecoder<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw JSONValueDecoding.mismatch([JSON].self, value, codingPath, "an array")
        }
        return UnkeyedValueDecoder(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueDecoder(value: value, codingPath: codingPath)
    }
}

private struct KeyedValueDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSON]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSON {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no member '\(key.stringValue)'"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try JSONValueDecoding.bool(try member(key), codingPath + [key])
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try JSONValueDecoding.string(try member(key), codingPath + [key])
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try JSONValueDecoding.double(try member(key), codingPath + [key])
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        Float(try JSONValueDecoding.double(try member(key), codingPath + [key]))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try JSONValueDecoding.decode(type, from: try member(key), at: codingPath + [key])
    }

    private func integer<T: BinaryInteger>(_ type: T.Type, _ key: Key) throws -> T {
        try JSONValueDecoding.integer(type, try member(key), codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: members["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedValueDecoder: UnkeyedDecodingContainer {
    let items: [JSON]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [JSON], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private var path: [any CodingKey] { codingPath + [IndexKey(currentIndex)] }

    private mutating func next(_ type: Any.Type) throws -> JSON {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: path, debugDescription: "the array has no more items"))
        }
        defer { currentIndex += 1 }
        return items[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let path = path
        return try JSONValueDecoding.bool(try next(type), path)
    }
    mutating func decode(_ type: String.Type) throws -> String {
        let path = path
        return try JSONValueDecoding.string(try next(type), path)
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        let path = path
        return try JSONValueDecoding.double(try next(type), path)
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        let path = path
        return Float(try JSONValueDecoding.double(try next(type), path))
    }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let path = path
        return try JSONValueDecoding.decode(type, from: try next(type), at: path)
    }

    private mutating func integer<T: BinaryInteger>(_ type: T.Type) throws -> T {
        let path = path
        return try JSONValueDecoding.integer(type, try next(type), path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let path = path
        return try ValueDecoder(value: try next(type), codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let path = path
        return try ValueDecoder(value: try next([JSON].self), codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let path = path
        return ValueDecoder(value: try next(JSON.self), codingPath: path)
    }
}

private struct SingleValueDecoder: SingleValueDecodingContainer {
    let value: JSON
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try JSONValueDecoding.bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try JSONValueDecoding.string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try JSONValueDecoding.double(value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { Float(try JSONValueDecoding.double(value, codingPath)) }
    func decode(_ type: Int.Type) throws -> Int { try JSONValueDecoding.integer(type, value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try JSONValueDecoding.integer(type, value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try JSONValueDecoding.integer(type, value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try JSONValueDecoding.integer(type, value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try JSONValueDecoding.integer(type, value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try JSONValueDecoding.integer(type, value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONValueDecoding.integer(type, value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONValueDecoding.integer(type, value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONValueDecoding.integer(type, value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONValueDecoding.integer(type, value, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONValueDecoding.decode(type, from: value, at: codingPath)
    }
}
