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
}
