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
        candidates.filter { !$0.isEmpty && lowered.contains($0.lowercased()) }
    }

    /// The bump this message asks for: `[major]`, a `BREAKING CHANGE` footer or a Conventional Commits `!` make it
    /// major; a `feat` commit or `[release]` minor; anything else patch.
    var bumpLevel: BumpLevel {
        let type = CommitMessage.conventionalType(text.firstLine)
        if lowered.contains("[major]") || type?.breaking == true || hasBreakingFooter {
            return .major
        }
        if type?.name == "feat" || lowered.contains("[release]") {
            return .minor
        }
        return .patch
    }

    /// `BREAKING CHANGE:` or `BREAKING-CHANGE:` at the start of a line after the header.
    private var hasBreakingFooter: Bool {
        text.split(separator: "\n").dropFirst().contains { line in
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
