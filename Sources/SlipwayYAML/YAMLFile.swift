import Foundation
import SlipwayCore

/// A YAML (or JSON) file parsed with libyaml, keeping its exact bytes and the source range of every node.
public struct YAMLFile {
    /// The path as it should appear in messages.
    public let path: String
    /// The file's bytes, exactly as read.
    public let bytes: [UInt8]
    /// One root per document in the stream (`nil` for an empty document).
    public let documents: [YAMLNode?]
    /// Whether messages may show the file's text: its lines under an error, names written in it. `false` for a file
    /// that is not the reader's to show (a file outside the repository, which the spec readers now refuse unread;
    /// kept as a second guard): its errors then give the position and the problem, never a word of the file.
    public let quotesSource: Bool

    /// The first document's root, or `nil` for an empty file.
    public var root: YAMLNode? { documents.first ?? nil }

    /// The largest input parsed: the node table keeps offsets in 32 bits, which no spec or configuration comes near.
    public static let maximumSize = Int(UInt32.max) - 1

    public init(path: String, bytes: [UInt8], quotesSource: Bool = true) throws(YAMLError) {
        guard bytes.count <= Self.maximumSize else {
            throw YAMLError(
                "\(path) is too large to read as YAML (\(bytes.count) bytes; the limit is \(Self.maximumSize))",
                hint: "split the file with XcodeGen's include:")
        }
        self.path = path
        self.bytes = bytes
        self.quotesSource = quotesSource
        var builder = YAMLTreeBuilder(path: path, bytes: bytes, quotesSource: quotesSource)
        let (tree, roots) = try builder.parse()
        self.documents = roots.map { root in root.map { YAMLNode(tree: tree, index: $0) } }
    }

    public init(path: String, text: String) throws(YAMLError) {
        try self.init(path: path, bytes: Array(text.utf8))
    }

    /// Reads and parses a file; `displayPath` is what messages call it.
    public static func read(_ url: URL, displayPath: String? = nil) throws(YAMLError) -> YAMLFile {
        let name = displayPath ?? url.path
        let bytes: [UInt8]?
        do {
            bytes = try BoundedFile.read(url.path)
        } catch {
            throw YAMLError("cannot read \(name): it is \(error.reason)", hint: error.hint)
        }
        guard let bytes else { throw YAMLError("cannot read \(name): \(String(cString: strerror(ENOENT)))") }
        return try YAMLFile(path: name, bytes: bytes)
    }

    /// The text of a 1-based line, without its line break, for showing under an error; `nil` when the file's text
    /// is not to be shown (`quotesSource`).
    public func line(_ number: Int) -> String? {
        quotesSource ? YAMLFile.line(number, in: bytes) : nil
    }

    static func line(_ number: Int, in bytes: [UInt8]) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if current == number { break }
                current += 1
                start = index + 1
            }
            index += 1
        }
        guard current == number, start <= bytes.count else { return nil }
        var end = min(index, bytes.count)
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    public func location(_ mark: YAMLMark) -> SourceLocation {
        SourceLocation(file: path, line: mark.line, column: mark.column)
    }

    /// An error pointing at a node, with its source line and a caret.
    public func error(_ message: String, at node: YAMLNode, hint: String? = nil) -> YAMLError {
        error(message, at: node.start, hint: hint)
    }

    public func error(_ message: String, at mark: YAMLMark, hint: String? = nil) -> YAMLError {
        YAMLError(message, location: location(mark), sourceLine: line(mark.line), hint: hint)
    }
}
