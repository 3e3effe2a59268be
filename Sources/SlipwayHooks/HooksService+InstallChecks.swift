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
        try checkFolderPlace(request)
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

    /// The hooks folder must be the repository's own and hold no file git tracks: Slipway never edits a tracked file
    /// (the release that follows would refuse the dirty tree), and a folder outside the repository may be another
    /// repository's or every repository's.
    private func checkFolderPlace(_ request: InstallRequest) throws {
        let real = RealPath.resolve(folder.path)
        if RealPath.relative(real, inside: RealPath.resolve(repository.commonDirectory.path)) != nil { return }
        guard let relative = RealPath.relative(real, inside: RealPath.resolve(repository.rootDirectory.path)) else {
            guard !request.force else { return }
            let own = RealPath.folded(repository.commonDirectory.appendingPathComponent("hooks").path)
            throw Failure(
                "core.hooksPath is \(folder.path), outside this repository: it may hold the hooks of other "
                    + "repositories, and Slipway installs only into this repository's own hooks folder",
                hint: "point this repository at its own folder: git config --local core.hooksPath "
                    + "\(Shell.quote(own))\nor install there anyway with 'slipway hooks install --force'")
        }
        let tracked = try trackedFiles(inFolder: relative)
        guard !tracked.isEmpty else { return }
        var hint = "the repository tracks \(tracked.prefix(3).joined(separator: ", "))"
        hint += tracked.count > 3 ? " and \(tracked.count - 3) more" : ""
        hint += "; add these lines to its hooks instead (create the file if it is not there), and commit them:\n"
        for hook in GitHook.allCases {
            let command = "slipway hook \(hook.rawValue)" + (hook == .prePush ? " \"$@\"" : "")
            hint += "    \(display(folder.appendingPathComponent(hook.rawValue))):  \(command)\n"
        }
        hint += "or give this clone its own hooks folder: git config --local --unset core.hooksPath, then install"
        throw Failure(
            "the hooks folder \(display(folder)) is part of the repository: installing would edit or add files git "
                + "tracks, and 'slipway release' refuses a dirty tree; nothing was written",
            hint: hint)
    }

    /// The tracked files in the working-tree folder `relative` (`/`-separated), by their paths from the root.
    private func trackedFiles(inFolder relative: String) throws -> [String] {
        let url =
            relative.isEmpty ? repository.rootDirectory : repository.rootDirectory.appendingPathComponent(relative)
        // A folder that is not there yet (install would create it) holds nothing tracked.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        var tracked: [String] = []
        for name in names.sorted() {
            let path = relative.isEmpty ? name : relative + "/" + name
            if try repository.isTracked(path) { tracked.append(path) }
        }
        return tracked
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
