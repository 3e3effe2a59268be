import Foundation

/// A JSON value with a deterministic encoding: keys sorted, strings escaped the same way on every platform.
///
/// Foundation's `JSONEncoder` drops `nil` optionals and its escaping differs between Darwin and Linux; reports and
/// manifests must be byte-stable, so Slipway builds its JSON explicitly.
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
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// Two-space indented encoding with a trailing newline (for files).
    public func pretty() -> String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        out += "\n"
        return out
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value):
            if value.isFinite {
                out += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
            } else {
                out += "null"
            }
        case .string(let value): JSON.escape(value, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                newline(&out, indent, level + 1)
                item.write(to: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out += "," }
                newline(&out, indent, level + 1)
                JSON.escape(member.key, into: &out)
                out += indent == nil ? ":" : ": "
                member.value.write(to: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "}"
        }
    }

    private func newline(_ out: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        out += String(repeating: indent, count: level)
    }

    static func escape(_ string: String, into out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

extension JSON {
    /// `nil` becomes `null`, so optional fields are always present.
    public static func string(_ value: String?) -> JSON {
        value.map(JSON.string) ?? .null
    }
}
