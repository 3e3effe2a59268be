import Foundation
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwaySpec
import SlipwayWorkspace

/// `slipway manifest`: records HEAD and the given artifacts in a release manifest without running any stage, for CI
/// jobs that assemble artifacts built elsewhere.
public struct ManifestService {
    public struct Request {
        /// Repository-relative globs of the files to record; empty uses `artifacts:` from `.slipway.yml`.
        public var artifacts: [String] = []
        /// Where to write the manifest, relative to the current folder; a folder gets `manifest.json` inside it.
        /// `nil` uses `release.manifest`.
        public var output: String?
        /// Also write an in-toto statement; `nil` follows `release.inToto`.
        public var inToto: Bool?
        /// The build number to record instead of the committed spec's: the one CI built (`CI_BUILD_NUMBER`).
        public var build: String?
        public var now = Date()

        public init() {}
    }

    /// `--output` is relative to its current folder.
    public let workspace: Workspace
    let repository: Repository

    public init(workspace: Workspace) throws(GitError) {
        self.workspace = workspace
        repository = try workspace.requireRepository()
    }

    @discardableResult
    public func run(_ request: Request, console: Console) throws -> ManifestWriter.Written {
        let head = try repository.resolveCommit("HEAD")
        var manifest = try ManifestAssembler(workspace: workspace, repository: repository).manifest(
            head: head, releaseTag: .lookUp, now: request.now)
        recordWorkingTreeVersions(&manifest)
        // `--build` names what CI built, whatever the spec says.
        if let build = request.build { manifest.version.build = build }
        let patterns = request.artifacts.isEmpty ? workspace.configuration.artifacts.map(\.pattern) : request.artifacts
        manifest.artifacts = try ArtifactCollector(repository: repository).collect(patterns)
        let writer = ManifestWriter(repository: repository, environment: workspace.environment)
        let url =
            request.output.map { ManifestService.outputURL($0, relativeTo: workspace.currentDirectory) }
            ?? ManifestWriter.besideExisting(writer.defaultURL(workspace.configuration.release.manifest, for: manifest))
        let written = try writer.write(
            manifest, to: url, inToto: request.inToto ?? workspace.configuration.release.inToto)
        console.out(ManifestService.summary(manifest, written, root: workspace.root))
        return written
    }

    /// After `bump --build 999` on CI the working tree holds other versions than the commit: the record says what
    /// is built (the working tree's) and notes the difference.
    func recordWorkingTreeVersions(_ manifest: inout ReleaseManifest) {
        let inventory: VersionInventory
        do {
            inventory = try workspace.versions(at: try workspace.locate(), access: .read)
        } catch {
            // No spec to read in the working tree (or one that does not parse): the commit's versions stand.
            return
        }
        let committed = (manifest.version.marketing, manifest.version.build)
        let marketing = inventory.values(.marketing).first?.value ?? committed.0
        let build = inventory.values(.build).first?.value ?? committed.1
        if marketing != committed.0 || build != committed.1 {
            let show = { (version: String?, build: String?) in
                (version ?? "(none)") + (build.map { " (\($0))" } ?? "")
            }
            manifest.notes.append(
                "built from the working tree, which holds \(show(marketing, build)); the commit "
                    + "\(manifest.git.commit.short) holds \(show(committed.0, committed.1))")
            manifest.version.marketing = marketing
            manifest.version.build = build
        }
    }

    /// `--output`: a path relative to where slipway runs; a folder (existing, or written with a trailing `/`)
    /// gets `manifest.json` inside it.
    static func outputURL(_ path: String, relativeTo directory: URL) -> URL {
        let base = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
        var isDirectory: ObjCBool = false
        if path.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: base.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        {
            return base.appendingPathComponent("manifest.json")
        }
        return base
    }

    /// What was recorded, then the files written, the manifest's path last.
    static func summary(_ manifest: ReleaseManifest, _ written: ManifestWriter.Written, root: URL) -> String {
        var version = manifest.version.marketing ?? "(no version)"
        if let build = manifest.version.build { version += " (\(build))" }
        let since = manifest.git.baseTag.map { " since \($0)" } ?? ""
        let commits = manifest.commits.count
        let artifacts = manifest.artifacts.count
        var text =
            "\(manifest.project.name) \(version) at \(manifest.git.commit.short)"
            + (manifest.git.branch.map { " on \($0)" } ?? "")
            + ": \(commits) commit\(commits == 1 ? "" : "s")\(since), \(artifacts) artifact\(artifacts == 1 ? "" : "s")\n"
        if artifacts > 0 {
            let checksums = display(written.checksums, root: root)
            text += "  checksums  \(checksums)  (check from the repository root: shasum -a 256 -c \(checksums))\n"
        }
        if let inToto = written.inToto { text += "  in-toto    \(display(inToto, root: root))\n" }
        text += "  manifest   \(display(written.manifest, root: root))\n"
        return text
    }

    /// A path relative to the repository root when it is inside it, else absolute; written files have real paths,
    /// so the root's real path counts too.
    static func display(_ url: URL, root: URL) -> String {
        let shown = DisplayPath.of(url.path, relativeTo: RealPath.resolve(root.path))
        return shown.hasPrefix("/") ? DisplayPath.of(url, relativeTo: root) : shown
    }
}
