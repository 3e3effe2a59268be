/// How YAML parsers read an unquoted scalar: as the text itself, or as a number, boolean or null.
///
/// XcodeGen (Yams), PyYAML and friends follow YAML 1.1 or 1.2 resolution; Slipway takes the union, so a value it
/// writes unquoted reads back as the same text under either. `1.10` unquoted is the float 1.1, `007` an octal or
/// decimal 7, `1_000` the integer 1000: none of them prints as written.
package enum PlainScalar {
    package enum Reading: Equatable {
        /// Read as a string: the text itself.
        case text
        /// A number that prints exactly as written (`12`, `1.5`, `2.0`), so tools see the same text.
        case exactNumber
        /// A number that prints differently (`1.10` → 1.1); `printed` when Slipway can tell how.
        case changedNumber(printed: String?)
        /// A boolean or null (`yes`, `off`, `~`).
        case notText
    }

    package static func reading(_ text: String) -> Reading {
        if nullWords.contains(text) || boolWords.contains(text) { return .notText }
        let bytes = Array(text.utf8)
        if isCanonicalInteger(bytes) { return .exactNumber }
        if isCanonicalDecimal(bytes), let value = Double(text), value.description == text { return .exactNumber }
        if looksLikeInteger(bytes) { return .changedNumber(printed: zeroPaddedDecimal(bytes)) }
        if looksLikeFloat(bytes) {
            let digits = text.filter { $0 != "_" }
            return .changedNumber(printed: Double(digits).map { $0.isFinite ? $0.description : nil } ?? nil)
        }
        return .text
    }

    /// Whether `text`, written unquoted, reads back as exactly `text`.
    package static func readsBack(_ text: String) -> Bool {
        switch reading(text) {
        case .text, .exactNumber: return true
        case .changedNumber, .notText: return false
        }
    }

    static let nullWords: Set<String> = ["", "~", "null", "Null", "NULL"]
    static let boolWords: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF",
    ]

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `0` or digits without a leading zero.
    private static func isCanonicalInteger(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first, bytes.allSatisfy(isDigit) else { return false }
        return first != 0x30 || bytes.count == 1
    }

    /// A canonical integer, a dot and at least one digit (`1.5`, `10.0`).
    private static func isCanonicalDecimal(_ bytes: [UInt8]) -> Bool {
        guard let dot = bytes.firstIndex(of: 0x2E), dot + 1 < bytes.count else { return false }
        return isCanonicalInteger(Array(bytes[..<dot])) && bytes[(dot + 1)...].allSatisfy(isDigit)
    }

    /// YAML 1.1 and 1.2 integers: signed decimal, octal (`0…`, `0o…`), hex, binary, `_` separators, base 60 (`1:30`).
    private static func looksLikeInteger(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if let first = rest.first, first == 0x2B || first == 0x2D { rest = rest.dropFirst() }
        guard let first = rest.first, isDigit(first) else { return false }
        let body = Array(rest)
        if body.count > 2, body[0] == 0x30, [0x78, 0x6F, 0x62].contains(body[1]) {
            return body[2...].allSatisfy { isDigit($0) || $0 == 0x5F || (0x61...0x66).contains($0 | 0x20) }
        }
        return body.allSatisfy { isDigit($0) || $0 == 0x5F || $0 == 0x3A }
    }

    /// What a zero-padded run of digits reads as when that is certain: with an 8 or 9 it cannot be YAML 1.1 octal,
    /// so it is the decimal number (`0099` → 99); `0077` is 63 or 77 depending on the parser, so `nil`.
    private static func zeroPaddedDecimal(_ bytes: [UInt8]) -> String? {
        guard bytes.first == 0x30, bytes.allSatisfy(isDigit), bytes.contains(where: { $0 == 0x38 || $0 == 0x39 }) else {
            return nil
        }
        let digits = bytes.drop { $0 == 0x30 }
        return String(decoding: digits, as: UTF8.self)
    }

    /// YAML 1.1 and 1.2 floats: digits with one dot and `_` separators, an optional exponent, a 1.2 exponent without
    /// a dot (`1e5`), base 60 with a fraction, and `.inf` / `.nan`.
    private static func looksLikeFloat(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        if [".inf", ".Inf", ".INF", "+.inf", "-.inf", "+.Inf", "-.Inf", "+.INF", "-.INF", ".nan", ".NaN", ".NAN"]
            .contains(text)
        {
            return true
        }
        var rest = bytes[...]
        if let first = rest.first, first == 0x2B || first == 0x2D { rest = rest.dropFirst() }
        var mantissa = rest
        var exponent: ArraySlice<UInt8>?
        if let e = rest.firstIndex(where: { $0 == 0x65 || $0 == 0x45 }) {
            mantissa = rest[..<e]
            exponent = rest[(e + 1)...]
        }
        if let exponent {
            var digits = exponent
            if let sign = digits.first, sign == 0x2B || sign == 0x2D { digits = digits.dropFirst() }
            guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return false }
        }
        let dots = mantissa.filter { $0 == 0x2E }.count
        guard dots <= 1, mantissa.contains(where: isDigit) else { return false }
        guard dots == 1 || exponent != nil else { return false }
        return mantissa.allSatisfy { isDigit($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x3A }
    }
}
