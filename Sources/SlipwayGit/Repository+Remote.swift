import CGit2

/// A configured remote: its name and fetch URL with credentials removed.
public struct Remote: Hashable, Sendable, Codable {
    public var name: String
    /// The URL as git would use it (after `url.<base>.insteadOf`), without passwords or tokens.
    public var url: String

    public init(name: String, url: String) {
        self.name = name
        self.url = url
    }
}

extension Repository {
    /// The remote `name`, or `nil` when it is not configured.
    public func remote(named name: String) throws(GitError) -> Remote? {
        var pointer: OpaquePointer?
        let code = git_remote_lookup(&pointer, handle, name)
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue { return nil }
        try check(code, "git_remote_lookup")
        defer { git_remote_free(pointer) }
        let url = git_remote_url(pointer).map { String(cString: $0) } ?? ""
        return Remote(name: name, url: RemoteURL.redactingCredentials(url))
    }

    /// The branch on the remote that `branch` tracks (`branch.<name>.merge`, a full ref such as `refs/heads/main`).
    public func upstreamMergeReference(ofBranch branch: String) -> String? {
        guard let merge = configString("branch.\(branch).merge"), !merge.isEmpty else { return nil }
        return merge
    }
}
