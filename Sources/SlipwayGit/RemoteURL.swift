import Foundation

/// Remote URLs as Slipway records and prints them (manifests, hooks, errors, dry runs): with any password or token
/// removed. Every place that shows a remote's name or URL, or a command line that holds one, goes through here.
public enum RemoteURL {
    /// The URL without credentials.
    ///
    /// - `https://user:token@host/x.git` and `https://token@host/x.git` become `https://host/x.git`: over HTTP the
    ///   user part is often a token itself (`x-access-token:…`, a bare personal access token).
    /// - `ssh://git:secret@host/x.git` becomes `ssh://git@host/x.git`: over SSH the user is an account name, not a
    ///   secret, and is needed to reach the repository; only a password is dropped.
    /// - A query string or fragment (`?token=…`) is dropped: git never needs one, and hosts accept tokens there.
    /// - scp-like `git@host:owner/x.git` and local paths stay as they are: they cannot carry a password.
    public static func redactingCredentials(_ url: String) -> String {
        var url = url
        if url.contains("://"), let cut = url.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            url = String(url[..<cut])
        }
        if let schemeEnd = url.range(of: "://"), !url[..<schemeEnd.lowerBound].contains("/") {
            let scheme = url[..<schemeEnd.lowerBound].lowercased()
            let rest = url[schemeEnd.upperBound...]
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            guard let at = authority.lastIndex(of: "@") else { return url }
            let userInfo = authority[..<at]
            let host = authority[authority.index(after: at)...]
            let keepsUser = !(scheme.hasPrefix("http") || scheme == "ftp" || scheme == "ftps")
            var result = String(url[..<schemeEnd.upperBound])
            if keepsUser {
                let user = userInfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                if !user.isEmpty { result += user + "@" }
            }
            return result + host + rest[authorityEnd...]
        }
        return url
    }

    /// A command line (`git push <remote> …`) as it may be printed: each argument that is a URL loses its
    /// credentials; other arguments are unchanged.
    public static func redactingCredentials(_ arguments: [String]) -> [String] {
        arguments.map { $0.contains("://") ? redactingCredentials($0) : $0 }
    }

    /// Text that may quote URLs (git's standard error after a failed push): every `scheme://…` in it, up to the next
    /// space or quote, loses its credentials.
    public static func redactingCredentials(inText text: String) -> String {
        guard text.contains("://") else { return text }
        let ends: Set<Character> = [" ", "\t", "\n", "\r", "\r\n", "'", "\"", "`", "<", ">"]
        var result = ""
        var rest = text[...]
        while let separator = rest.range(of: "://") {
            var start = separator.lowerBound
            while start > rest.startIndex {
                let before = rest.index(before: start)
                let character = rest[before]
                guard character.isASCII, character.isLetter || character.isNumber || "+.-".contains(character) else {
                    break
                }
                start = before
            }
            let end = rest[separator.upperBound...].firstIndex(where: ends.contains) ?? rest.endIndex
            result += rest[..<start]
            result +=
                start == separator.lowerBound
                ? String(rest[start..<end]) : redactingCredentials(String(rest[start..<end]))
            rest = rest[end...]
        }
        return result + rest
    }
}
