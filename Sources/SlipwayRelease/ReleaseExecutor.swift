import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayHistory
import SlipwayPipeline
import SlipwaySpec
import SlipwayVersioning
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Carries out a `ReleasePlan`: bump, stages, artifacts, commit, tag, manifest, push.
///
/// Up to the commit every step can be undone, and is when one fails (or Ctrl-C arrives): the spec files get their
/// bytes back, no commit or tag is made, and a manifest with status `failed` records what happened. From the
/// commit on, nothing is undone: a failure says what exists and the commands that finish the release by hand.
struct ReleaseExecutor {
    let workspace: Workspace
    let environment: [String: String]
    let runner: StageRunner
    let console: Console
    let currentDirectory: URL

    private var repository: Repository { workspace.repository }

    func run(_ plan: ReleasePlan) throws -> ExitStatus {
        // Ctrl-C and SIGTERM become requests, so a release stops where it can still put everything back.
        let cancellation = CancellationSignal()
        let trap = SignalTrap(forwardingTo: cancellation)
        defer { trap.release() }

        console.out("Releasing \(plan.draft.project.name) \(plan.previousVersionText) -> \(plan.versionText) from "
                    + "\(plan.head.short)\(plan.branch.map { " on \($0)" } ?? "")\n")
        console.flush()

        // 1. Bump: all spec files or none.
        let context = SpecContext(workspace: workspace, currentDirectory: currentDirectory, environment: environment)
        let backup: AtomicFileWriter.Backup
        do {
            backup = try BumpService(context: context).apply(plan.bump)
        } catch {
            throw abandon(plan, backup: nil, results: [], stage: nil, reason: ReleaseExecutor.describe(error))
        }
        console.out("Bumped \(plan.specFiles.joined(separator: ", ")): \(plan.previousVersionText) -> \(plan.versionText)\n")
        console.flush()

        // 2. Stages, with the new versions in their environment and in the spec on disk.
        let results: [StageResult]
        if plan.skipStages {
            results = plan.stages.stages.map {
                StageResult(name: $0.name, command: $0.displayCommand, status: .skipped, detail: "--skip-stages")
            }
            console.out("Stages skipped (--skip-stages).\n")
        } else {
            let output = OutputFolder(root: workspace.root)
            do {
                try output.prepare()
            } catch {
                throw abandon(plan, backup: backup, results: [], stage: nil, reason: error.message)
            }
            let options = StageRunner.Options(root: workspace.root, logDirectory: output.logs, baseEnvironment: environment)
            let style = ReporterStyle.detect(environment: environment, outputIsTerminal: console.isOutputTerminal)
            let reporter = ConsoleStageReporter(style: style, console: console, logFolder: OutputFolder.name + "/logs")
            let report = runner.run(plan.stages.stages, environment: plan.stageEnvironment, options: options,
                                    reporter: reporter, cancellation: cancellation)
            if let failed = report.failed {
                throw abandon(plan, backup: backup, results: report.results, stage: failed.name,
                              reason: StageFailure(result: failed).message, log: failed.logPath)
            }
            if let signal = report.interruption {
                let stage = report.results.first { $0.status == .cancelled }
                throw abandon(plan, backup: backup, results: report.results, stage: stage?.name,
                              reason: "interrupted by \(ProcessFailure.signalName(signal))", status: ReleaseExecutor.status(after: signal))
            }
            results = report.results
        }

        // 3. Artifacts: a release without the files it promised is not a release.
        let artifacts: [ReleaseManifest.Artifact]
        do {
            artifacts = try ArtifactCollector(root: workspace.root).collect(plan.artifactPatterns)
        } catch {
            throw abandon(plan, backup: backup, results: results, stage: nil, reason: ReleaseExecutor.describe(error))
        }
        if let signal = cancellation.signal {
            throw abandon(plan, backup: backup, results: results, stage: nil,
                          reason: "interrupted by \(ProcessFailure.signalName(signal))", status: ReleaseExecutor.status(after: signal))
        }

        // 4. Commit the spec files alone. From here on nothing is undone.
        let commit: OID
        let committer: Identity
        do {
            let author = try repository.identity(.author, environment: environment)
            committer = try repository.identity(.committer, environment: environment)
            commit = try commitSpec(plan, author: author, committer: committer)
        } catch {
            throw abandon(plan, backup: backup, results: results, stage: nil, reason: ReleaseExecutor.describe(error))
        }
        let subject = plan.commitMessage.split(separator: "\n").first.map(String.init) ?? ""
        console.out("Committed \(commit.short) \(plan.branch.map { "on \($0)" } ?? "(detached HEAD)"): \(subject)\n")

        // 5. Tag.
        do {
            try repository.createAnnotatedTag(named: plan.tag, at: commit, message: plan.tagMessage, tagger: committer)
        } catch {
            throw ReleaseExecutor.incomplete(
                "the release commit \(commit.short) was made, but creating the tag \(plan.tag) failed: \(ReleaseExecutor.describe(error))",
                finish: ["git tag -a \(Shell.quote(plan.tag)) \(commit.short) -m \(Shell.quote(plan.tagMessage))",
                         "slipway manifest" + plan.artifactPatterns.map { " --artifact \(Shell.quote($0))" }.joined()]
                    + (plan.push.map { [Shell.quote(["git"] + $0.arguments)] } ?? []))
        }
        console.out("Tagged \(plan.tag)\n")

        // 6. The manifest of the release commit. The trigger is the verdict that started the release, judged
        // before the release commit (whose version bump would otherwise count as a build-configuration change).
        let written: ManifestWriter.Written
        var manifest: ReleaseManifest
        do {
            manifest = try ManifestAssembler(workspace: workspace).manifest(head: commit, releaseTag: .named(plan.tag))
            manifest.trigger = plan.draft.trigger
            // What the release made, even where the spec keeps the versions in a file it includes.
            manifest.version.marketing = plan.version
            manifest.version.build = plan.build
            manifest.stages = results
            manifest.artifacts = artifacts
            let writer = ManifestWriter(root: workspace.root, environment: environment)
            written = try writer.write(manifest, to: writer.defaultURL(plan.manifestTemplate, for: manifest), inToto: plan.inToto)
        } catch {
            throw ReleaseExecutor.incomplete(
                "the release commit \(commit.short) and the tag \(plan.tag) were made, but writing the manifest failed: \(ReleaseExecutor.describe(error))",
                finish: ["slipway manifest" + plan.artifactPatterns.map { " --artifact \(Shell.quote($0))" }.joined() + (plan.inToto ? " --in-toto" : "")]
                    + (plan.push.map { [Shell.quote(["git"] + $0.arguments)] } ?? []))
        }
        let summary = ManifestService.summary(manifest, written, root: workspace.root)

        // 7. Push the branch and the tag together (`--atomic`).
        if let push = plan.push {
            console.out("Pushing \(push.branch) and \(plan.tag) to \(push.remote.name) (\(push.remote.url))\n")
            console.flush()
            do {
                try repository.push(branch: push.branch, tag: plan.tag, remote: push.remote.name, environment: environment)
            } catch {
                console.out(summary)
                throw ReleaseExecutor.incomplete(
                    "the release \(plan.versionText) was committed (\(commit.short)), tagged \(plan.tag) and recorded, but pushing failed: \(ReleaseExecutor.describe(error))",
                    finish: [Shell.quote(["git"] + push.arguments)])
            }
            console.out("Pushed \(push.branch) and \(plan.tag) to \(push.remote.name)\n")
        }
        console.out(summary)
        return .success
    }

    /// Commits the spec files; a commit whose index could not be refreshed still stands, so the release goes on.
    private func commitSpec(_ plan: ReleasePlan, author: Identity, committer: Identity) throws -> OID {
        do {
            return try repository.commit(paths: plan.specFiles, message: plan.commitMessage, author: author, committer: committer)
        } catch .indexNotUpdated(let short, let detail) {
            console.err("warning: committed \(short), but the index could not be refreshed: \(detail)\n"
                        + "hint: 'git reset -q -- \(plan.specFiles.joined(separator: " "))' brings it up to date\n")
            return try repository.resolveCommit("HEAD")
        }
    }

    /// Undoes the bump, records the failed release in a manifest, and returns the error to report.
    private func abandon(_ plan: ReleasePlan, backup: AtomicFileWriter.Backup?, results: [StageResult], stage: String?,
                         reason: String, log: String? = nil, status: ExitStatus = .negative) -> Failure {
        var notes: [String] = []
        if let log { notes.append("the stage's full output is in \(log)") }
        if let backup {
            do {
                try backup.restore()
                notes.append("\(plan.specFiles.joined(separator: ", ")) \(plan.specFiles.count == 1 ? "is" : "are") back as \(plan.specFiles.count == 1 ? "it was" : "they were"), byte for byte; nothing was committed or tagged")
            } catch {
                notes.append("\(plan.specFiles.joined(separator: ", ")) could not be put back (\(error.message)); "
                             + "restore with 'git checkout HEAD -- \(plan.specFiles.joined(separator: " "))'; nothing was committed or tagged")
            }
        } else {
            notes.append("no file was changed; nothing was committed or tagged")
        }
        var manifest = plan.draft
        manifest.stages = results
        manifest.fail(stage: stage, message: reason)
        manifest.createdAt = Date()
        do {
            let writer = ManifestWriter(root: workspace.root, environment: environment)
            let written = try writer.write(manifest, to: writer.defaultURL(plan.manifestTemplate, for: manifest), inToto: false)
            console.out("Release \(plan.versionText) failed; recorded in:\n" + ManifestService.summary(manifest, written, root: workspace.root))
            notes.append("the failure is recorded in \(ManifestService.display(written.manifest, root: workspace.root))")
        } catch {
            notes.append("the failure could not be recorded in a manifest: \(ReleaseExecutor.describe(error))")
        }
        return Failure("release \(plan.versionText) failed: \(reason)", hint: notes.joined(separator: "\n      "), exitStatus: status)
    }

    /// A failure after the release commit: what exists, and the commands that finish the release by hand.
    private static func incomplete(_ what: String, finish commands: [String]) -> Failure {
        Failure(what, hint: "nothing was undone; to finish by hand, from the repository root:\n"
                + commands.map { "        " + $0 }.joined(separator: "\n"), exitStatus: .negative)
    }

    static func describe(_ error: Error) -> String {
        (error as? SlipwayError)?.message ?? String(describing: error)
    }

    /// 130 after SIGINT, 143 after SIGTERM, as shells report a process the signal ended.
    static func status(after signal: Int32) -> ExitStatus {
        signal == SIGINT ? .interrupted : .terminated
    }
}
