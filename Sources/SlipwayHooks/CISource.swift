import Foundation
import SlipwayCore

/// Where the installed CI files get Slipway: a git URL and a ref (`--source`, `--ref`). The bundled files name a
/// placeholder source (a repository that does not exist); `CISource.render` writes the real one into them.
///
/// - GitHub: every `uses: slipway/slipway@<zeros> # slipway-action` line becomes `uses: <owner>/<repo>@<ref>`, so
///   the workflow runs the Slipway action (`action.yml`) of that commit. GitHub runs actions only from GitHub
///   repositories, so the URL must name one.
/// - Xcode Cloud: the defaults of `SLIPWAY_GIT_URL` and `SLIPWAY_REF` in `ci_post_clone.sh`.
public struct CISource: Sendable, Equatable {
    public var url: String
    public var ref: String

    /// What the bundled workflow says in place of `owner/repo@sha`, and the marker that ends each such line.
    public static let placeholderAction = "slipway/slipway@" + String(repeating: "0", count: 40)
    public static let actionMarker = " # slipway-action"
    /// What the bundled Xcode Cloud script builds from until `--source` says otherwise.
    public static let placeholderURL = "https://github.com/slipway/slipway.git"
    static let placeholderRef = "v0.1.0"

    public init(url: String, ref: String) {
        self.url = url
        self.ref = ref
    }

    /// Checks `--source` and `--ref` for what the files can hold: plain URL characters (they are written into a
    /// shell script unquoted), no password, and a ref git accepts.
    public func validate() throws(Failure) {
        let urlCharacters = #"^[A-Za-z0-9._~:/@%+=,-]+$"#
        guard !url.hasPrefix("-"), url.range(of: urlCharacters, options: .regularExpression) != nil else {
            throw Failure(
                "--source \(url.cQuotedIfNeeded) is not a git URL Slipway can write into CI files",
                hint: "give an https or ssh URL such as https://github.com/<owner>/slipway.git")
        }
        if let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@"),
            url[scheme.upperBound..<at].contains(":")
        {
            throw Failure(
                "--source holds a password; the CI files are committed, so it would be published",
                hint: "give the URL without credentials; CI fetches a public repository, or uses its own credentials")
        }
        let refCharacters = #"^[A-Za-z0-9._/-]+$"#
        guard !ref.hasPrefix("-"), !ref.contains(".."), ref.range(of: refCharacters, options: .regularExpression) != nil
        else {
            throw Failure(
                "--ref \(ref.cQuotedIfNeeded) is not a tag, branch or commit sha",
                hint: "give the full 40-character commit sha of the Slipway to run (or a tag)")
        }
    }

    /// Whether the ref is a full commit sha, the only ref GitHub cannot move under a workflow.
    public var isCommitSHA: Bool {
        ref.range(of: "^[0-9a-f]{40}$", options: .regularExpression) != nil
    }

    /// `owner/repo` of a GitHub URL (`https://github.com/o/r(.git)`, `git@github.com:o/r.git`,
    /// `ssh://git@github.com/o/r.git`), or `nil` for any other URL.
    public var gitHubRepository: String? {
        let prefixes = ["https://github.com/", "http://github.com/", "git@github.com:", "ssh://git@github.com/"]
        guard let prefix = prefixes.first(where: url.hasPrefix) else { return nil }
        var path = String(url.dropFirst(prefix.count))
        if path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix(".git") { path.removeLast(4) }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        return path
    }

    /// The source an installed workflow already names on its Slipway action lines (`uses: o/r@ref # slipway-action`),
    /// unless that is still the placeholder.
    static func fromWorkflow(_ text: String) -> CISource? {
        let pattern = #"uses: ([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)@([A-Za-z0-9._/-]+)"# + actionMarker
        guard let range = text.range(of: pattern, options: .regularExpression) else { return nil }
        let line = text[range].dropFirst("uses: ".count).dropLast(actionMarker.count)
        guard line != placeholderAction, let at = line.lastIndex(of: "@") else { return nil }
        return CISource(url: "https://github.com/\(line[..<at]).git", ref: String(line[line.index(after: at)...]))
    }

    /// The source an installed `ci_post_clone.sh` already builds from, unless that is still the placeholder.
    static func fromPostClone(_ text: String) -> CISource? {
        func value(_ name: String) -> String? {
            let pattern = "\n\(name)=\\$\\{\(name):-[^}\n]*\\}"
            guard let range = text.range(of: pattern, options: .regularExpression) else { return nil }
            let prefix = "\n\(name)=${\(name):-"
            return String(text[range].dropFirst(prefix.count).dropLast())
        }
        guard let url = value("SLIPWAY_GIT_URL"), let ref = value("SLIPWAY_REF"), url != placeholderURL else {
            return nil
        }
        return CISource(url: url, ref: ref)
    }
}
