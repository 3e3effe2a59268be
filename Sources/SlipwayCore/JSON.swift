/// A JSON value with a deterministic encoding: keys sorted, strings escaped the same way on every platform.
///
/// Slipway's one JSON: reports, manifests, the lock file and the release journal are written through it, `parse`
/// reads documents (`JSON+Parse`), and `Codable` types go in and out through it (`JSON+Codable`). Foundation's
/// `JSONEncoder` escapes differently on Darwin and Linux, and Slipway's output must be the same bytes on both.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// Compact single-line encoding (for JSON Lines and `--json`).
    public func compact() -> String {
        var out = JSONOutput()
        write(to: &out, indent: nil, level: 0)
        return out.text
    }

    /// Writes the compact encoding to standard output as it is produced, so a report of thousands of files never
    /// exists as one string.
    public func writeCompact(to console: Console) {
        var out = JSONOutput(console: console)
        write(to: &out, indent: nil, level: 0)
        console.out(out.text)
    }

    /// Two-space indented encoding with a trailing newline (for files).
    public func pretty() -> String {
        var out = JSONOutput()
        write(to: &out, indent: "  ", level: 0)
        out.text += "\n"
        return out.text
    }

    private func write(to out: inout JSONOutput, indent: String?, level: Int) {
        switch self {
        case .null: out.text += "null"
        case .bool(let value): out.text += value ? "true" : "false"
        case .int(let value): out.text += String(value)
        case .double(let value):
            if value.isFinite {
                out.text += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
            } else {
                out.text += "null"
            }
        case .string(let value): out.text += JSON.quoted(value)
        case .array(let items):
            guard !items.isEmpty else {
                out.text += "[]"
                return
            }
            out.text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out.text += "," }
                out.newline(indent, level + 1)
                item.write(to: &out, indent: indent, level: level + 1)
                out.spill()
            }
            out.newline(indent, level)
            out.text += "]"
        case .object(let members):
            guard !members.isEmpty else {
                out.text += "{}"
                return
            }
            out.text += "{"
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out.text += "," }
                out.newline(indent, level + 1)
                out.text += JSON.quoted(member.key) + (indent == nil ? ":" : ": ")
                member.value.write(to: &out, indent: indent, level: level + 1)
                out.spill()
            }
            out.newline(indent, level)
            out.text += "}"
        }
    }

    /// `string` as a JSON string literal: `"` and `\` escaped, control characters (and DEL) as `\n`-style escapes or
    /// `\u00XX`, everything else (`/`, non-ASCII) as it is, so the bytes are the same on every platform.
    static func quoted(_ string: String) -> String {
        // Most strings (paths, subjects) need no escape at all.
        let plain = !string.utf8.contains {
            $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F
        }
        if plain { return "\"" + string + "\"" }
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// The text of a JSON document being written; streamed to the console in chunks when it goes there.
private struct JSONOutput {
    var text = ""
    /// Where full chunks go when the document is streamed; `nil` keeps the whole document.
    var console: Console?

    /// Hands what is written so far to the console once it fills a chunk.
    mutating func spill() {
        guard let console, text.utf8.count >= 1 << 16 else { return }
        console.out(text)
        text = ""
    }

    mutating func newline(_ indent: String?, _ level: Int) {
        guard let indent else { return }
        text += "\n" + String(repeating: indent, count: level)
    }
}

extension JSON {
    /// `nil` becomes `null`, so optional fields are always present.
    public static func string(_ value: String?) -> JSON {
        value.map(JSON.string) ?? .null
    }

    /// An object's member, `nil` when there is none or this is not an object.
    public subscript(_ name: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members[name]
    }

    public var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    public var intValue: Int? {
        guard case .int(let value) = self else { return nil }
        return value
    }
}
