import Foundation
import SlipwayCore

/// Carries out a plan's changes in order and nothing else. When one fails it undoes the ones already made, newest
/// first; when an undo fails too, the error says what is left and the commands that finish the rollback by hand.
struct InstallExecutor {
    var effects: any InstallEffects
    /// The repository root, which messages show paths relative to and the commands in hints run from.
    var root: URL
    /// The command that made the plan (`slipway hooks install`), which the hint offers to run again.
    var command: String

    func display(_ url: URL) -> String { DisplayPath.of(url, relativeTo: root) }

    func execute(_ changes: [InstallChange]) throws {
        var done: [InstallChange] = []
        for change in changes {
            do {
                try effects.apply(change)
            } catch {
                throw rollBack(done, after: error)
            }
            done.append(change)
        }
    }

    /// Undoes `done` newest first, every one even when some fail, and returns the error to throw: the cause itself
    /// when nothing had changed yet, the cause saying it was all undone, or what is left and how to finish.
    private func rollBack(_ done: [InstallChange], after cause: Error) -> Error {
        if done.isEmpty { return cause }
        var left: [(InstallChange.Leftover, reason: String)] = []
        for change in done.reversed() {
            do {
                try effects.undo(change)
            } catch {
                left.append((change.leftover(display), InstallExecutor.describe(error)))
            }
        }
        let causeText = InstallExecutor.describe(cause)
        let status = (cause as? SlipwayError)?.exitStatus ?? .badInput
        guard !left.isEmpty else {
            let undone =
                done.count == 1
                ? "the change made before it was undone" : "the \(done.count) changes made before it were undone"
            return Failure("\(causeText); \(undone)", hint: (cause as? SlipwayError)?.hint, exitStatus: status)
        }
        return unfinished(cause: causeText, left: left, status: status)
    }

    /// The error when some undos failed: each change still in place and why, then the commands that undo the rest.
    private func unfinished(
        cause: String, left: [(InstallChange.Leftover, reason: String)], status: ExitStatus
    ) -> Failure {
        let what = left.map { "\n  - \($0.0.what) (undoing it failed: \($0.reason))" }
        let fixes = left.compactMap(\.0.fix)
        let rerun = "remove what stopped it and run '\(command)' again, to carry the change through instead"
        let hint =
            fixes.isEmpty
            ? rerun
            : "to finish undoing by hand, run from the repository root:\n"
                + fixes.map { "        " + $0 }.joined(separator: "\n") + "\n      or " + rerun
        return Failure(
            "\(cause); undoing the changes made before it failed, so \(left.count == 1 ? "this is" : "these are") "
                + "left:" + what.joined(),
            hint: hint, exitStatus: status)
    }

    static func describe(_ error: Error) -> String {
        (error as? SlipwayError)?.message ?? FileSystem.oneLine(error)
    }
}
