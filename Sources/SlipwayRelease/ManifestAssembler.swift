import Foundation
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwaySpec
import SlipwayWorkspace

/// Gathers what a manifest says about the repository at a commit: project, versions now and at the previous
/// release, git facts, the detect verdict and the commits since the previous release.
///
/// `slipway manifest` and `slipway release` both start from this; a release then adds its stages, artifacts and
/// status.
public struct ManifestAssembler {
    /// Its environment gives `${VAR}` in the spec's include paths, as the command that runs this reads them.
    public let workspace: Workspace
    let repository: Repository

    public init(workspace: Workspace) throws(GitError) {
        self.init(workspace: workspace, repository: try workspace.requireRepository())
    }

    init(workspace: Workspace, repository: Repository) {
        self.workspace = workspace
        self.repository = repository
    }

    private var environment: [String: String] { workspace.environment }

    /// Which release `head` is, which decides where the range since the previous release starts.
    public enum ReleaseTag: Sendable, Equatable {
        /// `head` is the release tagged with this name (a release that made its tag).
        case named(String)
        /// Use the release tag on `head`, if it has one (`slipway manifest` on a tagged commit).
        case lookUp
        /// `head` is not a release (a release that failed before tagging): tags on `head` are previous releases.
        case none
    }

    /// A manifest for `head` with no stages and no artifacts yet, status `succeeded`; `requested` is the bump the
    /// user asked for. A release that fails before committing records the old HEAD with `.none` and then sets the
    /// versions it was making on the result.
    /// `verdict` is the judgement of the commits since the previous release when the caller already made it.
    public func manifest(
        head: OID, releaseTag: ReleaseTag, requested: String? = nil, verdict known: Verdict? = nil, now: Date = Date()
    ) throws -> ReleaseManifest {
        let history = ReleaseHistory(repository: repository, configuration: workspace.configuration)
        let tag: String?
        switch releaseTag {
        case .named(let name): tag = name
        case .lookUp: tag = try history.releaseTag(at: head)
        case .none: tag = nil
        }
        // A caller that judged the range already (a release) hands its verdict over: the range is not walked again.
        let verdict =
            try known
            ?? DetectService(workspace: workspace).detector.judge(
                history.rangeSincePreviousRelease(head: head, excludingHead: tag != nil))
        let previous = verdict.baseTag.flatMap { name in
            verdict.base.map { ReleaseHistory.Release(name: name, commit: $0) }
        }
        let spec = workspace.specPath
        let current = specFacts(at: head)
        let before = previous.map { specFacts(at: $0.commit) }

        let branch = repository.currentBranch
        let remote =
            try branch.flatMap { branch throws(GitError) in try PushTarget.remote(of: branch, in: repository) }
            ?? repository.remote(named: "origin")
        let git = ReleaseManifest.Git(
            commit: head, branch: branch, tag: tag, remoteURL: remote?.url,
            base: previous?.commit, baseTag: previous?.name)
        let version = ReleaseManifest.Version(
            marketing: current?.marketing, build: current?.build,
            previousMarketing: before??.marketing, previousBuild: before??.build)
        let name =
            current?.name ?? URL(fileURLWithPath: RealPath.folded(repository.rootDirectory.path)).lastPathComponent
        return ReleaseManifest(
            project: .init(name: name, spec: current == nil ? nil : spec),
            version: version, git: git,
            trigger: .init(verdict: verdict, requested: requested),
            // Release commits (this one, and other apps' in the range) are bookkeeping, not changes released.
            commits: verdict.commits.filter { !$0.isRelease }.map(ReleaseManifest.CommitEntry.init),
            createdAt: now, app: workspace.configuration.selectedApp?.name)
    }

    /// What the spec says at `commit`, includes followed in that commit's tree; `nil` when the commit has no spec.
    func specFacts(at commit: OID) -> SpecFacts? {
        SpecFacts.read(
            spec: workspace.specPath, projectRoot: workspace.configuration.projectRoot,
            environment: environment, in: repository, at: commit, configuration: workspace.configuration)
    }
}
