import Foundation
import SlipwayCore
import SlipwayGit

extension HooksService {
    /// Refuses an install that would be wrong: in a bare repository, into a hooks folder shared by every
    /// repository, beside another hook manager, over a Slipway hook someone edited (all but the first unless
    /// `--force`), or where an interrupted install left a hook and its kept copy.
    func checkInstallable(_ request: InstallRequest) throws {
        guard !repository.isBare else {
            throw Failure(
                "this repository is bare: it has no commits made in it to run hooks for",
                hint: "install the hooks in a clone with a working tree")
        }
        if !request.force, let scope = repository.configScope(of: "core.hooksPath"), scope.isShared {
            throw sharedFolderError(scope)
        }
        if !request.force, let match = HookManager.detect(repository: repository, hooksFolder: folder) {
            throw managedError(match)
        }
        let edited = files.filter { $0.state == .edited }
        if !request.force, !edited.isEmpty {
            let names = edited.map { display($0.url) }.joined(separator: " and ")
            let one = edited.count == 1
            throw Failure(
                "\(names) \(one ? "is Slipway's hook" : "are Slipway's hooks") with changes made after installing; "
                    + "nothing was written",
                hint: "keep the changes by moving \(one ? "it" : "them") away first, or replace \(one ? "it" : "them") "
                    + "with this version with 'slipway hooks install --force'")
        }
        for file in files where file.state == .foreign && file.hasChained {
            throw Failure(
                "cannot keep the existing \(display(file.url)): \(display(file.chainedURL)) is already there",
                hint: "an earlier install was interrupted; move one of the two away, then install again")
        }
    }

    /// `core.hooksPath` set for every repository: installing there would run Slipway's hooks in all of them.
    private func sharedFolderError(_ scope: Repository.ConfigScope) -> Failure {
        let own = RealPath.folded(repository.commonDirectory.appendingPathComponent("hooks").path)
        return Failure(
            "core.hooksPath is set in \(scope.displayName), so \(folder.path) holds the hooks of every repository "
                + "that does not set its own; installing there would run Slipway's hooks in all of them",
            hint: "give this repository its own hooks folder first: git config --local core.hooksPath "
                + "\(Shell.quote(own))\nor install into the shared folder anyway with 'slipway hooks install --force'")
    }

    private func managedError(_ match: HookManager.Match) -> Failure {
        var hint = ""
        for hook in GitHook.allCases {
            let (place, line) = match.manager.line(for: hook, configuration: match.configuration)
            hint += "add this line to \(place):\n    \(line)\n"
        }
        if let followUp = match.manager.followUp { hint += followUp + "\n" }
        hint += "or install Slipway's own hooks in \(display(folder)) anyway with 'slipway hooks install --force'"
        return Failure(
            "the git hooks of this repository are managed by \(match.manager.rawValue) (\(match.evidence))",
            hint: hint)
    }
}
