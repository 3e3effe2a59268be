import Foundation
import SlipwayCore
import SlipwayGit

/// The push is a release's point of no return: once `git push` has started, the release may be on the remote, and
/// undoing it locally would leave the remote holding a commit and a tag the repository no longer has (and the next
/// release cutting the same version again). `release abort` goes ahead only when the remote is asked and provably lacks it.
extension ReleaseService {
    /// Seconds `release continue` and `release abort` wait for a `git push` a killed release left running before ending it.
    static let pendingPushWait = 60.0

    /// Waits for the `git push` an interrupted release left running (ending it after `pendingPushWait` seconds), so
    /// nothing reaches the remote after `release abort` or `release continue` looked. One line to say what happened, if anything.
    func settlePendingPush(_ journal: ReleaseJournal, console: Console) {
        guard !journal.pushed, let pid = journal.pushStarted?.pid, ProcessGroup.isRunning(pid) else { return }
        console.out("Waiting for the git push (process \(pid)) the interrupted release started...\n")
        console.flush()
        switch ProcessGroup.awaitOrEnd(pid: pid, seconds: Self.pendingPushWait) {
        case true?: console.out("The git push (process \(pid)) has ended.\n")
        case false?:
            console.out(
                "Ended the git push (process \(pid)): still running after \(Int(Self.pendingPushWait)) seconds.\n")
        case nil: break
        }
    }

    /// Refuses (exit 2) to undo a release that was pushed, or may have been: a push that completed, or one that
    /// started and the remote, asked with `git ls-remote`, holds the tag or has the branch at the release commit, or
    /// cannot be asked.
    func refuseAbortingPushedRelease(_ journal: ReleaseJournal, commit: OID?) throws {
        guard let index = journal.pushIndex, case .push(let push) = journal.steps[index] else { return }
        let remote = RemoteURL.redactingCredentials(push.remote.name)
        let keep = "finish it with 'slipway release continue' (which pushes again, or confirms the push arrived)"
        if journal.pushed {
            throw Failure(
                "the release \(journal.version) was pushed to \(remote): undoing it here would leave the remote "
                    + "holding \(journal.allTags.joined(separator: ", "))",
                hint: keep, exitStatus: .badInput)
        }
        guard journal.pushStarted != nil else { return }
        let tagReferences = journal.allTags.map { "refs/tags/\($0)" }
        let branchReference = Self.destination(of: push)
        let answer: [String: String]
        do {
            answer = try repository.remoteReferences(
                tagReferences + (branchReference.map { [$0] } ?? []), at: Self.remoteArgument(of: push),
                environment: workspace.environment)
        } catch {
            throw Failure(
                "the push of the release \(journal.version) to \(remote) started, and asking \(remote) whether it "
                    + "arrived failed: \(ReleaseExecutor.describe(error))",
                hint: "\(keep); or run 'slipway release abort' again when \(remote) answers", exitStatus: .badInput)
        }
        let onBranch = branchReference.flatMap { answer[$0] }
        let arrived = tagReferences.first { answer[$0] != nil }
        if arrived != nil || (onBranch != nil && onBranch == commit?.hex) {
            let what =
                arrived.map { "the tag \($0.dropFirst("refs/tags/".count))" } ?? "the release commit on its branch"
            throw Failure(
                "the release \(journal.version) reached \(remote) (it has \(what)) before the release stopped: "
                    + "undoing it here would leave the remote holding it",
                hint: keep, exitStatus: .badInput)
        }
    }

    /// The remote as `git push` names it: the third word of `push --atomic <remote> ...`.
    static func remoteArgument(of push: ReleasePlan.Push) -> String {
        push.arguments.count > 2 ? push.arguments[2] : push.remote.name
    }

    /// The remote branch the release commit goes to: the destination of the `refs/heads/` refspec.
    static func destination(of push: ReleasePlan.Push) -> String? {
        for argument in push.arguments.dropFirst(3) where argument.hasPrefix("refs/heads/") {
            if let colon = argument.lastIndex(of: ":") { return String(argument[argument.index(after: colon)...]) }
        }
        return nil
    }

    /// `release status`'s line about the push, when the release pushes and the push started.
    static func pushStatus(_ journal: ReleaseJournal) -> String? {
        if journal.pushed {
            return "  pushed: the release is on the remote, so 'release abort' refuses; 'release continue' finishes it"
        }
        guard let started = journal.pushStarted else { return nil }
        var line = "  push started \(UTCTimestamp.string(started.startedAt))"
        if let pid = started.pid {
            line += ProcessGroup.isRunning(pid) ? " (git push, process \(pid), still running)" : " (git push has ended)"
        }
        return line
            + "; whether it arrived is not known: 'release continue' pushes again (or confirms it arrived), 'release abort' first "
            + "asks the remote and refuses unless the release is not there"
    }
}
