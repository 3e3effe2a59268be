import Foundation
import SlipwayCore

/// What a commit message says about releasing: tags it carries and the bump it asks for.
package struct CommitMessage {
    let text: String
    private let lowered: String

    init(_ text: String) {
        self.text = text
        lowered = text.lowercased()
    }

    /// The configured tags found anywhere in the message, ignoring case, in configuration order.
    func tags(from candidates: [String]) -> [String] {
        candidates.filter { !$0.isEmpty && CommitMessage.contains(lowered, $0.lowercased()) }
    }

    /// Whether `needle` occurs in `haystack`, as Foundation's `contains` decides (canonical equivalence).
    ///
    /// Foundation bridges every message to UTF-16 for that, which made it the largest cost of `detect --each`. A
    /// plain ASCII needle can only match where its bytes occur (apart from `;` and `` ` ``, no character is
    /// canonically equivalent to an ASCII one, and lowercasing already turned the Kelvin sign into `k`), so a byte
    /// search rules out almost every message and Foundation only confirms the few candidates.
    package static func contains(_ haystack: String, _ needle: String) -> Bool {
        let plain = needle.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: "`") }
        if plain, !containsBytes(haystack, needle) { return false }
        return haystack.contains(needle)
    }

    /// Whether the UTF-8 bytes of `needle` occur in those of `haystack`.
    static func containsBytes(_ haystack: String, _ needle: String) -> Bool {
        var haystack = haystack
        var needle = needle
        return haystack.withUTF8 { text in
            needle.withUTF8 { pattern in
                guard let first = pattern.first else { return true }
                guard pattern.count <= text.count else { return false }
                var start = 0
                let last = text.count - pattern.count
                while start <= last {
                    if text[start] == first {
                        var offset = 1
                        while offset < pattern.count, text[start + offset] == pattern[offset] { offset += 1 }
                        if offset == pattern.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }

    /// The bump this message asks for: `[major]`, a `BREAKING CHANGE` footer or a Conventional Commits `!` make it
    /// major; a `feat` commit or `[release]` minor; anything else patch.
    var bumpLevel: BumpLevel {
        let header = text.firstLine
        let type = CommitMessage.conventionalType(header)
        if CommitMessage.contains(lowered, "[major]") || type?.breaking == true || hasBreakingFooter {
            return .major
        }
        if type?.name == "feat" || CommitMessage.contains(lowered, "[release]") {
            return .minor
        }
        return .patch
    }

    /// `BREAKING CHANGE:` or `BREAKING-CHANGE:` at the start of a line after the header.
    private var hasBreakingFooter: Bool {
        // Most messages never mention it: skip splitting them into lines.
        guard CommitMessage.containsBytes(text, "BREA") else { return false }
        return text.split(separator: "\n").dropFirst().contains { line in
            line.hasPrefix("BREAKING CHANGE:") || line.hasPrefix("BREAKING-CHANGE:")
        }
    }

    /// The type of a Conventional Commits header (`feat(ui)!: …`), or `nil` when the header is not one.
    package static func conventionalType(_ header: Substring) -> (name: String, breaking: Bool)? {
        if let result = header.utf8.withContiguousStorageIfAvailable({ asciiConventionalType($0) }), let ascii = result
        {
            return ascii
        }
        guard let colon = header.firstIndex(of: ":") else { return nil }
        var prefix = header[..<colon]
        guard colon < header.endIndex, header[header.index(after: colon)...].first == " " else { return nil }
        var breaking = false
        if prefix.hasSuffix("!") {
            breaking = true
            prefix = prefix.dropLast()
        }
        if prefix.hasSuffix(")") {
            guard let open = prefix.firstIndex(of: "(") else { return nil }
            prefix = prefix[..<open]
        }
        guard !prefix.isEmpty, prefix.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else { return nil }
        return (prefix.lowercased(), breaking)
    }

    /// `conventionalType` for an ASCII header, on bytes (each byte is then one character, so the answer is the
    /// same); `nil` inside `.some` means "not a Conventional Commits header", an outer `nil` "not ASCII".
    private static func asciiConventionalType(_ header: UnsafeBufferPointer<UInt8>) -> (name: String, breaking: Bool)??
    {
        guard header.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard let colon = header.firstIndex(of: UInt8(ascii: ":")) else { return .some(nil) }
        guard colon + 1 < header.count, header[colon + 1] == UInt8(ascii: " ") else { return .some(nil) }
        var end = colon
        var breaking = false
        if end > 0, header[end - 1] == UInt8(ascii: "!") {
            breaking = true
            end -= 1
        }
        if end > 0, header[end - 1] == UInt8(ascii: ")") {
            guard let open = header[..<end].firstIndex(of: UInt8(ascii: "(")) else { return .some(nil) }
            end = open
        }
        let name = UnsafeBufferPointer(rebasing: header[..<end])
        let valid = name.allSatisfy { byte in
            let letter = byte | 0x20
            return (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_")
        }
        guard !name.isEmpty, valid else { return .some(nil) }
        return .some((String(decoding: name, as: UTF8.self).lowercased(), breaking))
    }
}
