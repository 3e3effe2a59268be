extension JSON {
    /// A JSON document that is not valid JSON (RFC 8259), with the byte offset where reading stopped.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var message: String
        /// 0-based offset into the document's UTF-8 bytes.
        public var offset: Int

        public var description: String { "\(message) at byte \(offset)" }
    }

    /// Reads one JSON value from the UTF-8 bytes of a document (white space around it allowed, nothing else).
    /// A number without a fraction or exponent that fits an `Int` is `.int`, any other `.double`; of two members
    /// with the same name, the last counts.
    public static func parse(_ bytes: some Collection<UInt8>) throws(ParseError) -> JSON {
        var reader = JSONReader(bytes: Array(bytes))
        reader.skipWhiteSpace()
        let value = try reader.value(depth: 0)
        reader.skipWhiteSpace()
        guard reader.position == reader.bytes.count else { throw reader.error("unexpected text after the value") }
        return value
    }

    /// Reads one JSON value from text.
    public static func parse(_ text: String) throws(ParseError) -> JSON {
        try parse(Array(text.utf8))
    }
}

/// The recursive-descent reader behind `JSON.parse`.
private struct JSONReader {
    let bytes: [UInt8]
    var position = 0

    /// Deeper nesting is refused rather than allowed to exhaust the stack. Each level costs a few kilobytes of stack
    /// in a debug build, and a secondary thread on macOS (Dispatch's, Swift concurrency's, so Swift Testing's) has
    /// 512 KiB: about 200 levels of objects. The documents Slipway reads (its journal, App Store Connect's answers)
    /// nest fewer than ten.
    static let maximumDepth = 100

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    func error(_ message: String, at offset: Int? = nil) -> JSON.ParseError {
        JSON.ParseError(message: message, offset: offset ?? position)
    }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhiteSpace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    mutating func value(depth: Int) throws(JSON.ParseError) -> JSON {
        guard let byte = current else { throw error("the document ends where a value should be") }
        // Only containers nest: a scalar inside the deepest container allowed is still read.
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
            guard depth < JSONReader.maximumDepth else {
                throw error("nesting deeper than \(JSONReader.maximumDepth)")
            }
        }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character where a value should be")
        }
    }

    mutating func literal(_ word: String, _ value: JSON) throws(JSON.ParseError) -> JSON {
        for expected in word.utf8 {
            guard current == expected else { throw error("unknown word (expected \(word))") }
            position += 1
        }
        return value
    }

    mutating func object(depth: Int) throws(JSON.ParseError) -> JSON {
        position += 1
        var members: [String: JSON] = [:]
        skipWhiteSpace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhiteSpace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let name = try string()
            skipWhiteSpace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            position += 1
            skipWhiteSpace()
            members[name] = try value(depth: depth + 1)
            skipWhiteSpace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    mutating func array(depth: Int) throws(JSON.ParseError) -> JSON {
        position += 1
        var items: [JSON] = []
        skipWhiteSpace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            skipWhiteSpace()
            items.append(try value(depth: depth + 1))
            skipWhiteSpace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(items)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    /// A string literal: escapes decoded (a `\u` surrogate pair is one character), control characters refused.
    mutating func string() throws(JSON.ParseError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var run = position
        func flush(upTo end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte = current else { throw error("the document ends inside a string") }
            switch byte {
            case UInt8(ascii: "\""):
                flush(upTo: position)
                position += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(upTo: position)
                position += 1
                scalars.append(try escape())
                run = position
            case 0..<0x20:
                throw error("a control character inside a string must be escaped")
            default:
                position += 1
            }
        }
    }

    /// The character after a backslash.
    mutating func escape() throws(JSON.ParseError) -> Unicode.Scalar {
        guard let byte = current else { throw error("the document ends inside a string") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            if (0xD800..<0xDC00).contains(unit) {
                // A high surrogate counts only with the low one that follows it.
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw error("a lone surrogate in a \\u escape") }
                position += 2
                let low = try hexUnit()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a \\u escape") }
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                if let scalar = Unicode.Scalar(value) { return scalar }
            } else if let scalar = Unicode.Scalar(UInt32(unit)) {
                return scalar
            }
            throw error("a lone surrogate in a \\u escape")
        default:
            position -= 1
            throw error("unknown escape in a string")
        }
    }

    /// Four hex digits (and nothing else: `UInt16(_:radix:)` would also take a sign, as in `\u+fff`).
    mutating func hexUnit() throws(JSON.ParseError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = JSONReader.hexValue(byte) else {
                throw error("expected four hex digits after \\u")
            }
            unit = unit << 4 | UInt16(digit)
            position += 1
        }
        return unit
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    mutating func number() throws(JSON.ParseError) -> JSON {
        let start = position
        var integral = true
        if current == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("expected a digit") }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            throw error("a number does not start with 0", at: integerStart)
        }
        if current == UInt8(ascii: ".") {
            integral = false
            position += 1
            guard digits() > 0 else { throw error("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            integral = false
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if integral, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw error("a number out of range", at: start) }
        return .double(value)
    }

    /// Skips a run of decimal digits and says how many there were.
    mutating func digits() -> Int {
        let start = position
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        return position - start
    }
}
