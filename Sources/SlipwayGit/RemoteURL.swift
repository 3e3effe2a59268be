/// Remote URLs as they may be recorded in a manifest: with any password or token removed.
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
}
