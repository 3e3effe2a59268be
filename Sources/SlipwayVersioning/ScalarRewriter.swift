import Foundation
import SlipwaySpec
import SlipwayYAML

/// Computes the bytes that replace a scalar's value so that only the value changes and it reads back exactly.
///
/// Quoted values keep their quotes and only the text between them changes. An unquoted value stays unquoted when
/// the new text reads back as itself (`1.4.3`, `119`, `2.0`); otherwise it gains double quotes (`1.10` would be
/// read as the number 1.1), which is also the only quoting JSON allows.
package enum ScalarRewriter {
    struct Replacement {
        /// The bytes replaced: the whole scalar when unquoted, the text between the quotes when quoted.
        var range: Range<Int>
        var text: String
        /// The whole scalar as it will read, quotes included, for checking it reads back.
        var token: String
    }

    static func replacement(for definition: VersionDefinition, with value: String, in document: SpecDocument)
        throws(SpecError) -> Replacement
    {
        let node = definition.node
        let file = document.file
        let bytes = file.bytes
        let start = node.valueStart.offset
        let end = node.endOffset
        guard start >= 0, start <= end, end <= bytes.count else {
            throw SpecError("cannot find the text of \(definition.setting)", at: node, in: file)
        }
        var oneLine: String {
            "write \(definition.setting) on one line, e.g. \(definition.setting): \"\(definition.value)\""
        }
        if let tag = node.tag, !VersionLocator.isStringTag(tag) {
            throw SpecError(
                "\(definition.setting) carries the tag \(tag); Slipway will not guess how to rewrite it",
                at: node.start, in: file, hint: "remove the tag so the value is plain text")
        }
        switch node.style {
        case .plain:
            guard !Self.holdsLineBreak(bytes, start..<end) else {
                throw SpecError("\(definition.setting) spans several lines", at: node, in: file, hint: oneLine)
            }
            // A one-line plain scalar is its own text: anything else means the positions are off, so touch nothing.
            guard Self.holds(bytes, start..<end, definition.value) else {
                throw SpecError(
                    "internal error: the text at this position is not the value of \(definition.setting); nothing was written",
                    at: node, in: file, hint: "please report this with the spec attached")
            }
            let plain = Self.staysPlain(value, in: document)
            let text = plain ? value : doubleQuoted(value)
            return Replacement(range: start..<end, text: text, token: text)
        case .singleQuoted, .doubleQuoted:
            let quote = node.style == .singleQuoted ? UInt8(ascii: "'") : UInt8(ascii: "\"")
            guard end - start >= 2, bytes[start] == quote, bytes[end - 1] == quote else {
                throw SpecError("cannot find the quotes around \(definition.setting)", at: node, in: file)
            }
            guard !Self.holdsLineBreak(bytes, (start + 1)..<(end - 1)) else {
                throw SpecError("\(definition.setting) spans several lines", at: node, in: file, hint: oneLine)
            }
            let text = node.style == .singleQuoted ? escapedForSingleQuotes(value) : escapedForDoubleQuotes(value)
            let mark = node.style == .singleQuoted ? "'" : "\""
            return Replacement(range: (start + 1)..<(end - 1), text: text, token: mark + text + mark)
        case .literal, .folded:
            throw SpecError("\(definition.setting) is a block scalar (| or >)", at: node, in: file, hint: oneLine)
        }
    }

    /// Whether `bytes[range]` holds a line feed or a carriage return.
    private static func holdsLineBreak(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        bytes[range].contains { $0 == 0x0A || $0 == 0x0D }
    }

    /// Whether `bytes[range]` is `text`'s UTF-8.
    private static func holds(_ bytes: [UInt8], _ range: Range<Int>, _ text: String) -> Bool {
        bytes[range].elementsEqual(text.utf8)
    }

    /// Whether `value` replaces a plain scalar of `document` unquoted.
    static func staysPlain(_ value: String, in document: SpecDocument) -> Bool {
        document.isJSON ? PlainScalar.reading(value) == .exactNumber : canStayPlain(value)
    }

    /// Text that is safe unquoted in block and flow context alike and reads back as itself.
    package static func canStayPlain(_ value: String) -> Bool {
        func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
            ("0"..."9").contains(scalar) || ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
        }
        guard let first = value.unicodeScalars.first, isAlphanumeric(first) else { return false }
        let allowed = value.unicodeScalars.allSatisfy { isAlphanumeric($0) || "._+-".unicodeScalars.contains($0) }
        return allowed && PlainScalar.readsBack(value)
    }

    static func doubleQuoted(_ value: String) -> String {
        "\"" + escapedForDoubleQuotes(value) + "\""
    }

    static func escapedForDoubleQuotes(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    static func escapedForSingleQuotes(_ value: String) -> String {
        value.replacingOccurrences(of: "'", with: "''")
    }
}
