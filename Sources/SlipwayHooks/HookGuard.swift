import Foundation
import SlipwayGit

/// When the post-commit hook stays out of the way: while git is replaying or combining commits, for Slipway's own
/// release commits, and when asked to.
package enum HookGuard {
    /// State files git keeps in the (worktree's) git folder while an operation is under way.
    static let operationFiles: [(file: String, operation: String)] = [
        ("rebase-merge", "a rebase"), ("rebase-apply", "a rebase or git am"), ("MERGE_HEAD", "a merge"),
        ("CHERRY_PICK_HEAD", "a cherry-pick"), ("REVERT_HEAD", "a revert"), ("BISECT_LOG", "a bisect"),
        ("sequencer", "a cherry-pick or revert sequence"),
    ]

    /// Reflog verbs of commits git makes for an operation. `git commit` clears MERGE_HEAD and CHERRY_PICK_HEAD
    /// before it runs the hook, and a clean single revert leaves no REVERT_HEAD, but the reflog entry for the new
    /// HEAD still says how it was made (`commit (merge): …`, `revert: …`).
    ///
    /// `commit (amend)` is not among them: git runs post-commit for an amended commit too, and an amended
    /// `[deploy]` commit is a new commit to judge like any other (a release commit keeps its trailer and is skipped).
    static let operationVerbs = ["rebase", "cherry-pick", "revert", "merge", "pull", "am"]

    /// Why the hook should do nothing for the current HEAD, or `nil` when it should judge it.
    static func reasonToSkip(environment: [String: String]) -> String? {
        environment["SLIPWAY_SKIP_HOOK"] == "1" ? "SLIPWAY_SKIP_HOOK=1" : nil
    }

    static func reasonToSkip(repository: Repository) -> String? {
        for (file, operation) in operationFiles
        where FileStatus.exists(repository.gitDirectory.appendingPathComponent(file)) {
            return "\(operation) is in progress"
        }
        if let message = repository.lastReflogMessage(of: "HEAD"), let head = operation(madeBy: message) {
            return "HEAD was made by '\(head)'"
        }
        return nil
    }

    /// The part before `:` of a reflog message when it names an operation (`rebase (pick)`, `commit (merge)`),
    /// else `nil` (`commit`, `commit (amend)`, `commit (initial)`). Words are compared whole: `am` is an
    /// operation, `(amend)` is not.
    package static func operation(madeBy reflogMessage: String) -> String? {
        let head = reflogMessage.prefix { $0 != ":" }
        let verb = head.prefix { $0 != " " && $0 != "(" }
        var detail: Substring = ""
        if let open = head.firstIndex(of: "(") {
            detail = head[head.index(after: open)...].prefix { $0 != ")" }
        }
        let words = [verb, detail].map { $0.trimmingCharacters(in: .whitespaces) }
        return words.contains(where: operationVerbs.contains) ? String(head) : nil
    }

    static func reasonToSkip(commit: Commit) -> String? {
        if commit.parents.count > 1 { return "\(commit.id.short) is a merge commit" }
        if commit.isRelease { return "\(commit.id.short) is a Slipway release commit" }
        return nil
    }

}
