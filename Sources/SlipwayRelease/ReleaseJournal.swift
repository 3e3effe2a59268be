import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwayPipeline
import SlipwayVersioning
import SlipwayWorkspace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A release's plan and progress, written to `.git/slipway/release-journal` before its first effect and after every
/// step (atomically, fsync'd), so a release killed at any moment can be finished (`--continue`) or undone
/// (`--abort`) from exactly what it planned. The steps are the plan's own: nothing is worked out again.
struct ReleaseJournal: Codable {
    /// The journal format this Slipway writes and reads; another is refused, never guessed at.
    static let currentFormat = 1
    var format = ReleaseJournal.currentFormat
    /// The working tree's real path when the release started, so a moved checkout's paths can be rebased; every
    /// other path is repository-relative or rebased from this one. Optional: older journals have none.
    var root: String?
    /// The git common folder's identity (device and inode): a copy of the checkout has another, so its journal is
    /// refused there instead of acting on the original's files; a checkout moved on its disk keeps it.
    var repository: String?
    /// The command that started the release, for `--status`.
    var command: String
    var startedAt: Date
    /// The commit the release is made from, and its branch (`nil` on a detached HEAD).
    var head: String
    var branch: String?
    var project: String
    var requested: String?
    var previousVersion: String?
    var previousBuild: String?
    var version: String
    var build: String?
    var tag: String
    /// Every tag the release makes when apps that share one version are released together (`nil`: `tag` alone).
    /// Optional: a journal written before shared releases has none.
    var tags: [String]?
    var apps: [String]?
    var specFiles: [String]
    var artifactPatterns: [String]
    var manifestTemplate: ReleaseTemplate
    var inToto: Bool
    var commitMessage: String
    var tagMessage: String
    var push: ReleasePlan.Push?
    var steps: [ReleaseStep]
    /// How many steps have completed, in order.
    var completed = 0
    /// The stages' results so far.
    var results: [StageResult] = []
    /// The release commit, once made.
    var releaseCommit: String?
    /// The files the manifest step wrote, repository-relative, for `--abort`.
    var manifestFiles: [String] = []
    /// The process group of every stage program started, recorded before Slipway waits on it, so `--continue` and
    /// `--abort` can end what outlived a crash (a program a stage left in the background). Optional: a journal
    /// written before groups were recorded has none.
    var stageGroups: [StageGroup]?

    struct StageGroup: Codable, Equatable {
        var stage: String
        var group: Int32
    }

    /// Set just before `git push` runs: from then on the release may be on the remote, so `--abort` asks the remote
    /// before it undoes anything. Optional: a journal written before pushes were recorded has none.
    var pushStarted: PushStart?

    struct PushStart: Codable, Equatable {
        var startedAt: Date
        /// The `git push` process, once started: a Slipway killed while it ran leaves it running.
        var pid: Int32?
    }

    /// The position of the push step, when the release pushes.
    var pushIndex: Int? {
        steps.firstIndex { if case .push = $0 { true } else { false } }
    }

    /// Whether the push step completed: the release is on the remote.
    var pushed: Bool {
        pushIndex.map { completed > $0 } ?? false
    }

    /// The after-push stages' results so far (`ReleaseJournal+AfterPush`); `nil` until they start.
    var afterPushResults: [StageResult]?

    init(plan: ReleasePlan, command: String, root: URL? = nil, repository: Repository? = nil, startedAt: Date = Date())
    {
        self.root = root.map { RealPath.resolve($0.path) }
        self.repository = repository.flatMap { Self.identity(of: $0) }
        self.command = command
        self.startedAt = startedAt
        head = plan.head.hex
        branch = plan.branch
        project = plan.draft.project.name
        requested = plan.draft.trigger?.requested
        previousVersion = plan.previousVersion
        previousBuild = plan.previousBuild
        version = plan.version
        build = plan.build
        tag = plan.tag
        tags = plan.tags == [plan.tag] ? nil : plan.tags
        apps = plan.apps.isEmpty ? nil : plan.apps
        specFiles = plan.specFiles
        artifactPatterns = plan.artifactPatterns
        manifestTemplate = plan.manifestTemplate
        inToto = plan.inToto
        commitMessage = plan.commitMessage
        tagMessage = plan.tagMessage
        push = plan.push
        steps = plan.steps
    }

    /// Every tag the release makes, in order.
    var allTags: [String] { tags ?? [tag] }

    /// The spec files' old and new bytes, from the plan's first step.
    var specUpdates: [BumpPlan.FileUpdate] {
        for step in steps {
            if case .writeSpecFiles(let files) = step { return files }
        }
        return []
    }

    /// The plan again, with `draft` as the manifest's starting point.
    func plan(draft: ReleaseManifest) throws -> ReleasePlan {
        guard let head = OID(hex: head) else {
            throw Failure("the release journal names no commit to release from", hint: "undo it with --abort")
        }
        var stages = StagePlan(stages: [], origin: .configuration(Configuration.fileName))
        var environment = StageEnvironment(root: "", outputDirectory: "")
        for step in steps {
            switch step {
            // With --skip-stages, a committed project's `generate` stage runs before the others are skipped.
            case .runStages(let planned, let values):
                stages.stages += planned
                environment = values
            case .skipStages(let planned): stages.stages += planned
            default: break
            }
        }
        return ReleasePlan(
            head: head, branch: branch, bump: BumpPlan(spec: specFiles.first ?? "", files: specUpdates),
            previousVersion: previousVersion, previousBuild: previousBuild, version: version, build: build,
            specFiles: specFiles, stages: stages,
            skipStages: steps.contains { if case .skipStages = $0 { true } else { false } },
            stageEnvironment: environment, commitMessage: commitMessage, tagMessage: tagMessage,
            author: commitIdentities.author, committer: commitIdentities.committer, tag: tag,
            tags: allTags, apps: apps ?? [], artifactPatterns: artifactPatterns, manifestTemplate: manifestTemplate,
            inToto: inToto, push: push,
            draft: draft, steps: steps)
    }

    private var commitIdentities: (author: Identity, committer: Identity) {
        for step in steps {
            if case .commit(_, _, let author, let committer) = step { return (author, committer) }
        }
        let nobody = Identity(name: "", email: "", date: startedAt, timeZoneOffsetMinutes: 0)
        return (nobody, nobody)
    }

    // MARK: The file

    /// The journal of `repository`, its paths rebased onto `root` when the checkout moved; `nil` when none is
    /// pending. Refuses a journal that is not a regular file, has a format this Slipway does not know, or belongs to
    /// another repository (a copy of the checkout carries the original's journal in its `.git`).
    static func read(in repository: Repository, root: URL) throws -> ReleaseJournal? {
        let url = ReleaseJournalFile.url(in: repository)
        return try read(
            url, in: repository, root: root, name: "the release journal",
            byHand: "finish the release by hand ('git status', 'git log -1'), then remove \(url.path)",
            withWriter: "run 'slipway release continue' or 'slipway release abort' with the slipway that wrote it",
            inOriginal: "run 'slipway release continue' or 'slipway release abort' in that checkout")
    }

    /// The after-push journal (`ReleaseExecutor+AfterPush`), read under the same rules as the release journal.
    static func readAfterPush(in repository: Repository, root: URL) throws -> ReleaseJournal? {
        let url = ReleaseExecutor.afterPushJournalURL(in: repository)
        return try read(
            url, in: repository, root: root, name: "the after-push journal",
            byHand: "run the upload by hand ('slipway testflight upload …'), then remove \(url.path)",
            withWriter: "run '\(ReleaseExecutor.retryCommand)' with the slipway that wrote it",
            inOriginal: "run '\(ReleaseExecutor.retryCommand)' in that checkout")
    }

    private static func read(
        _ url: URL, in repository: Repository, root: URL, name: String, byHand: String, withWriter: String,
        inOriginal: String
    ) throws -> ReleaseJournal? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let type = info.st_mode & S_IFMT
            let kind = type == S_IFDIR ? "a folder" : type == S_IFLNK ? "a symbolic link" : "a special file"
            throw Failure(
                "\(name) \(url.path) is \(kind), not a journal Slipway wrote; every writer refuses "
                    + "while it is there", hint: "look at it, then \(byHand)")
        }
        let bytes: [UInt8]?
        do {
            bytes = try BoundedFile.read(url.path)
        } catch {
            throw Failure("\(name) \(url.path) cannot be read: it is \(error.reason)", hint: byHand)
        }
        guard let bytes else { return nil }
        let unreadable = Failure(
            "\(name) \(url.path) cannot be read: it is not a journal this slipway wrote",
            hint: "look at it, then \(byHand)")
        struct Header: Decodable { var format: Int? }
        guard let header = try? JSON.decode(Header.self, from: Data(bytes)) else { throw unreadable }
        guard header.format == currentFormat else {
            throw Failure(
                "\(name) \(url.path) has format \(header.format.map(String.init) ?? "none"), which this "
                    + "slipway (format \(currentFormat)) does not know, so it does not act on it",
                hint: "\(withWriter), or \(byHand)", exitStatus: .badInput)
        }
        guard var journal = try? JSON.decode(ReleaseJournal.self, from: Data(bytes)) else { throw unreadable }
        if let owner = journal.repository, let identity = identity(of: repository), owner != identity {
            throw Failure(
                "\(name) \(url.path) belongs to another repository"
                    + (journal.root.map { " (the checkout at \($0))" } ?? "")
                    + ": this checkout is a copy of it, and its pending release is not this one's",
                hint: "\(inOriginal); if this copy has nothing of its own pending, remove \(url.path)",
                exitStatus: .badInput)
        }
        let here = RealPath.resolve(root.path)
        if let old = journal.root, old != here { journal.rebase(from: old, to: here) }
        return journal
    }

    /// The git common folder's device and inode, as text.
    static func identity(of repository: Repository) -> String? {
        var info = stat()
        guard stat(repository.commonDirectory.path, &info) == 0 else { return nil }
        return "\(UInt64(truncatingIfNeeded: info.st_dev)):\(UInt64(truncatingIfNeeded: info.st_ino))"
    }

    /// Moves every absolute path the journal holds from the checkout's old place to its new one.
    mutating func rebase(from old: String, to new: String) {
        func moved(_ path: String) -> String {
            path == old ? new : path.hasPrefix(old + "/") ? new + path.dropFirst(old.count) : path
        }
        func moved(_ values: StageEnvironment) -> StageEnvironment {
            var values = values
            values.root = moved(values.root)
            values.outputDirectory = moved(values.outputDirectory)
            return values
        }
        steps = steps.map { step in
            switch step {
            case .writeSpecFiles(let files):
                return .writeSpecFiles(
                    files.map { file in
                        var file = file
                        file.url = URL(fileURLWithPath: new).appendingPathComponent(file.rootRelativePath)
                        return file
                    })
            case .runStages(let stages, let values): return .runStages(stages, environment: moved(values))
            case .runAfterPushStages(let stages, let values):
                return .runAfterPushStages(stages, environment: moved(values))
            default: return step
            }
        }
        root = new
    }

    /// Replaces the journal atomically (a temporary file, fsync'd, renamed over it, the folder synced).
    func write(in repository: Repository) throws {
        let url = ReleaseJournalFile.url(in: repository)
        try FileSystem.createFolder(url.deletingLastPathComponent().path, shownAs: ".git/slipway")
        try AtomicFileWriter.replace(url.path, with: Array(try JSON(encoding: self).pretty().utf8))
    }

    static func remove(in repository: Repository) {
        // A journal that cannot be removed is found by the next writer, which refuses and names --abort.
        unlink(ReleaseJournalFile.url(in: repository).path)
    }
}
