import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwayPipeline

/// Passes a release's stage run to the console's reporter and records each passed stage in the release journal as
/// it finishes, so `--continue` after a crash resumes from the stage that was running, not from the first.
final class JournalingStageReporter: StageReporter {
    private let inner: StageReporter
    private var journal: ReleaseJournal
    private let repository: Repository
    /// Results of stages a resumed release had already passed.
    private let earlier: [StageResult]
    private var results: [StageResult] = []
    /// The journal's stage groups, this run's included, for the executor's next journal entry.
    var stageGroups: [ReleaseJournal.StageGroup] { journal.stageGroups ?? [] }

    init(wrapping inner: StageReporter, journal: ReleaseJournal, repository: Repository, earlier: [StageResult]) {
        self.inner = inner
        self.journal = journal
        self.repository = repository
        self.earlier = earlier
    }

    func runWillStart(_ stages: [Stage]) { inner.runWillStart(stages) }
    func stageWillStart(_ stage: Stage, index: Int, count: Int) {
        inner.stageWillStart(stage, index: index, count: count)
    }
    func stageOutput(_ bytes: UnsafeRawBufferPointer, from stream: ProcessStream) {
        inner.stageOutput(bytes, from: stream)
    }
    func stageHeartbeat(_ stage: Stage, elapsed: Double) { inner.stageHeartbeat(stage, elapsed: elapsed) }
    func runDidFinish(_ report: StageRunReport) { inner.runDidFinish(report) }

    /// Records the group before the stage is waited on: if Slipway is killed now, `--continue` or `--abort` ends it.
    func stageDidStartProcessGroup(_ group: Int32, stage: Stage) {
        let entry = ReleaseJournal.StageGroup(stage: stage.name, group: group)
        guard !(journal.stageGroups ?? []).contains(entry) else { return }
        journal.stageGroups = (journal.stageGroups ?? []) + [entry]
        do {
            try journal.write(in: repository)
        } catch {
            // The group is then the guardian's alone to end, which it does if Slipway dies while the stage runs.
        }
    }

    func stageDidFinish(_ result: StageResult, stage: Stage) {
        inner.stageDidFinish(result, stage: stage)
        results.append(result)
        guard result.status == .passed else { return }
        journal.results = earlier + results.filter { $0.status == .passed }
        do {
            try journal.write(in: repository)
        } catch {
            // The step's own journal entry, written when all stages are done, records them instead; a crash before
            // then reruns this stage, which is what a journal that cannot be written would mean anyway.
        }
    }
}
