import SlipwayCore
import SlipwayGit

/// Where `git push` sends the checked-out branch, chosen in git's own order: `branch.<name>.pushRemote`, then
/// `remote.pushDefault`, then `branch.<name>.remote`, then `origin`. The post-commit hook's `push` action, a
/// release's `--push` and the manifest's remote URL all ask here.
public struct PushTarget: Sendable {
    public var remote: Remote
    public var branch: String

    /// The target of `branch`; an error when the branch has no remote to push to.
    public static func resolve(_ repository: Repository, branch: String?) throws -> PushTarget {
        guard let branch else {
            throw Failure("HEAD is not on a branch, so there is nothing to push", hint: "check out a branch first")
        }
        guard let remote = try remote(of: branch, in: repository) else {
            throw Failure(
                "branch \(branch) has no remote to push to",
                hint:
                    "add one with 'git remote add origin <url>', or set 'git branch --set-upstream-to=<remote>/\(branch)'"
            )
        }
        return PushTarget(remote: remote, branch: branch)
    }

    /// The target of the checked-out branch.
    public static func resolve(_ repository: Repository) throws -> PushTarget {
        try resolve(repository, branch: repository.currentBranch)
    }

    /// The first remote of git's order that is configured, or `nil`.
    public static func remote(of branch: String, in repository: Repository) throws(GitError) -> Remote? {
        let candidates = [
            repository.configString("branch.\(branch).pushRemote"), repository.configString("remote.pushDefault"),
            repository.configString("branch.\(branch).remote"), "origin",
        ]
        // `.` names the local repository as a branch's upstream; nothing is pushed there.
        guard let name = candidates.compactMap({ $0 }).first(where: { !$0.isEmpty && $0 != "." }) else { return nil }
        return try repository.remote(named: name)
    }

    /// The argv of the `git push` (after `git`): the branch to the branch it tracks (`branch.<name>.merge`), else
    /// to the same name, whatever `push.default` says, with the tag when there is one; names are checked so none
    /// can be read as an option.
    public func arguments(in repository: Repository, tag: String? = nil) throws -> [String] {
        try repository.pushArguments(branch: branch, tag: tag, remote: remote.name)
    }

    /// The argv after `git` for the branch and every tag of a release.
    public func arguments(in repository: Repository, tags: [String]) throws -> [String] {
        try repository.pushArguments(branch: branch, tags: tags, remote: remote.name)
    }
}
