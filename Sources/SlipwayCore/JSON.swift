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
        return out.string
    }

    /// Writes the compact encoding to standard output as it is produced, so a report of thousands of files never
    /// exists as one string (for `--json` on a root commit that string and its copies were most of the memory).
    public func writeCompact(to console: Console) {
        var out = JSONOutput(console: console)
        write(to: &out, indent: nil, level: 0)
        console.out(out.bytes)
    }

    /// Two-space indented encoding with a trailing newline (for files).
    public func pretty() -> String {
        var out = JSONOutput()
        write(to: &out, indent: "  ", level: 0)
        out += "\n"
        return out.string
    }

    private func write(to out: inout JSONOutput, indent: String?, level: Int) {
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
            if items.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                newline(&out, indent, level + 1)
                item.write(to: &out, indent: indent, level: level + 1)
                out.spill()
            }
            newline(&out, indent, level)
            out += "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out += "," }
                newline(&out, indent, level + 1)
                JSON.escape(member.key, into: &out)
                out += indent == nil ? ":" : ": "
                member.value.write(to: &out, indent: indent, level: level + 1)
                out.spill()
            }
            newline(&out, indent, level)
            out += "}"
        }
    }

    private func newline(_ out: inout JSONOutput, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<level { out += indent }
    }

    static func escape(_ string: String, into out: inout String) {
        var buffer = JSONOutput()
        escape(string, into: &buffer)
        out += buffer.string
    }

    /// Writes `string` as a JSON string literal. Only ASCII bytes are ever escaped, so the bytes between them are
    /// copied in runs (a path or subject usually in one go) instead of character by character.
    static func escape(_ string: String, into out: inout JSONOutput) {
        out.bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var run = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F else {
                    continue
                }
                out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                run = index + 1
                switch byte {
                case UInt8(ascii: "\""): out += "\\\""
                case UInt8(ascii: "\\"): out += "\\\\"
                case UInt8(ascii: "\n"): out += "\\n"
                case UInt8(ascii: "\r"): out += "\\r"
                case UInt8(ascii: "\t"): out += "\\t"
                case 0x08: out += "\\b"
                case 0x0C: out += "\\f"
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out += "\\u00"
                    out.bytes.append(hex[Int(byte >> 4)])
                    out.bytes.append(hex[Int(byte & 0x0F)])
                }
            }
            out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<bytes.count]))
        }
        out.bytes.append(UInt8(ascii: "\""))
    }
}

/// The bytes of a JSON document being written: appending bytes costs far less than appending to a `String`.
struct JSONOutput {
    var bytes: [UInt8] = []
    /// Where full chunks go when the document is streamed; `nil` keeps the whole document.
    var console: Console?

    /// Hands what is written so far to the console once it fills a chunk.
    mutating func spill() {
        guard let console, bytes.count >= 1 << 16 else { return }
        console.out(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    static func += (out: inout JSONOutput, text: String) {
        out.bytes.append(contentsOf: text.utf8)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
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
