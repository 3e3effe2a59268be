import Foundation
import SlipwayCore
import SlipwayGit

/// The one judge of the paths a release and `slipway manifest` write and record: the manifest, `checksums.txt`,
/// the in-toto statement and every artifact.
///
/// A path counts where it leads once symbolic links are followed. It must lie inside the working tree and outside
/// every `.git` folder (in a bare repository, which has no working tree, only under its `.slipway/`); a file
/// Slipway writes must moreover not be one git tracks, whose contents the write would replace.
struct RepositoryBoundary {
    let repository: Repository
    /// The repository root as the repository names it, and its real path.
    let root: URL
    let realRoot: String
    /// The real paths of git's own folders: the worktree's and the one all worktrees share.
    private let gitFolders: [String]

    init(repository: Repository) {
        self.repository = repository
        root = repository.rootDirectory
        realRoot = RealPath.resolve(repository.rootDirectory.path)
        gitFolders = [repository.gitDirectory, repository.commonDirectory].map { RealPath.resolve($0.path) }
    }

    /// The real location of a file Slipway is about to create or replace; `role` names the file in messages ("the
    /// manifest", "checksums.txt"). Refused (exit 2) when it leads outside the working tree, into git's folder, or
    /// onto a file git tracks.
    func writableFile(_ url: URL, role: String) throws -> URL {
        let real = RealPath.resolve(url.path)
        let hint =
            "choose a path inside the working tree, outside .git, that git does not track: 'release.manifest' in "
            + ".slipway.yml (relative to the repository root) or --output; the default is "
            + ".slipway/releases/{version}+{build}/manifest.json"
        if let problem = problem(real) {
            throw Failure("cannot write \(role) to \(shown(url, real)): that is \(problem)", hint: hint)
        }
        if let relative = RealPath.relative(real, inside: realRoot), try repository.isTracked(relative) {
            throw Failure(
                "cannot write \(role) to \(shown(url, real)): git tracks that file, so writing \(role) would replace "
                    + "its contents",
                hint: hint)
        }
        return URL(fileURLWithPath: real)
    }

    /// The real location of the artifact at the repository-relative `path`; refused when it leads outside the
    /// working tree or into git's folder.
    func artifact(_ path: String) throws -> URL {
        let real = RealPath.resolve(root.appendingPathComponent(path).path)
        if let problem = problem(real) {
            let leads = display(real) == path ? "is" : "leads to \(display(real)),"
            throw Failure(
                "the artifact \(path) \(leads) \(problem)",
                hint: "a release records only files inside the repository: have the stage put the file itself there "
                    + "(not a symbolic link to a file elsewhere), or leave it out of 'artifacts:'")
        }
        return URL(fileURLWithPath: real)
    }

    /// Why the real path `real` is out of bounds, or `nil` when it is inside.
    private func problem(_ real: String) -> String? {
        guard let relative = RealPath.relative(real, inside: realRoot), !relative.isEmpty else {
            return "outside the repository \(realRoot)"
        }
        let inGit =
            relative.split(separator: "/").contains { $0.lowercased() == ".git" }
            || gitFolders.contains { RealPath.relative(real, inside: $0) != nil }
        let ownFolder = relative == ".slipway" || relative.hasPrefix(".slipway/")
        if inGit, !(repository.isBare && ownFolder) {
            return "inside git's own folder, which only git changes"
        }
        return nil
    }

    /// A path as messages show it: relative to the repository root when inside it, else absolute.
    func display(_ real: String) -> String {
        DisplayPath.of(real, relativeTo: realRoot)
    }

    /// The path as named, and where it leads when a symbolic link takes it elsewhere.
    private func shown(_ url: URL, _ real: String) -> String {
        let named = RealPath.folded(url.path)
        let lexical = DisplayPath.of(named, relativeTo: root.path)
        let leads = display(real)
        return lexical == leads ? leads : "\(lexical) (which leads to \(leads))"
    }
}
