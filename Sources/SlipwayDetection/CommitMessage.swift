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

    /// Whether `part` occurs in `text`, compared as characters, so a tag matches its canonically equal spelling (`é`
    /// precomposed or with a combining accent).
    ///
    /// An ASCII part can only be there where its bytes are (no other character is canonically equal to an ASCII
    /// one but `;` and `` ` ``, which are left out), so a byte search answers "no" for most messages first: the
    /// character search alone made `detect --each` miss its budget against `git log` (bench/detect.sh).
    static func contains(_ text: String, _ part: String) -> Bool {
        let ascii = part.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: "`") }
        if ascii, !text.containsUTF8(Array(part.utf8)) { return false }
        return text.contains(part)
    }

    /// The bump this message asks for: `[major]`, a `BREAKING CHANGE` footer or a Conventional Commits `!` make it
    /// major; a `feat` commit or `[release]` minor; anything else patch.
    var bumpLevel: BumpLevel {
        let type = CommitMessage.conventionalType(text.firstLine)
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
        // Most messages have no such footer: a byte search rules them out before the lines are split.
        guard text.containsUTF8(Array("BREAKING".utf8)) else { return false }
        return text.split(separator: "\n").dropFirst().contains { line in
            line.hasPrefix("BREAKING CHANGE:") || line.hasPrefix("BREAKING-CHANGE:")
        }
    }

    /// The type of a Conventional Commits header (`feat(ui)!: …`), or `nil` when the header is not one: a name of
    /// letters, `-` and `_`, an optional `(scope)`, an optional `!` (breaking), then `: `.
    package static func conventionalType(_ header: Substring) -> (name: String, breaking: Bool)? {
        guard let colon = header.firstIndex(of: ":") else { return nil }
        var prefix = header[..<colon]
        guard header[header.index(after: colon)...].first == " " else { return nil }
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
}
