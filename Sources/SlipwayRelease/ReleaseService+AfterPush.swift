import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayPipeline
import SlipwayWorkspace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `slipway release retry-after-push`: runs again the after-push stages (the upload) of a release whose upload
/// failed, from the after-push journal; the release itself (commit, tag, push) is never redone.
extension ReleaseService {
    public func retryAfterPush(commandLine: String, waitForLock: Bool, console: Console) throws -> ExitStatus {
        let lock = try WriterLock.take(
            repository, command: commandLine, wait: waitForLock, console: console)
        defer { lock.release() }
        let url = ReleaseExecutor.afterPushJournalURL(in: repository)
        guard let journal = try ReleaseJournal.readAfterPush(in: repository, root: workspace.root) else {
            throw Failure(
                "no after-push stages are waiting: there is no \(url.path)",
                hint: "'release retry-after-push' runs the upload of a release whose after-push stages failed",
                exitStatus: .badInput)
        }
        guard let head = OID(hex: journal.head) else { throw ReleaseService.unreadable }
        var draft = try ManifestAssembler(workspace: workspace, repository: repository).manifest(
            head: head, releaseTag: .none, requested: journal.requested)
        draft.version.marketing = journal.version
        draft.version.build = journal.build
        let plan = try journal.plan(draft: draft)
        guard
            case .runAfterPushStages(let stages, let values) = plan.steps.last(where: {
                if case .runAfterPushStages = $0 { true } else { false }
            })
        else {
            throw Failure("the after-push journal lists no after-push stages", hint: "remove \(url.path)")
        }
        console.out("Retrying the after-push stages of \(journal.project) \(plan.versionText) (\(plan.tag))\n")
        var progress = try ReleaseExecutor.progress(resuming: journal, repository: repository)
        progress.commit = journal.releaseCommit.flatMap(OID.init(hex:))
        let cancellation = CancellationSignal()
        let trap = SignalTrap(forwardingTo: cancellation)
        defer { trap.release() }
        return try ReleaseExecutor(workspace: workspace, repository: repository, runner: runner, console: console)
            .runAfterPush(
                stages, environment: values, plan: plan, journal: journal, progress: progress,
                cancellation: cancellation)
    }

    /// A new release waits until the previous one's upload passed, or was given up (its journal removed).
    func refuseWhileAfterPushPending() throws {
        let url = ReleaseExecutor.afterPushJournalURL(in: repository)
        // lstat, not fileExists: a journal that is a dangling symbolic link still stands in the way.
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return }
        throw Failure(
            "cannot release: the after-push stages (the upload) of the previous release did not pass (\(url.path))",
            hint: "'\(ReleaseExecutor.retryCommand)' runs them again; to give them up, remove that file")
    }
}
