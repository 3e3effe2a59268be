import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwayHistory
import SlipwayPipeline
import SlipwayVersioning

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Carries out the steps of a `ReleasePlan`, in order, and nothing else: it reads no input the planner already
/// read, so the dry run's plan is exactly what happens.
///
/// Up to the commit every step can be undone, and is when one fails (or Ctrl-C arrives): the spec files get their
/// bytes back, no commit or tag is made, and a manifest with status `failed` records what happened. From the
/// commit on, nothing is undone: a failure says what exists and the commands that finish the release by hand.
struct ReleaseExecutor {
    let workspace: Workspace
    let environment: [String: String]
    let runner: StageRunner
    let console: Console

    private var repository: Repository { workspace.repository }

    /// What the steps carried out so far left behind.
    struct Progress {
        var backup: AtomicFileWriter.Backup?
        var results: [StageResult] = []
        var artifacts: [ReleaseManifest.Artifact] = []
        var commit: OID?
        var summary: String?
    }

    func run(_ plan: ReleasePlan) throws -> ExitStatus {
        // Ctrl-C and SIGTERM become requests, so a release stops where it can still put everything back.
        let cancellation = CancellationSignal()
        let trap = SignalTrap(forwardingTo: cancellation)
        defer { trap.release() }

        console.out(
            "Releasing \(plan.draft.project.name) \(plan.previousVersionText) -> \(plan.versionText) from "
                + "\(plan.head.short)\(plan.branch.map { " on \($0)" } ?? "")\n")
        console.flush()
        var progress = Progress()
        for step in plan.steps {
            try perform(step, of: plan, progress: &progress, cancellation: cancellation)
            console.flush()
        }
        if let summary = progress.summary { console.out(summary) }
        return .success
    }

    private func perform(
        _ step: ReleaseStep, of plan: ReleasePlan, progress: inout Progress, cancellation: CancellationSignal
    ) throws {
        switch step {
        case .writeSpecFiles(let files):
            do {
                progress.backup = try AtomicFileWriter().write(
                    files.map { AtomicFileWriter.Change(path: $0.url.path, bytes: $0.updated, expected: $0.original) })
            } catch {
                throw abandon(plan, progress, stage: nil, reason: ReleaseExecutor.describe(error))
            }
            console.out(
                "Bumped \(plan.specFiles.joined(separator: ", ")): \(plan.previousVersionText) -> \(plan.versionText)\n"
            )
        case .runStages(let stages, let values):
            try runStages(stages, environment: values, plan: plan, progress: &progress, cancellation: cancellation)
        case .skipStages(let stages):
            progress.results = stages.map {
                StageResult(name: $0.name, command: $0.displayCommand, status: .skipped, detail: "--skip-stages")
            }
            console.out("Stages skipped (--skip-stages).\n")
        case .collectArtifacts(let patterns):
            // A release without the files it promised is not a release.
            do {
                progress.artifacts = try ArtifactCollector(root: workspace.root).collect(patterns)
            } catch {
                throw abandon(plan, progress, stage: nil, reason: ReleaseExecutor.describe(error))
            }
            if let signal = cancellation.signal {
                throw abandon(
                    plan, progress, stage: nil, reason: "interrupted by \(ProcessFailure.signalName(signal))",
                    status: ReleaseExecutor.status(after: signal))
            }
        case .commit(let paths, let message, let author, let committer):
            do {
                progress.commit = try commit(paths, message: message, author: author, committer: committer)
            } catch {
                throw abandon(plan, progress, stage: nil, reason: ReleaseExecutor.describe(error))
            }
            let subject = message.split(separator: "\n").first.map(String.init) ?? ""
            let on = plan.branch.map { "on \($0)" } ?? "(detached HEAD)"
            console.out("Committed \(progress.commit?.short ?? "") \(on): \(subject)\n")
        case .tag(let name, let message, let tagger):
            try tag(name, message: message, tagger: tagger, plan: plan, progress: progress)
        case .writeManifest(let template, let inToto):
            progress.summary = try writeManifest(plan, template: template, inToto: inToto, progress: progress)
        case .push(let push):
            try self.push(push, plan: plan, progress: progress)
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
        let reporter = ConsoleStageReporter(style: style, console: console, logFolder: OutputFolder.name + "/logs")
        let report = runner.run(
            stages, environment: values, options: options, reporter: reporter, cancellation: cancellation)
        progress.results = report.results
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
            return try repository.commit(paths: paths, message: message, author: author, committer: committer)
        } catch .indexNotUpdated(let short, let detail) {
            console.err(
                "warning: committed \(short), but the index could not be refreshed: \(detail)\n"
                    + "hint: 'git reset -q -- \(paths.joined(separator: " "))' brings it up to date\n")
            return try repository.resolveCommit("HEAD")
        }
    }

    private func tag(_ name: String, message: String, tagger: Identity, plan: ReleasePlan, progress: Progress) throws {
        guard let commit = progress.commit else { return }
        do {
            try repository.createAnnotatedTag(named: name, at: commit, message: message, tagger: tagger)
        } catch {
            throw ReleaseExecutor.incomplete(
                "the release commit \(commit.short) was made, but creating the tag \(name) failed: "
                    + ReleaseExecutor.describe(error),
                finish: ["git tag -a \(Shell.quote(name)) \(commit.short) -m \(Shell.quote(message))"]
                    + ReleaseExecutor.manifestCommand(plan) + ReleaseExecutor.pushCommand(plan))
        }
        console.out("Tagged \(name)\n")
    }

    /// The manifest of the release commit: the plan's draft (the verdict that started the release, judged before
    /// the release commit, whose bump would otherwise count as a build-configuration change, and the commits since
    /// the previous release) with the commit, the tag, the versions the release made, its stages and artifacts.
    private func writeManifest(
        _ plan: ReleasePlan, template: ReleaseTemplate, inToto: Bool, progress: Progress
    ) throws -> String {
        guard let commit = progress.commit else { return "" }
        var manifest = plan.draft
        manifest.git.commit = commit
        manifest.git.tag = plan.tag
        manifest.version.marketing = plan.version
        manifest.version.build = plan.build
        manifest.stages = progress.results
        manifest.artifacts = progress.artifacts
        manifest.createdAt = Date()
        do {
            let writer = ManifestWriter(root: workspace.root, environment: environment)
            let written = try writer.write(manifest, to: writer.defaultURL(template, for: manifest), inToto: inToto)
            return ManifestService.summary(manifest, written, root: workspace.root)
        } catch {
            throw ReleaseExecutor.incomplete(
                "the release commit \(commit.short) and the tag \(plan.tag) were made, but writing the manifest "
                    + "failed: \(ReleaseExecutor.describe(error))",
                finish: ReleaseExecutor.manifestCommand(plan) + ReleaseExecutor.pushCommand(plan))
        }
    }

    /// Pushes the branch and the tag together (`--atomic`).
    private func push(_ push: ReleasePlan.Push, plan: ReleasePlan, progress: Progress) throws {
        let remote = RemoteURL.redactingCredentials(push.remote.name)
        console.out("Pushing \(push.branch) and \(plan.tag) to \(remote) (\(push.remote.url))\n")
        console.flush()
        do {
            try repository.push(branch: push.branch, tag: plan.tag, remote: push.remote.name, environment: environment)
        } catch {
            if let summary = progress.summary { console.out(summary) }
            throw ReleaseExecutor.incomplete(
                "the release \(plan.versionText) was committed (\(progress.commit?.short ?? "")), tagged \(plan.tag) "
                    + "and recorded, but pushing failed: \(ReleaseExecutor.describe(error))",
                finish: ReleaseExecutor.pushCommand(plan))
        }
        console.out("Pushed \(push.branch) and \(plan.tag) to \(remote)\n")
    }
}
