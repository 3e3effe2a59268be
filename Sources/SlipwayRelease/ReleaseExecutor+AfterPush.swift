import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwayPipeline
import SlipwayWorkspace

/// The after-push stages (the upload). The release is complete before they start: committed, tagged, recorded and
/// pushed, so its journal goes and nothing is ever undone from here. Their own state goes to the after-push journal
/// (`.git/slipway/after-push-journal`: the release journal as it ended, plus these stages' results), which
/// `slipway release retry-after-push` picks up after a failure, and the manifest records every outcome.
extension ReleaseExecutor {
    static let retryCommand = "slipway release retry-after-push"

    /// The file that holds an after-push run in progress, or one that failed.
    static func afterPushJournalURL(in repository: Repository) -> URL {
        ReleaseJournalFile.url(in: repository).deletingLastPathComponent().appendingPathComponent("after-push-journal")
    }

    /// What the manifest says before the after-push stages run; `nil` when the plan has none.
    static func pendingAfterPush(_ plan: ReleasePlan) -> ReleaseManifest.AfterPush? {
        for step in plan.steps {
            if case .runAfterPushStages(let stages, _) = step {
                return .init(status: .pending, stages: stages.map(\.name), retry: retryCommand)
            }
        }
        return nil
    }

    /// Moves the release from its journal to the after-push journal (written first, so a crash in between leaves
    /// one of them), says the release is done, then runs the stages.
    func handOffAfterPush(
        _ stages: [Stage], environment values: StageEnvironment, plan: ReleasePlan, journal: ReleaseJournal,
        progress: Progress, cancellation: CancellationSignal
    ) throws -> ExitStatus {
        var journal = journal
        if journal.afterPushResults == nil { journal.afterPushResults = [] }
        try ReleaseExecutor.writeAfterPush(journal, in: repository)
        ReleaseJournal.remove(in: repository)
        if !progress.resuming || journal.afterPushResults?.isEmpty == true {
            if let summary = progress.summary { console.out(summary) }
            if let commit = progress.commit {
                console.out("Released \(plan.versionText): \(commit.short) tagged \(plan.tagsText)\n")
            }
        }
        return try runAfterPush(
            stages, environment: values, plan: plan, journal: journal, progress: progress, cancellation: cancellation)
    }

    /// Runs the stages that have not passed; records the outcome in the manifest and the journal.
    func runAfterPush(
        _ stages: [Stage], environment values: StageEnvironment, plan: ReleasePlan, journal: ReleaseJournal,
        progress: Progress, cancellation: CancellationSignal
    ) throws -> ExitStatus {
        var journal = journal
        let output = OutputFolder(root: workspace.root)
        try output.prepare()
        let passed = (journal.afterPushResults ?? []).filter { $0.status == .passed }
        let remaining = stages.filter { stage in !passed.contains { $0.name == stage.name } }
        console.out("After the push: \(remaining.map(\.name).joined(separator: ", "))\n")
        console.flush()
        let options = StageRunner.Options(root: workspace.root, logDirectory: output.logs, baseEnvironment: environment)
        let style = ReporterStyle.detect(environment: environment, outputIsTerminal: console.isOutputTerminal)
        let reporter = ConsoleStageReporter(style: style, console: console, logFolder: OutputFolder.name + "/logs")
        let report = runner.run(
            remaining, environment: values, options: options, reporter: reporter, cancellation: cancellation)
        journal.afterPushResults = passed + report.results
        let failed = report.failed ?? report.results.first { $0.status == .cancelled }
        var state = ReleaseManifest.AfterPush(status: .passed, stages: stages.map(\.name))
        if let failed {
            let message =
                report.failed.map { StageFailure(result: $0).message }
                ?? "interrupted by \(report.interruption.map(ProcessFailure.signalName) ?? "a signal")"
            state = .init(
                status: .failed, stages: state.stages, failure: .init(stage: failed.name, message: message),
                retry: ReleaseExecutor.retryCommand)
            try ReleaseExecutor.writeAfterPush(journal, in: repository)
        }
        let recorded = recordAfterPush(plan, progress: progress, results: journal.afterPushResults ?? [], state: state)
        guard let failed, let failure = state.failure else {
            unlink(ReleaseExecutor.afterPushJournalURL(in: repository).path)
            console.out("After-push stages passed: \(stages.map(\.name).joined(separator: ", "))\n")
            return .success
        }
        var hint = "nothing was undone: the release \(plan.tagsText) stands"
        if let log = failed.logPath { hint += "\n      the stage's full output is in \(log)" }
        hint += "\n      " + (recorded ?? "the manifest could not be updated")
        hint += "\n      fix the cause, then '\(ReleaseExecutor.retryCommand)' runs \(failed.name) and the stages "
        hint += "after it again (the ones that passed are not run again)"
        throw Failure(
            "release \(plan.versionText) is committed, tagged \(plan.tagsText)\(plan.push == nil ? "" : " and pushed"), "
                + "but the after-push stage '\(failed.name)' failed: \(failure.message)", hint: hint,
            exitStatus: report.interruption.map(ReleaseExecutor.status(after:)) ?? .negative)
    }

    /// Rewrites the release's manifest with the after-push results; says where, or `nil` when it could not.
    private func recordAfterPush(
        _ plan: ReleasePlan, progress: Progress, results: [StageResult], state: ReleaseManifest.AfterPush
    ) -> String? {
        guard let commit = progress.commit else { return nil }
        var manifest = plan.draft
        manifest.git.commit = commit
        manifest.git.tag = plan.tag
        manifest.git.tags = plan.tags.count > 1 ? plan.tags : nil
        manifest.version.marketing = plan.version
        manifest.version.build = plan.build
        manifest.stages = progress.results + results
        manifest.artifacts = progress.artifacts
        manifest.afterPush = state
        do {
            let writer = ManifestWriter(repository: repository, environment: environment)
            let written = try writer.write(
                manifest, to: writer.defaultURL(plan.manifestTemplate, for: manifest), inToto: plan.inToto)
            return "the outcome is recorded in \(ManifestService.display(written.manifest, root: workspace.root))"
        } catch {
            console.err("warning: the manifest could not be updated: \(ReleaseExecutor.describe(error))\n")
            return nil
        }
    }

    static func writeAfterPush(_ journal: ReleaseJournal, in repository: Repository) throws {
        let url = afterPushJournalURL(in: repository)
        try FileSystem.createFolder(url.deletingLastPathComponent().path, shownAs: ".git/slipway")
        try AtomicFileWriter.replace(url.path, with: Array(try JSON(encoding: journal).pretty().utf8))
    }
}
