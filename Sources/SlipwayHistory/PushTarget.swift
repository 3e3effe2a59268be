import SlipwayCore
import SlipwayGit

/// The remote and branch the `push` action pushes: the checked-out branch, to where `git push` would send it.
package struct PushTarget {
    package var remote: String
    package var branch: String

    /// `branch.<name>.pushRemote`, then `remote.pushDefault`, then `branch.<name>.remote`, then `origin`, as git
    /// chooses; the remote must exist.
    package static func resolve(_ repository: Repository) throws -> PushTarget {
        guard let branch = repository.currentBranch else {
            throw Failure("HEAD is not on a branch, so there is nothing to push", hint: "check out a branch first")
        }
        let candidates = [
            repository.configString("branch.\(branch).pushRemote"), repository.configString("remote.pushDefault"),
            repository.configString("branch.\(branch).remote"), "origin",
        ]
        guard let remote = candidates.compactMap({ $0 }).first, repository.configString("remote.\(remote).url") != nil else {
            throw Failure("branch \(branch) has no remote to push to", hint: "add one with 'git remote add origin <url>'")
        }
        return PushTarget(remote: remote, branch: branch)
    }

    /// The same `git push` a release makes (`Repository.pushArguments`): the branch to the branch it tracks
    /// (`branch.<name>.merge`), else to the same name, whatever `push.default` says; names are checked so none
    /// can be read as an option.
    package func arguments(in repository: Repository) throws -> [String] {
        ["git"] + (try repository.pushArguments(branch: branch, tag: nil, remote: remote))
    }
}
