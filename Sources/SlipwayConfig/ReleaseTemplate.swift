import Foundation

/// A text with `{placeholder}` fields (`Release {version} ({build})`), filled in when a release is made.
///
/// The placeholders a template may use are fixed where it is configured, so a typo is reported at its
/// `file:line:column` when `.slipway.yml` is read, not halfway through a release.
public struct ReleaseTemplate: Sendable, Equatable, Codable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public var description: String { text }

    /// The placeholder names used, in order of appearance.
    public var placeholders: [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = after[..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber }) { names.append(String(name)) }
            rest = after[after.index(after: close)...]
        }
        return names
    }

    /// The text with each known `{name}` replaced; unknown names stay as written.
    public func render(_ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let value = values[String(after[..<close])] {
                result += value
                rest = after[after.index(after: close)...]
            } else {
                result += "{"
                rest = after
            }
        }
        return result + rest
    }

    /// The text rendered as `render` does, except that a placeholder whose value is empty takes its wrapping along:
    /// ` ({build})` and `+{build}` disappear, so a spec without a build number gives `Release 1.0.0` and
    /// `1.0.0/`, never `Release 1.0.0 ()` or `1.0.0+/`.
    public func renderOmittingEmpty(_ values: [String: String]) -> String {
        var text = self.text
        for (name, value) in values where value.isEmpty {
            for wrapped in [" ({\(name)})", "({\(name)})", " [{\(name)}]", "+{\(name)}", "-{\(name)}", " {\(name)}"] {
                text = text.replacingOccurrences(of: wrapped, with: "")
            }
        }
        return ReleaseTemplate(text).render(values)
    }

    /// The placeholder values that render this template as `text` (`v{version}.{build}` and `v1.45.71` give
    /// version 1.45, build 71), or `nil` when `text` is not such a tag. `{version}` and `{build}` are digits
    /// separated by dots, `{app}` any text; where several splits fit, `{version}` takes the most parts.
    public func values(in text: String) -> [String: String]? {
        var pieces: [(literal: String, placeholder: String?)] = []
        var rest = Substring(self.text)
        var literal = ""
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), !after[..<close].isEmpty {
                pieces.append((literal, String(after[..<close])))
                literal = ""
                rest = after[after.index(after: close)...]
            } else {
                literal += "{"
                rest = after
            }
        }
        pieces.append((literal + rest, nil))
        var values: [String: String] = [:]
        return ReleaseTemplate.match(pieces[...], Array(text.unicodeScalars)[...], &values) ? values : nil
    }

    private static func match(
        _ pieces: ArraySlice<(literal: String, placeholder: String?)>, _ text: ArraySlice<Unicode.Scalar>,
        _ values: inout [String: String]
    ) -> Bool {
        guard let piece = pieces.first else { return text.isEmpty }
        let literal = Array(piece.literal.unicodeScalars)
        guard text.starts(with: literal) else { return false }
        let after = text.dropFirst(literal.count)
        guard let name = piece.placeholder else { return pieces.count == 1 ? after.isEmpty : false }
        // Longest first, so `{version}` keeps every part it can.
        for length in stride(from: after.count, through: 1, by: -1) {
            let candidate = after.prefix(length)
            let value = String(String.UnicodeScalarView(candidate))
            guard fits(value, name), values[name] == nil || values[name] == value else { continue }
            let previous = values[name]
            values[name] = value
            if match(pieces.dropFirst(), after.dropFirst(length), &values) { return true }
            values[name] = previous
        }
        return false
    }

    private static func fits(_ value: String, _ placeholder: String) -> Bool {
        guard placeholder == "version" || placeholder == "build" else { return !value.isEmpty }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
    }
}
