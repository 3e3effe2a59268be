import Foundation
import SlipwayCore

/// An `.xcconfig` file as Xcode reads it: `KEY = value` and `KEY[config=Release][sdk=iphoneos*] = value` lines,
/// `#include "other.xcconfig"` and `#include? "optional.xcconfig"`, `//` comments to the end of the line. Each value
/// keeps the byte range of its text, so an edit replaces that text and nothing else (comments, spacing and
/// `$(inherited)` stay as written).
public struct XCConfigFile: Sendable {
    public struct Assignment: Sendable, Equatable {
        public var key: String
        /// `[name=value]` conditions in the order written (`config`, `sdk`, `arch`).
        public var conditions: [Condition]
        /// The value's text: after `=` and spaces, before a `//` comment, trailing spaces and a trailing `;`.
        public var value: String
        /// Where `value`'s bytes are in the file.
        public var valueRange: Range<Int>
        public var line: Int
        /// The value's column (1-based, in bytes).
        public var column: Int

        /// The `config=` condition, if any.
        public var config: String? { conditions.first { $0.name == "config" }?.value }

        /// Whether the assignment applies to the configuration `config` (an `sdk`/`arch` condition may apply).
        public func applies(to config: String) -> Bool {
            conditions.allSatisfy { $0.name != "config" || Self.matches($0.value, config) }
        }

        /// Xcode's condition values take `*` as a wildcard.
        public static func matches(_ pattern: String, _ name: String) -> Bool {
            guard let star = pattern.firstIndex(of: "*") else { return pattern == name }
            let prefix = pattern[..<star]
            let suffix = pattern[pattern.index(after: star)...]
            return name.count >= prefix.count + suffix.count && name.hasPrefix(prefix) && name.hasSuffix(suffix)
        }
    }

    public struct Condition: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    public struct Include: Sendable, Equatable {
        public var path: String
        /// `#include?`: a missing file is skipped.
        public var optional: Bool
        public var line: Int
        public var column: Int
    }

    public enum Line: Sendable, Equatable {
        case assignment(Assignment)
        case include(Include)
    }

    /// Assignments and includes in file order.
    public let lines: [Line]

    public init(bytes: [UInt8]) {
        var lines: [Line] = []
        var start = 0
        var number = 1
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if let line = Self.parse(bytes, start..<end, number: number) { lines.append(line) }
            number += 1
            start = end + 1
        }
        self.lines = lines
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    /// Where a `//` comment starts in the line, else the line's end.
    private static func contentEnd(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            if bytes[index] == 0x2F, bytes[index + 1] == 0x2F { return index }
            index += 1
        }
        return range.upperBound
    }

    private static func parse(_ bytes: [UInt8], _ range: Range<Int>, number: Int) -> Line? {
        var index = range.lowerBound
        let end = contentEnd(bytes, range)
        while index < end, isSpace(bytes[index]) { index += 1 }
        guard index < end else { return nil }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        if text.hasPrefix("#include") {
            var rest = text.dropFirst("#include".count)
            let optional = rest.hasPrefix("?")
            if optional { rest = rest.dropFirst() }
            let trimmed = rest.trimmingCharacters(in: .whitespaces)
            guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return nil }
            return .include(
                Include(
                    path: String(trimmed.dropFirst().dropLast()), optional: optional, line: number,
                    column: index - range.lowerBound + 1))
        }
        // The `=` after the key's `[config=…]` conditions.
        var depth = 0
        var found: Int?
        for position in index..<end {
            switch bytes[position] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: "=") where depth == 0: found = position
            default: continue
            }
            if found != nil { break }
        }
        guard let equals = found else { return nil }
        let left = String(decoding: bytes[index..<equals], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard let (key, conditions) = Self.key(left) else { return nil }
        var valueStart = equals + 1
        while valueStart < end, isSpace(bytes[valueStart]) { valueStart += 1 }
        var valueEnd = end
        while valueEnd > valueStart, isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
        if valueEnd > valueStart, bytes[valueEnd - 1] == UInt8(ascii: ";") {
            valueEnd -= 1
            while valueEnd > valueStart, isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
        }
        return .assignment(
            Assignment(
                key: key, conditions: conditions, value: String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self),
                valueRange: valueStart..<valueEnd, line: number, column: valueStart - range.lowerBound + 1))
    }

    /// `KEY[a=b][c=d]` split into the key and its conditions; `nil` when it is no setting name.
    private static func key(_ text: String) -> (String, [Condition])? {
        let name = text.prefix { $0 != "[" }
        guard !name.isEmpty,
            name.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
            })
        else { return nil }
        var conditions: [Condition] = []
        var rest = text.dropFirst(name.count)
        while rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            let inside = rest[rest.index(after: rest.startIndex)..<close]
            let parts = inside.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard parts.count == 2 else { return nil }
            conditions.append(Condition(name: parts[0], value: parts[1]))
            rest = rest[rest.index(after: close)...]
        }
        guard rest.allSatisfy(\.isWhitespace) else { return nil }
        return (String(name), conditions)
    }
}

/// An `.xcconfig` file and every file it includes, in the order Xcode reads them (an include's lines where the
/// `#include` stands), so the last assignment of a key is the one that applies.
public struct XCConfigChain: Sendable {
    public struct File: Sendable {
        public var url: URL
        public var displayPath: String
        public var bytes: [UInt8]
        public var parsed: XCConfigFile
    }

    public struct Entry: Sendable {
        /// Index in `files`.
        public var file: Int
        public var assignment: XCConfigFile.Assignment
    }

    public private(set) var files: [File] = []
    public private(set) var entries: [Entry] = []

    /// Reads `url` and its includes through `read` (bytes, or `nil` when there is no such file); a missing file that
    /// a plain `#include` names is an error at the include, as Xcode fails the build on it.
    public static func read(
        _ url: URL, display: (URL) -> String, read: (URL) throws(XCConfigError) -> [UInt8]?
    ) throws(XCConfigError) -> XCConfigChain? {
        var chain = XCConfigChain()
        guard try chain.visit(url, from: nil, display: display, read: read, stack: []) else { return nil }
        return chain
    }

    private mutating func visit(
        _ url: URL, from include: SourceLocation?, display: (URL) -> String,
        read: (URL) throws(XCConfigError) -> [UInt8]?, stack: [String]
    ) throws(XCConfigError) -> Bool {
        let key = RealPath.folded(url.path)
        guard !stack.contains(key) else {
            throw XCConfigError(
                "\(display(url)) includes itself", location: include,
                hint: "remove the #include that closes the loop")
        }
        guard let bytes = try read(url) else { return false }
        let parsed = XCConfigFile(bytes: bytes)
        let index = files.count
        let shown = display(url)
        files.append(File(url: url, displayPath: shown, bytes: bytes, parsed: parsed))
        for line in parsed.lines {
            switch line {
            case .assignment(let assignment):
                entries.append(Entry(file: index, assignment: assignment))
            case .include(let included):
                let target = URL(
                    fileURLWithPath: RealPath.folded(
                        included.path.hasPrefix("/")
                            ? included.path : url.deletingLastPathComponent().appendingPathComponent(included.path).path
                    ))
                let at = SourceLocation(file: shown, line: included.line, column: included.column)
                let found = try visit(target, from: at, display: display, read: read, stack: stack + [key])
                if !found, !included.optional {
                    throw XCConfigError(
                        "\(shown) includes \(included.path), which does not exist", location: at,
                        hint: "fix the path, or write #include? if the file is optional")
                }
            }
        }
        return true
    }

    public func location(of entry: Entry) -> SourceLocation {
        SourceLocation(
            file: files[entry.file].displayPath, line: entry.assignment.line, column: entry.assignment.column)
    }
}

/// A problem reading an `.xcconfig` file, at the line that has it.
public struct XCConfigError: SlipwayError {
    public var message: String
    public var location: SourceLocation?
    public var hint: String?
    public var exitStatus: ExitStatus { .badInput }

    public init(_ message: String, location: SourceLocation?, hint: String?) {
        self.message = message
        self.location = location
        self.hint = hint
    }
}
