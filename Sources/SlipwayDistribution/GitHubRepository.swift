import Foundation

/// `owner/name` of the repository a release is made in: `GITHUB_REPOSITORY` (which Actions sets), else the push
/// remote's URL in any of git's forms (`https://github.com/o/r.git`, `git@github.com:o/r.git`, `ssh://…/o/r`).
public struct GitHubRepository: Sendable, Equatable, CustomStringConvertible {
    public var owner: String
    public var name: String

    public init?(_ slug: String) {
        let parts = slug.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy(GitHubRepository.isName) else { return nil }
        owner = String(parts[0])
        name = String(parts[1])
    }

    public var description: String { "\(owner)/\(name)" }

    /// The last two path segments of a remote URL, `.git` dropped; nil when it has fewer.
    public init?(remoteURL: String) {
        var text = remoteURL.trimmingCharacters(in: .whitespaces)
        if let scheme = text.range(of: "://") {
            text = String(text[scheme.upperBound...])
            guard let slash = text.firstIndex(of: "/") else { return nil }
            text = String(text[text.index(after: slash)...])
        } else if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") {
            // scp-like `user@host:path`.
            text = String(text[text.index(after: colon)...])
        } else {
            // A local path names no GitHub repository.
            return nil
        }
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        let parts = text.split(separator: "/")
        guard parts.count >= 2 else { return nil }
        self.init("\(parts[parts.count - 2])/\(parts[parts.count - 1])")
    }

    static func isName(_ part: Substring) -> Bool {
        !part.isEmpty && part != "." && part != ".."
            && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
    }
}
