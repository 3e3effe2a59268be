import Foundation
import SlipwayCore
import SlipwayGit

/// Gathers what a manifest says about the repository at a commit: project, versions now and at the previous
/// release, git facts, the detect verdict and the commits since the previous release.
///
/// `slipway manifest` and `slipway release` both start from this; a release then adds its stages, artifacts and
/// status.
public struct ManifestAssembler {
    public let workspace: Workspace

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    private var repository: Repository { workspace.repository }

    /// The latest release tag (`detect.releaseTagPattern`) reachable from `head`, not counting tags on `head`
    /// itself: when HEAD is the release being recorded, the previous release is the one before it.
    public func previousRelease(before head: OID) throws(GitError) -> (name: String, commit: OID)? {
        let pattern = workspace.configuration.detect.releaseTagPattern
        guard let found = try repository.latestTag(matching: pattern, reachableFrom: head) else { return nil }
        guard found.commit == head else { return found }
        guard let parent = try repository.commit(head).parents.first else { return nil }
        return try repository.latestTag(matching: pattern, reachableFrom: parent)
    }

    /// The release tag on `commit`, if there is one (the highest version when there are several).
    public func releaseTag(at commit: OID) throws(GitError) -> String? {
        try repository.tags(matching: workspace.configuration.detect.releaseTagPattern)
            .filter { $0.commit == commit }
            .map(\.name)
            .max { $0.compare($1, options: .numeric) == .orderedAscending }
    }

    /// A manifest for `head` with no stages and no artifacts yet, status `succeeded`.
    ///
    /// - `tag`: the release tag of `head` (a release passes the tag it made; `nil` looks for one on `head`).
    /// - `requested`: the bump the user asked for, recorded in `trigger.requested`.
    public func manifest(head: OID, tag: String? = nil, requested: String? = nil, now: Date = Date()) throws -> ReleaseManifest {
        let previous = try previousRelease(before: head)
        let spec = workspace.specPath
        let current = try specFacts(at: head)
        let before = try previous.map { previous throws(GitError) in try specFacts(at: previous.commit) }

        let notes = previous.map { ["judging since release tag \($0.name)"] }
            ?? ["no release tag matching '\(workspace.configuration.detect.releaseTagPattern.pattern)'; judging all history"]
        let verdict = try DetectService(workspace: workspace).detector.judge(
            base: previous?.commit, head: head, baseSource: previous == nil ? .root : .tag, baseTag: previous?.name, notes: notes)

        let branch = repository.currentBranch
        let remote = try branch.flatMap { branch throws(GitError) in try repository.upstreamRemote(ofBranch: branch) }
            ?? repository.remote(named: "origin")
        let git = ReleaseManifest.Git(
            commit: head, branch: branch, tag: try tag ?? releaseTag(at: head), remoteURL: remote?.url,
            base: previous?.commit, baseTag: previous?.name)
        let version = ReleaseManifest.Version(
            marketing: current?.marketing, build: current?.build,
            previousMarketing: before??.marketing, previousBuild: before??.build)
        let name = current?.name ?? repository.rootDirectory.standardizedFileURL.lastPathComponent
        return ReleaseManifest(
            project: .init(name: name, spec: current == nil ? nil : spec),
            version: version, git: git,
            trigger: .init(verdict: verdict, requested: requested),
            commits: verdict.commits.map(ReleaseManifest.CommitEntry.init),
            createdAt: now)
    }

    /// What the spec says at `commit`, or `nil` when the commit has no spec.
    func specFacts(at commit: OID) throws(GitError) -> SpecVersionReader? {
        guard let bytes = try repository.fileContents(at: workspace.specPath, in: commit) else { return nil }
        return SpecVersionReader(bytes: bytes, path: workspace.specPath)
    }
}
