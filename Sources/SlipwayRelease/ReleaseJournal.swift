import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwayPipeline
import SlipwayVersioning
import SlipwayWorkspace

/// A release's plan and progress, written to `.git/slipway/release-journal` before its first effect and after every
/// step (atomically, fsync'd), so a release killed at any moment can be finished (`--continue`) or undone
/// (`--abort`) from exactly what it planned. The steps are the plan's own: nothing is worked out again.
struct ReleaseJournal: Codable {
    var format = 1
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

    /// The after-push stages' results so far (`ReleaseJournal+AfterPush`); `nil` until they start.
    var afterPushResults: [StageResult]?

    init(plan: ReleasePlan, command: String, startedAt: Date = Date()) {
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
        specFiles = plan.specFiles
        artifactPatterns = plan.artifactPatterns
        manifestTemplate = plan.manifestTemplate
        inToto = plan.inToto
        commitMessage = plan.commitMessage
        tagMessage = plan.tagMessage
        push = plan.push
        steps = plan.steps
    }

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
            artifactPatterns: artifactPatterns, manifestTemplate: manifestTemplate, inToto: inToto, push: push,
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

    static func read(in repository: Repository) throws -> ReleaseJournal? {
        let url = ReleaseJournalFile.url(in: repository)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        do {
            return try JSON.decode(ReleaseJournal.self, from: data)
        } catch {
            throw Failure(
                "the release journal \(url.path) cannot be read: it is not a journal this slipway wrote",
                hint: "look at it, finish the release by hand ('git status', 'git log -1'), then remove the file")
        }
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
