/// Untrusted text (file names, branch, tag and remote names, commit subjects, commands) as Slipway's text output
/// shows it.
///
/// Text that holds a control character is shown C-style, as git shows such a path (`core.quotePath`): in double
/// quotes, with `\n`, `\t`, `\r`, `\"`, `\\` and the like, and any other control character as the octal escapes of
/// its UTF-8 bytes (`\033`, `\302\205`). So no printed line can begin with a name's text (GitHub Actions runs a line
/// that begins with `::` as a workflow command; a terminal obeys escape sequences). Text that begins with a double
/// quote is quoted too, so anything shown starting with `"` is a quoted form; quotes and backslashes elsewhere, and
/// non-ASCII text, stay as they are (`Revert "Add login"` reads as written, as with `core.quotePath=false`). JSON
/// output keeps the exact strings: JSON escapes them itself.
///
/// Control characters here are U+0000–U+001F, U+007F–U+009F and the line and paragraph separators U+2028 and
/// U+2029, which some readers break lines at.
extension String {
    /// The text itself, or its C-quoted form when it holds a control character or begins with a double quote.
    public var cQuotedIfNeeded: String {
        needsCQuoting ? cQuoted : self
    }

    /// The text in double quotes, for text always shown in quotes (a commit subject): C-quoted when it needs
    /// quoting, else as it is between two quotes (`"Revert "Add login""`, as before).
    public var inDoubleQuotes: String {
        needsCQuoting ? cQuoted : "\"" + self + "\""
    }

    /// The text in double quotes with C-style escapes.
    public var cQuoted: String {
        "\"" + cEscaped(quote: "\"") + "\""
    }

    /// The text with C-style escapes for a control character, a backslash and `quote` (the quote it goes between):
    /// the body of `cQuoted`, and of a shell's `$'…'` word.
    func cEscaped(quote: Unicode.Scalar) -> String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case quote: escaped += "\\" + String(quote)
            case "\\": escaped += "\\\\"
            case "\u{07}": escaped += "\\a"
            case "\u{08}": escaped += "\\b"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\u{0B}": escaped += "\\v"
            case "\u{0C}": escaped += "\\f"
            case "\r": escaped += "\\r"
            default:
                guard String.isControl(scalar) else {
                    escaped.unicodeScalars.append(scalar)
                    continue
                }
                for byte in String(scalar).utf8 {
                    let octal = String(byte, radix: 8)
                    escaped += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                }
            }
        }
        return escaped
    }

    /// Whether `cQuotedIfNeeded` quotes the text. Looks at the UTF-8 bytes only, without allocating: every control
    /// character starts with a byte below 0x20, 0x7F, 0xC2 (U+0080–U+009F) or 0xE2 (U+2028, U+2029).
    public var needsCQuoting: Bool {
        var bytes = utf8.makeIterator()
        if utf8.first == UInt8(ascii: "\"") { return true }
        while let byte = bytes.next() {
            switch byte {
            case 0x00..<0x20, 0x7F: return true
            case 0xC2:
                if let next = bytes.next(), (0x80...0x9F).contains(next) { return true }
            case 0xE2:
                if bytes.next() == 0x80, let last = bytes.next(), last == 0xA8 || last == 0xA9 { return true }
            default: continue
            }
        }
        return false
    }

    /// Whether the text holds a control character (the bytes test of `needsCQuoting`, without the leading quote).
    var containsControlCharacter: Bool {
        unicodeScalars.contains(where: String.isControl)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
