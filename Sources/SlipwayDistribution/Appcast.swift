import Foundation
import SlipwayCore

/// A Sparkle appcast, read only as far as adding an item needs: where `<channel>` and its first `<item>` are, the
/// prefix bound to Sparkle's namespace, and the build numbers already listed. Slipway adds an item by inserting its
/// text, so every byte outside it stays as it was (comments, order, formatting, items Slipway never wrote).
public struct Appcast: Sendable {
    public static let sparkleNamespace = "http://www.andymatuschak.org/xml-namespaces/sparkle"

    public let bytes: [UInt8]
    /// The prefix bound to `sparkleNamespace` on `<rss>` (`sparkle`).
    public let prefix: String
    /// Each item's `sparkle:version` (element, or the older enclosure attribute), in file order.
    public let builds: [String]
    /// Where the first `<item>` of the channel starts, if there is one.
    let firstItem: Int?
    /// Where `</channel>` starts.
    let channelEnd: Int
    /// Where `<channel>` and its first child start, to indent the item as the feed indents.
    let channelStart: Int
    let firstChild: Int?
    let display: String

    /// A new feed holding only the channel, for a first release.
    public static func empty(title: String) -> [UInt8] {
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0" xmlns:sparkle="\(sparkleNamespace)">
                <channel>
                    <title>\(AppcastItem.escaped(title))</title>
                </channel>
            </rss>

            """
        return Array(text.utf8)
    }

    /// Reads `bytes`; `display` names the file in errors.
    public init(bytes: [UInt8], display: String) throws(AppcastError) {
        self.bytes = bytes
        self.display = display
        guard Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes else {
            throw AppcastError.malformed(file: display, location: nil, reason: "it is not UTF-8 text")
        }
        var scanner = XMLScanner(bytes: bytes)
        var stack: [String] = []
        var prefix: String?
        var builds: [String] = []
        var firstItem: Int?
        var channelEnd: Int?
        var channelStart: Int?
        var firstChild: Int?
        var versionText: String?
        var itemBuild: String?
        do throws(XMLScanner.Failure) {
            while let token = try scanner.next() {
                switch token {
                case .start(let name, let attributes, let selfClosing, let offset):
                    if stack.isEmpty {
                        guard name == "rss" else {
                            throw XMLScanner.Failure(offset: offset, reason: "the root element is <\(name)>, not <rss>")
                        }
                        prefix = attributes.first { $0.key.hasPrefix("xmlns:") && $0.value == Appcast.sparkleNamespace }
                            .map { String($0.key.dropFirst("xmlns:".count)) }
                    }
                    let sparkle = prefix ?? "sparkle"
                    if name == "channel", stack == ["rss"], channelStart == nil { channelStart = offset }
                    if stack == ["rss", "channel"], firstChild == nil { firstChild = offset }
                    if name == "item", stack == ["rss", "channel"] {
                        if firstItem == nil { firstItem = offset }
                        itemBuild = nil
                    }
                    if stack.count >= 3, stack.prefix(3) == ["rss", "channel", "item"] {
                        if name == "\(sparkle):version", !selfClosing { versionText = "" }
                        if name == "enclosure", itemBuild == nil, let value = attributes["\(sparkle):version"] {
                            itemBuild = value
                        }
                    }
                    if !selfClosing { stack.append(name) }
                case .text(let text):
                    if versionText != nil { versionText! += text }
                case .end(let name, let offset):
                    guard stack.last == name else {
                        let expected = stack.last.map { "</\($0)>" } ?? "nothing"
                        throw XMLScanner.Failure(offset: offset, reason: "</\(name)> where \(expected) should close")
                    }
                    stack.removeLast()
                    if let text = versionText, name.hasSuffix(":version") {
                        itemBuild = text.trimmingCharacters(in: .whitespacesAndNewlines)
                        versionText = nil
                    }
                    if name == "item", stack == ["rss", "channel"] {
                        builds.append(itemBuild ?? "")
                    }
                    if name == "channel", stack == ["rss"], channelEnd == nil { channelEnd = offset }
                }
            }
            if let open = stack.last {
                throw XMLScanner.Failure(offset: bytes.count, reason: "<\(open)> is never closed")
            }
        } catch {
            throw AppcastError.malformed(
                file: display, location: SourceLocation(file: display, offset: error.offset, in: bytes),
                reason: error.reason)
        }
        guard let prefix else {
            throw AppcastError.noSparkleNamespace(file: display)
        }
        guard let channelEnd, let channelStart else {
            throw AppcastError.malformed(file: display, location: nil, reason: "<rss> holds no <channel>")
        }
        self.prefix = prefix
        self.builds = builds
        self.firstItem = firstItem
        self.channelEnd = channelEnd
        self.channelStart = channelStart
        self.firstChild = firstChild
    }

    /// The feed with `item` inserted as the channel's first item (Sparkle lists the newest first), indented as the
    /// items around it are; refused when an item already has its build number.
    public func adding(_ item: AppcastItem) throws(AppcastError) -> [UInt8] {
        guard !builds.contains(item.build) else {
            throw AppcastError.duplicateBuild(file: display, build: item.build)
        }
        let newline = bytes.firstRange(of: [13, 10]) != nil ? "\r\n" : "\n"
        let text: String
        let offset: Int
        let step = indentStep()
        if let firstItem {
            let indent = lineIndent(before: firstItem)
            offset = firstItem
            text =
                item.xml(prefix: prefix, indent: indent ?? "", step: step, newline: newline) + newline + (indent ?? "")
        } else {
            offset = channelEnd
            if let closing = lineIndent(before: channelEnd) {
                text =
                    step + item.xml(prefix: prefix, indent: closing + step, step: step, newline: newline) + newline
                    + closing
            } else {
                text = item.xml(prefix: prefix, indent: "", step: step, newline: newline)
            }
        }
        return Array(bytes[..<offset]) + Array(text.utf8) + Array(bytes[offset...])
    }

    /// One level of the feed's indentation: how much further the channel's first child is indented than the
    /// channel; four spaces when that says nothing.
    private func indentStep() -> String {
        if let firstChild, let inner = lineIndent(before: firstChild), let outer = lineIndent(before: channelStart),
            inner.hasPrefix(outer), inner.count > outer.count
        {
            return String(inner.dropFirst(outer.count))
        }
        return "    "
    }

    /// The whitespace from the start of the line to `offset`, or nil when something else precedes it on its line.
    private func lineIndent(before offset: Int) -> String? {
        var start = offset
        while start > 0, bytes[start - 1] == 32 || bytes[start - 1] == 9 { start -= 1 }
        guard start == 0 || bytes[start - 1] == 10 else { return nil }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

}

/// The few XML tokens an appcast is read for; comments, processing instructions, the doctype and CDATA are
/// stepped over whole, so a `<item>` inside one is never taken for an element.
struct XMLScanner {
    enum Token {
        case start(name: String, attributes: [String: String], selfClosing: Bool, offset: Int)
        case end(name: String, offset: Int)
        case text(String)
    }

    struct Failure: Error {
        var offset: Int
        var reason: String
    }

    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() throws(Failure) -> Token? {
        while position < bytes.count {
            let start = position
            guard bytes[position] == UInt8(ascii: "<") else {
                let end = bytes[position...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                position = end
                return .text(XMLScanner.decoded(String(decoding: bytes[start..<end], as: UTF8.self)))
            }
            if starts(with: "<!--") {
                position = try after("-->", from: start, what: "comment")
            } else if starts(with: "<![CDATA[") {
                let end = try after("]]>", from: start, what: "CDATA section")
                position = end
                return .text(String(decoding: bytes[(start + 9)..<(end - 3)], as: UTF8.self))
            } else if starts(with: "<?") {
                position = try after("?>", from: start, what: "processing instruction")
            } else if starts(with: "<!") {
                position = try after(">", from: start, what: "declaration")
            } else {
                return try tag(at: start)
            }
        }
        return nil
    }

    private func starts(with text: String) -> Bool {
        let needle = Array(text.utf8)
        return bytes.count - position >= needle.count && Array(bytes[position..<(position + needle.count)]) == needle
    }

    private func after(_ terminator: String, from start: Int, what: String) throws(Failure) -> Int {
        guard let range = bytes[(start + 2)...].firstRange(of: Array(terminator.utf8)) else {
            throw Failure(offset: start, reason: "this \(what) is never closed")
        }
        return range.upperBound
    }

    /// `<name a="v">`, `<name/>` or `</name>`; quoted values may hold `>`.
    private mutating func tag(at start: Int) throws(Failure) -> Token {
        var index = start + 1
        let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        var quote: UInt8?
        var end: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                end = index
                break
            }
            index += 1
        }
        guard let end else { throw Failure(offset: start, reason: "this tag is never closed") }
        position = end + 1
        var inside = String(decoding: bytes[(start + (closing ? 2 : 1))..<end], as: UTF8.self)
        let selfClosing = !closing && inside.hasSuffix("/")
        if selfClosing { inside.removeLast() }
        let name = String(inside.prefix { !$0.isWhitespace })
        guard !name.isEmpty else { throw Failure(offset: start, reason: "a tag without a name") }
        if closing { return .end(name: name, offset: start) }
        return .start(
            name: name, attributes: try XMLScanner.attributes(inside.dropFirst(name.count), at: start),
            selfClosing: selfClosing, offset: start)
    }

    static func attributes(_ text: Substring, at offset: Int) throws(Failure) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text[...]
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard !rest.isEmpty else { return result }
            guard let equals = rest.firstIndex(of: "=") else {
                throw Failure(offset: offset, reason: "an attribute without a value")
            }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = rest.first, quote == "\"" || quote == "'",
                let close = rest.dropFirst().firstIndex(of: quote)
            else { throw Failure(offset: offset, reason: "the value of '\(name)' is not quoted") }
            result[name] = decoded(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = rest[rest.index(after: close)...]
        }
    }

    /// The five named entities and numeric references; others stay as written.
    static func decoded(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[amp...]
            guard let semicolon = after.firstIndex(of: ";") else { break }
            let entity = after[after.index(after: amp)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let value = named[String(entity)] {
                result += value
            } else if entity.hasPrefix("#x"), let code = UInt32(entity.dropFirst(2), radix: 16),
                let scalar = Unicode.Scalar(code)
            {
                result.unicodeScalars.append(scalar)
            } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += after[amp...semicolon]
            }
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }
}
