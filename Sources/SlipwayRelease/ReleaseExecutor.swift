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

/// Carries out the steps of a `ReleasePlan`, in order, and nothing else: it reads no input the planner already
/// read, so the dry run's plan is exactly what happens.
///
/// Before the first step the plan goes into the release journal, and each step's completion after it, so a release
/// killed at any moment can be finished (`--continue`, which resumes here with `resuming`) or undone (`--abort`).
/// Up to the commit every step can be undone, and is when one fails (or Ctrl-C arrives): the spec files get their
/// bytes back, no commit or tag is made, and a manifest with status `failed` records what happened. From the
/// commit on, nothing is undone: a failure says what exists, and `--continue` finishes the release.
struct ReleaseExecutor {
    let workspace: Workspace
    let repository: Repository
    let runner: StageRunner
    let console: Console

    var environment: [String: String] { workspace.environment }

    /// ` (app holder)` when `apps:` lists several, so the progress line says which one is released.
    func appName(_ plan: ReleasePlan) -> String {
        if plan.apps.count > 1 { return " (apps \(plan.apps.joined(separator: ", ")))" }
        guard workspace.configuration.apps.count > 1, let app = workspace.configuration.selectedApp else { return "" }
        return " (app \(app.name))"
    }

    /// What the steps carried out so far left behind.
    struct Progress {
        var backup: AtomicFileWriter.Backup?
        var results: [StageResult] = []
        var artifacts: [ReleaseManifest.Artifact] = []
        var commit: OID?
        var summary: String?
        /// The files the manifest step wrote, repository-relative.
        var manifestFiles: [String] = []
        /// Steps that find their work already done (a resumed release) skip it.
        var resuming = false
        /// The journal as of the step being carried out (the stages record each one that passes).
        var journal: ReleaseJournal?
        /// The stages' process groups, as the journal records them.
        var stageGroups: [ReleaseJournal.StageGroup]?
    }

    func run(_ plan: ReleasePlan, journal initial: ReleaseJournal, progress start: Progress = Progress()) throws
        -> ExitStatus
    {
        // Ctrl-C and SIGTERM become requests, so a release stops where it can still put everything back.
        let cancellation = CancellationSignal()
        let trap = SignalTrap(forwardingTo: cancellation)
        defer { trap.release() }

        var journal = initial
        var progress = start
        if !progress.resuming {
            console.out(
                "Releasing \(plan.draft.project.name)\(appName(plan)) \(plan.previousVersionText) -> \(plan.versionText) from "
                    + "\(plan.head.short)\(plan.branch.map { " on \($0)" } ?? "")\n")
            try journal.write(in: repository)
        }
        console.flush()
        for (index, step) in plan.steps.enumerated() where index >= journal.completed {
            if case .runAfterPushStages(let stages, let values) = step {
                journal.completed = index
                return try handOffAfterPush(
                    stages, environment: values, plan: plan, journal: journal, progress: progress,
                    cancellation: cancellation)
            }
            progress.journal = journal
            try perform(step, of: plan, progress: &progress, cancellation: cancellation)
            journal.completed = index + 1
            journal.results = progress.results
            journal.releaseCommit = progress.commit?.hex
            journal.manifestFiles = progress.manifestFiles
            journal.stageGroups = progress.stageGroups
            journal.pushStarted = progress.journal?.pushStarted ?? journal.pushStarted
            try journal.write(in: repository)
            console.flush()
            stopIfTestAsks(afterStep: index + 1)
        }
        ReleaseJournal.remove(in: repository)
        if let summary = progress.summary {
            console.out(summary)
        } else if let commit = progress.commit {
            console.out("Released \(plan.versionText): \(commit.short) tagged \(plan.tagsText)\n")
        }
        return .success
    }

    /// Tests only: `SLIPWAY_TEST_KILL_AFTER_STEP=<n>` makes the release kill itself with SIGKILL right after step n
    /// is journaled, so `--continue` and `--abort` are tested after a real crash at every step boundary.
    private func stopIfTestAsks(afterStep number: Int) {
        guard environment["SLIPWAY_TEST_KILL_AFTER_STEP"] == String(number) else { return }
        kill(getpid(), SIGKILL)
    }

    private func perform(
        _ step: ReleaseStep, of plan: ReleasePlan, progress: inout Progress, cancellation: CancellationSignal
    ) throws {
        switch step {
        case .writeSpecFiles(let files):
            do {
                progress.backup = try writeSpecFiles(files, resuming: progress.resuming)
            } catch {
                throw abandon(plan, progress, stage: nil, reason: ReleaseExecutor.describe(error))
            }
            console.out(
                "Bumped \(plan.specFiles.joined(separator: ", ")): \(plan.previousVersionText) -> \(plan.versionText)\n"
            )
        case .runStages(let stages, let values):
            try runStages(stages, environment: values, plan: plan, progress: &progress, cancellation: cancellation)
        case .skipStages(let stages):
            // After a committed project's `generate` stage, when it ran (`ReleasePlan.steps`).
            let skipped = Set(stages.map(\.name))
            let ran = progress.results.filter { !skipped.contains($0.name) }
            progress.results =
                ran
                + stages.map {
                    StageResult(name: $0.name, command: $0.displayCommand, status: .skipped, detail: "--skip-stages")
                }
            console.out("\(ran.isEmpty ? "Stages" : "The other stages") skipped (--skip-stages).\n")
        case .collectArtifacts(let patterns):
            // A release without the files it promised is not a release.
            do {
                progress.artifacts = try ArtifactCollector(repository: repository).collect(patterns)
            } catch {
                throw abandon(plan, progress, stage: nil, reason: ReleaseExecutor.describe(error))
            }
            if let signal = cancellation.signal {
                throw abandon(
                    plan, progress, stage: nil, reason: "interrupted by \(ProcessFailure.signalName(signal))",
                    status: ReleaseExecutor.status(after: signal))
            }
        case .commit(let paths, let message, let author, let committer):
            // Someone may have edited a spec file while the stages ran (`slipway bump --set` in another terminal is
            // refused by the lock, an editor is not): commit only the bytes the release wrote.
            if let edited = plan.bump.files.first(where: { !ReleaseExecutor.holds($0.updated, $0.url) }) {
                throw abandon(
                    plan, progress, stage: nil,
                    reason: "\(edited.displayPath) changed after the release wrote it, so it is not what the release "
                        + "would commit; your edit is left as it is")
            }
            let adopted = progress.resuming ? try adoptedCommit(plan, message: message) : nil
            // A commit made on the branch while the stages ran (`git commit -a` picks up the bumped spec): the
            // release stops, and leaves the files alone, since putting them back would undo part of that commit.
            // (A HEAD that cannot be read is left to the commit itself to report.)
            if adopted == nil, let moved = try? repository.resolveCommit("HEAD"), moved != plan.head {
                throw abandon(
                    plan, progress, stage: nil, keepingFiles: true,
                    reason: "HEAD moved from \(plan.head.short) to \(moved.short) while the release ran (a commit "
                        + "made meanwhile), so the release commit would not follow the commit it was planned on")
            }
            do {
                progress.commit =
                    try adopted ?? commit(paths, message: message, author: author, committer: committer)
            } catch {
                throw abandon(plan, progress, stage: nil, reason: ReleaseExecutor.describe(error))
            }
            let subject = message.split(separator: "\n").first.map(String.init) ?? ""
            let on = plan.branch.map { "on \($0)" } ?? "(detached HEAD)"
            console.out("Committed \(progress.commit?.short ?? "") \(on): \(subject)\n")
        case .tag(let name, let message, let tagger):
            try tag(name, message: message, tagger: tagger, plan: plan, progress: progress)
        case .writeManifest(let template, let inToto):
            progress.summary = try writeManifest(plan, template: template, inToto: inToto, progress: &progress)
        case .push(let push):
            try self.push(push, plan: plan, progress: &progress)
        case .runAfterPushStages:
            break // `run` hands these to the after-push journal before they start.
        }
    }

    private func runStages(
        _ stages: [Stage], environment values: StageEnvironment, plan: ReleasePlan, progress: inout Progress,
        cancellation: CancellationSignal
    ) throws {
        let output = OutputFolder(root: workspace.root)
        do {
            try output.prepare()
        } catch {
            throw abandon(plan, progress, stage: nil, reason: error.message)
        }
        let options = StageRunner.Options(root: workspace.root, logDirectory: output.logs, baseEnvironment: environment)
        let style = ReporterStyle.detect(environment: environment, outputIsTerminal: console.isOutputTerminal)
        let console = ConsoleStageReporter(style: style, console: self.console, logFolder: OutputFolder.name + "/logs")
        // A resumed release runs the stages from the one that did not pass (a crash stopped it halfway).
        let passed = progress.results.filter { $0.status == .passed }
        let reporter: StageReporter =
            progress.journal.map {
                JournalingStageReporter(wrapping: console, journal: $0, repository: repository, earlier: passed)
            } ?? console
        let remaining = stages.filter { stage in !passed.contains { $0.name == stage.name } }
        let report = runner.run(
            remaining, environment: values, options: options, reporter: reporter, cancellation: cancellation)
        progress.results = passed + report.results
        if let journaling = reporter as? JournalingStageReporter { progress.stageGroups = journaling.stageGroups }
        if let failed = report.failed {
            throw abandon(
                plan, progress, stage: failed.name, reason: StageFailure(result: failed).message, log: failed.logPath)
        }
        if let signal = report.interruption {
            let stage = report.results.first { $0.status == .cancelled }
            throw abandon(
                plan, progress, stage: stage?.name, reason: "interrupted by \(ProcessFailure.signalName(signal))",
                status: ReleaseExecutor.status(after: signal))
        }
    }

    /// Commits the spec files; a commit whose index could not be refreshed still stands, so the release goes on.
    private func commit(_ paths: [String], message: String, author: Identity, committer: Identity) throws -> OID {
        do {
            // No paths: a version the spec already holds, released with CI's build number (`version.buildNumberFrom`).
            return try repository.commit(
                paths: paths, message: message, author: author, committer: committer, allowEmpty: paths.isEmpty)
        } catch .indexNotUpdated(let short, let detail) {
            console.err(
                "warning: committed \(short), but the index could not be refreshed: \(detail)\n"
                    + "hint: 'git reset -q -- \(paths.joined(separator: " "))' brings it up to date\n")
            return try repository.resolveCommit("HEAD")
        }
    }

    private func tag(_ name: String, message: String, tagger: Identity, plan: ReleasePlan, progress: Progress) throws {
        let commit = try ReleaseExecutor.releaseCommit(progress)
        if progress.resuming, try repository.tagTarget(named: name) == commit {
            console.out("Tagged \(name) (before the interruption)\n")
            return
        }
        do {
            try repository.createAnnotatedTag(named: name, at: commit, message: message, tagger: tagger)
        } catch {
            throw ReleaseExecutor.incomplete(
                "the release commit \(commit.short) was made and recorded, but creating the tag \(name) failed: "
                    + ReleaseExecutor.describe(error),
                finish: ["git tag -a \(Shell.quote(name)) \(commit.short) -m \(Shell.quote(message))"]
                    + ReleaseExecutor.pushCommand(plan))
        }
        console.out("Tagged \(name)\n")
    }

    /// The manifest of the release commit: the plan's draft (the verdict that started the release, judged before
    /// the release commit, whose bump would otherwise count as a build-configuration change, and the commits since
    /// the previous release) with the commit, the tag, the versions the release made, its stages and artifacts.
    private func writeManifest(
        _ plan: ReleasePlan, template: ReleaseTemplate, inToto: Bool, progress: inout Progress
    ) throws -> String {
        let commit = try ReleaseExecutor.releaseCommit(progress)
        var manifest = plan.draft
        manifest.git.commit = commit
        manifest.git.tag = plan.tag
        manifest.git.tags = plan.tags.count > 1 ? plan.tags : nil
        manifest.version.marketing = plan.version
        manifest.version.build = plan.build
        manifest.stages = progress.results
        manifest.artifacts = progress.artifacts
        manifest.createdAt = Date()
        manifest.afterPush = ReleaseExecutor.pendingAfterPush(plan)
        if let ship = plan.stages.ship {
            manifest.shipped = try ReleaseManifest.shipped(
                ship, root: workspace.root, tag: plan.tag, remoteURL: manifest.git.remoteURL)
        }
        do {
            let writer = ManifestWriter(repository: repository, environment: environment)
            let written = try writer.write(manifest, to: writer.defaultURL(template, for: manifest), inToto: inToto)
            progress.manifestFiles = ([written.manifest, written.checksums] + (written.inToto.map { [$0] } ?? []))
                .map { ManifestService.display($0, root: workspace.root) }
            return ManifestService.summary(manifest, written, root: workspace.root)
        } catch {
            throw ReleaseExecutor.incomplete(
                "the release commit \(commit.short) was made, but writing the manifest failed: "
                    + ReleaseExecutor.describe(error),
                finish: ReleaseExecutor.manifestCommand(plan)
                    + plan.tagSteps.map {
                        "git tag -a \(Shell.quote($0.name)) \(commit.short) -m \(Shell.quote($0.message))"
                    }
                    + ReleaseExecutor.pushCommand(plan))
        }
    }

    /// Pushes the branch and the tag together (`--atomic`). The journal says the push started before it does, and
    /// names the `git push` process once it runs: from here on the release may be on the remote, the point of no
    /// return, which `--abort` respects and `--continue` completes.
    private func push(_ push: ReleasePlan.Push, plan: ReleasePlan, progress: inout Progress) throws {
        let remote = RemoteURL.redactingCredentials(push.remote.name)
        console.out(
            "Pushing \(push.branch)\(plan.tags.count > 1 ? "," : " and") \(plan.tagsText) to \(remote) (\(push.remote.url))\n"
        )
        console.flush()
        var journal = progress.journal
        journal?.pushStarted = ReleaseJournal.PushStart(startedAt: Date(), pid: nil)
        try journal?.write(in: repository)
        progress.journal = journal
        let repository = repository
        let console = console
        do {
            // The argv the plan holds, the one the dry run printed: git config read again now could differ.
            try repository.push(arguments: push.arguments, environment: environment) { pid in
                journal?.pushStarted?.pid = pid
                do {
                    try journal?.write(in: repository)
                } catch {
                    // The journal already says the push started; without the process, a later --abort or
                    // --continue cannot wait for it, and asks the remote all the same.
                    console.err(
                        "warning: the release journal could not record the git push process: \(ReleaseExecutor.describe(error))\n"
                    )
                }
            }
            progress.journal = journal
        } catch {
            if let summary = progress.summary { console.out(summary) }
            throw ReleaseExecutor.incomplete(
                "the release \(plan.versionText) was committed (\(progress.commit?.short ?? "")), tagged \(plan.tagsText) "
                    + "and recorded, but pushing failed: \(ReleaseExecutor.describe(error))",
                finish: ReleaseExecutor.pushCommand(plan))
        }
        console.out("Pushed \(push.branch)\(plan.tags.count > 1 ? "," : " and") \(plan.tagsText) to \(remote)\n")
    }
}
