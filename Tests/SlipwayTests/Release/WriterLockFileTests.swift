import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayWorkspace
import Testing

@Suite("the writer lock's file: who holds it, worktrees, stale holders")
struct WriterLockFileTests {
    @Test("a second release is refused while the first holds the lock, naming the holder; free again afterwards")
    func contention() throws {
        let repo = try ReleaseFixture.released()
        let repository = try Repository(discoveringFrom: repo.url)
        let first = try WriterLock.acquire(in: repository, command: "slipway release minor")
        #expect(first.path.path.hasSuffix(".git/slipway-release.lock"))
        #expect(WriterLock.currentHolder(in: repository) == first.holder)
        do {
            _ = try WriterLock.acquire(in: repository, command: "slipway release patch")
            Issue.record("the second acquire should fail")
        } catch {
            #expect(error.holder == first.holder)
            #expect(
                error.message
                    == "another release holds this repository's lock: pid \(getpid()) on \(first.holder.host) since "
                    + "\(UTCTimestamp.string(first.holder.startedAt)) ('slipway release minor')")
            #expect(error.hint?.contains("kill \(getpid())") == true)
            #expect(error.exitStatus.rawValue == 2)
        }
        first.release()
        #expect(!FileManager.default.fileExists(atPath: first.path.path))
        let second = try WriterLock.acquire(in: repository, command: "slipway release patch")
        #expect(second.replacedStaleHolder == nil)
        second.release()
    }

    @Test("linked worktrees share one lock in the common git folder")
    func worktrees() throws {
        let repo = try ReleaseFixture.released()
        let other = TemporaryDirectory("slipway-worktree")
        let worktree = other.url.appendingPathComponent("wt")
        try repo.git(["worktree", "add", "-q", "-b", "side", worktree.path])
        let main = try Repository(discoveringFrom: repo.url)
        let linked = try Repository(discoveringFrom: worktree)
        let lock = try WriterLock.acquire(in: main, command: "slipway release")
        #expect(throws: WriterLockError.self) { try WriterLock.acquire(in: linked, command: "slipway release") }
        lock.release()
        let again = try WriterLock.acquire(in: linked, command: "slipway release")
        #expect(again.path == lock.path)
    }

    @Test("a lock left by a process that is gone is stale: taken over, and the old holder reported")
    func stale() throws {
        let repo = try ReleaseFixture.released()
        let repository = try Repository(discoveringFrom: repo.url)
        // A pid that certainly ended: a finished child of this process.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "exit 0"]
        try child.run()
        child.waitUntilExit()
        let deadPID = child.processIdentifier
        let leftover = """
            {"command": "slipway release major", "host": "\(WriterLock.currentHost)", "pid": \(deadPID), "startedAt": "2024-05-01T12:00:00Z"}
            """
        try leftover.write(
            to: repository.commonDirectory.appendingPathComponent(WriterLock.fileName), atomically: true,
            encoding: .utf8)
        let lock = try WriterLock.acquire(in: repository, command: "slipway release minor")
        #expect(lock.replacedStaleHolder?.pid == deadPID)
        #expect(lock.replacedStaleHolder?.command == "slipway release major")
        #expect(WriterLock.currentHolder(in: repository)?.pid == getpid())
    }
}
