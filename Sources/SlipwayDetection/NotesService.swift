import SlipwayCore
import SlipwayGit
import SlipwayWorkspace

/// `slipway notes`: the release notes of a range, by default the commits since the previous release.
public struct NotesService {
    public let workspace: Workspace

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The notes of `range` (`a..b`, or a revision for all its history); `nil`: since the release before HEAD,
    /// as `ReleaseHistory` decides.
    public func notes(range text: String?) throws -> ReleaseNotes {
        let repository = try workspace.requireRepository()
        let base: OID?
        let head: OID
        var since: String?
        if let text {
            let range = try RevisionRange.parse(text, in: repository)
            (base, head) = (range.base, range.head)
            if let base {
                since = try ReleaseHistory(repository: repository, configuration: workspace.configuration).releaseTag(
                    at: base)
            }
        } else {
            head = try repository.resolveCommit("HEAD")
            let range = try ReleaseHistory(repository: repository, configuration: workspace.configuration)
                .rangeSincePreviousRelease(head: head)
            (base, since) = (range.base, range.tag)
        }
        var commits = try repository.commits(from: head, excluding: base.map { [$0] } ?? [])
        if let scope = DetectService.appFiles(of: workspace) {
            // One app of several: a commit that changes only files other apps alone compile is theirs.
            // One differ for the walk: it keeps the trees one comparison reads for the next ones.
            let differ = TreeDiffer(repository: repository)
            commits = try commits.filter { try NotesService.concerns($0, scope, differ: differ, in: repository) }
        }
        let configuration = workspace.configuration
        commits = commits.filter { !configuration.notes.excludes(name: $0.author.name, email: $0.author.email) }
        return ReleaseNotes(
            commits: commits, skipTags: configuration.detect.skipTags, tags: configuration.detect.tags, since: since,
            head: head)
    }

    /// Whether `commit` is the app's: it changes a file the app compiles or no other app alone compiles (the
    /// spec, shared code, docs), or nothing at all. Merges are left out of the notes anyway.
    static func concerns(
        _ commit: Commit, _ scope: any AppFileScope, differ: TreeDiffer, in repository: Repository
    ) throws(GitError) -> Bool {
        guard !commit.isMerge else { return true }
        let parentTree = try commit.parents.first.map { parent throws(GitError) in try repository.treeID(of: parent) }
        let files = try differ.changes(fromTree: parentTree, toTree: commit.treeID)
        return files.isEmpty || files.contains { $0.paths.contains(where: scope.concerns) }
    }

    public func run(range: String?, format: ReleaseNotes.Format, maxBytes: Int, console: Console) throws
        -> ExitStatus
    {
        let notes = try notes(range: range)
        switch format {
        case .text: console.out(notes.text(maxBytes: maxBytes))
        case .markdown: console.out(notes.markdown(maxBytes: maxBytes))
        case .json: console.out(notes.json.compact() + "\n")
        }
        if notes.isEmpty, format != .json {
            let scope = notes.since.map { "since \($0)" } ?? "in this history"
            console.err("No commits for the notes \(scope).\n")
        }
        return .success
    }
}
