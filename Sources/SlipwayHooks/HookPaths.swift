import Foundation
import SlipwayCore
import SlipwayGit

/// Where background hook runs leave their traces: beside the repository's other private state in the common git
/// folder (shared by linked worktrees, so runs from two worktrees never overlap either), never in the working tree.
struct HookPaths {
    let repository: Repository

    var folder: URL { repository.commonDirectory.appendingPathComponent("slipway", isDirectory: true) }
    /// Output of every background run, appended; rotated to `hook.log.1` past `maximumLogSize`.
    var log: URL { folder.appendingPathComponent("hook.log") }
    var lock: URL { folder.appendingPathComponent("hook.lock") }

    /// Creates the folder; a failure is one line naming it as messages show it (`.git/slipway`).
    func createFolder() throws(FileSystemError) {
        try FileSystem.createFolder(folder.path, shownAs: DisplayPath.of(folder, relativeTo: repository.rootDirectory))
    }

    static let maximumLogSize = 1 << 20
}
