/// A 1-based position in a text file, as compilers print it: `file:line:column`.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The position of byte `offset` of `bytes` (UTF-8 text): lines counted at line feeds, the column in characters.
    public init(file: String, offset: Int, in bytes: [UInt8]) {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        self.init(file: file, line: line, column: String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1)
    }

    public var description: String { "\(file):\(line):\(column)" }
}
