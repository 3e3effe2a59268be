import SlipwayCore

/// A strict JSON parser into SlipwayCore's `JSON`, for tests: keeps integers apart from decimals and `true` apart
/// from `1`, which `JSONSerialization` does not.
struct JSONParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    static func parse(_ text: String) throws -> JSON {
        var parser = JSONParser(scalars: Array(text.unicodeScalars))
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == parser.scalars.count else { throw parser.failure("trailing characters") }
        return value
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private func failure(_ message: String) -> TestFailure {
        TestFailure("JSON: \(message) at character \(index)")
    }

    private mutating func skipWhitespace() {
        while index < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[index]) { index += 1 }
    }

    private mutating func expect(_ word: String) throws {
        for scalar in word.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { throw failure("expected \(word)") }
            index += 1
        }
    }

    private mutating func value() throws -> JSON {
        guard index < scalars.count else { throw failure("unexpected end") }
        switch scalars[index] {
        case "{": return try object()
        case "[": return try array()
        case "\"": return .string(try string())
        case "t":
            try expect("true")
            return .bool(true)
        case "f":
            try expect("false")
            return .bool(false)
        case "n":
            try expect("null")
            return .null
        default: return try number()
        }
    }

    private mutating func object() throws -> JSON {
        index += 1
        var members: [String: JSON] = [:]
        skipWhitespace()
        if index < scalars.count, scalars[index] == "}" {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            let key = try string()
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            guard members[key] == nil else { throw failure("duplicate key \(key)") }
            members[key] = try value()
            skipWhitespace()
            guard index < scalars.count else { throw failure("unterminated object") }
            if scalars[index] == "," {
                index += 1
                continue
            }
            if scalars[index] == "}" {
                index += 1
                return .object(members)
            }
            throw failure("expected , or }")
        }
    }

    private mutating func array() throws -> JSON {
        index += 1
        var items: [JSON] = []
        skipWhitespace()
        if index < scalars.count, scalars[index] == "]" {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value())
            skipWhitespace()
            guard index < scalars.count else { throw failure("unterminated array") }
            if scalars[index] == "," {
                index += 1
                continue
            }
            if scalars[index] == "]" {
                index += 1
                return .array(items)
            }
            throw failure("expected , or ]")
        }
    }

    private mutating func string() throws -> String {
        try expect("\"")
        var result = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\"": return String(result)
            case "\\":
                guard index < scalars.count else { throw failure("unterminated escape") }
                let escaped = scalars[index]
                index += 1
                switch escaped {
                case "\"", "\\", "/": result.append(escaped)
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                case "b": result.append("\u{08}")
                case "f": result.append("\u{0C}")
                case "u":
                    guard index + 4 <= scalars.count,
                        let code = UInt32(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16),
                        let decoded = Unicode.Scalar(code)
                    else { throw failure("bad \\u escape") }
                    result.append(decoded)
                    index += 4
                default: throw failure("bad escape")
                }
            default:
                guard scalar.value >= 0x20 else { throw failure("control character in string") }
                result.append(scalar)
            }
        }
        throw failure("unterminated string")
    }

    private mutating func number() throws -> JSON {
        let start = index
        while index < scalars.count, "+-0123456789.eE".unicodeScalars.contains(scalars[index]) { index += 1 }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        if let integer = Int(text) { return .int(integer) }
        if let double = Double(text) { return .double(double) }
        throw failure("bad number '\(text)'")
    }
}

extension JSON {
    subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    subscript(index: Int) -> JSON? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var arrayValue: [JSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var objectValue: [String: JSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var isNull: Bool { self == .null }
}
