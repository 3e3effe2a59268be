import Foundation
import SlipwayCore
import SlipwayGit

/// Where an unfinished release keeps its journal: `slipway/release-journal` in the git common folder, beside the
/// lock, so every worktree sees it. Its presence means a release stopped between its first and its last step.
public enum ReleaseJournalFile {
    public static func url(in repository: Repository) -> URL {
        repository.commonDirectory.appendingPathComponent("slipway/release-journal")
    }

    public static func exists(in repository: Repository) -> Bool {
        FileManager.default.fileExists(atPath: url(in: repository).path)
    }
}

/// A release stopped halfway (killed, or a step after the commit failed): every other writer waits for it to be
/// finished or undone.
public struct PendingReleaseError: SlipwayError {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    public var message: String { "a release was interrupted and is not finished (\(path))" }
    public var hint: String? {
        "finish it with 'slipway release continue', or undo it with 'slipway release abort'; "
            + "'slipway release status' shows where it stopped"
    }
}
