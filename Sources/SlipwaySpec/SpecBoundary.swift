import SlipwayYAML

/// What a command does with the spec's files, which decides what becomes of a file outside the repository.
public enum SpecAccess: Sendable {
    /// `version`, `run`, `detect`, `doctor`: the spec is only read. A file outside the repository is refused before it
    /// is read, as for `edit`: it may be a device, a FIFO or a file that is not the project's.
    case read
    /// `bump` and `release` (their dry runs too): a file outside the repository is refused before it is read, since
    /// Slipway writes only inside the repository and a release commits the files it edits.
    case edit
}

/// The folder whose files are the spec's own: the repository's working tree, or outside a repository the folder
/// Slipway treats as the root (`Workspace.root`). Files are judged by their real path (symbolic links followed);
/// git's own `.git` folders are not part of it.
package struct SpecBoundary: Sendable {
    /// The real path of the folder.
    let root: String
    /// `false` outside a git repository, where the folder stands in for one.
    let isRepository: Bool

    package init(root: String, isRepository: Bool) {
        self.root = root
        self.isRepository = isRepository
    }

    /// Whether the file at the real path `path` lies inside the folder, and not in a `.git` folder.
    func contains(_ path: String) -> Bool {
        let prefix = root == "/" ? "/" : root + "/"
        guard SpecPath.starts(path, with: prefix) else { return false }
        return !SpecPath.hasGitSegment(path, after: prefix.utf8.count)
    }

    /// How messages name the folder.
    var name: String {
        isRepository ? "the repository \(root)" : "\(root), the folder Slipway works in (there is no git repository)"
    }

    /// The refusal of a file outside the folder that `bump` or `release` would read and might edit: `display` is
    /// the file's path as messages show it; `include` and `file` the entry that names it, `nil` for the spec itself.
    func refusal(
        _ display: String, include: SpecInclude?, in file: YAMLFile?, throughLink: Bool, access: SpecAccess = .edit
    ) -> SpecError {
        let folder = isRepository ? "the repository" : "that folder"
        let move =
            isRepository
            ? "move the file into the repository and include it from there"
            : "run Slipway in a folder that holds the spec and every file it includes"
        let hint =
            access == .edit
            ? "bump and release edit and commit only files inside \(folder), so they do not even read one outside it "
                + "(a symbolic link counts where it leads); \(move)"
            : "Slipway reads spec files only inside \(folder) (a symbolic link counts where it leads); \(move)"
        guard let include, let file else {
            return SpecError("the spec \(display) is outside \(name)", hint: hint)
        }
        let written = include.node.scalar
        let target =
            throughLink
            ? "leads through a symbolic link to \(display)," : written == display ? "is" : "names \(display),"
        return SpecError("include '\(written)' \(target) outside \(name)", at: include.node, in: file, hint: hint)
    }
}
