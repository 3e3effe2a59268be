import Foundation
import SlipwayCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A release killed with SIGKILL while `git push` runs (the remote's pre-receive hook holds the push until the test
/// lets it go): the push is the point of no return, so `--abort` asks the remote before it undoes anything.
@Suite("release: a push that started is not undone unless the remote lacks the release")
struct ReleasePushRecoveryTests {
    /// A release repository with a bare remote whose pre-receive hook says it started, waits for `go`, then accepts
    /// or rejects the push; and a `release --push` killed while the hook waits.
    static func killedDuringPush(accept: Bool) throws -> (repo: TestRepository, remote: TestRepository, gate: URL) {
        let repo = try ReleaseRepository.make()
        let remote = try TestRepository(bare: true)
        let gate = remote.directory.url
        try repo.git(["remote", "add", "origin", remote.path])
        try repo.git(["push", "-q", "-u", "origin", "main"])
        let hook = remote.url.appendingPathComponent("hooks/pre-receive")
        try """
        #!/bin/sh
        cat >/dev/null
        : > '\(gate.path)/started'
        while [ ! -f '\(gate.path)/go' ]; do sleep 0.05; done
        exit \(accept ? 0 : 1)

        """.write(to: hook, atomically: true, encoding: .utf8)
        chmod(hook.path, 0o755)
        let release = try RunningProcess(
            SlipwayBinary.path, ["release", "minor", "--push"], in: repo.url, environment: repo.environment)
        try waitUntil("the remote's pre-receive hook to start") { fileExists(gate.appendingPathComponent("started")) }
        release.signal(SIGKILL)
        #expect(release.waitForExit() == SIGKILL)
        return (repo, remote, gate)
    }

    @Test(
        "release status says the push started; release abort waits for it, finds the release on the remote and refuses")
    func abortRefusedAfterPushArrived() throws {
        let (repo, remote, gate) = try Self.killedDuringPush(accept: true)
        let status = try repo.slipway("release", "status")
        #expect(status.status == 1)
        #expect(status.stdout.contains("  push started "), "\(status.stdout)")
        #expect(status.stdout.contains("still running"), "\(status.stdout)")
        try Data().write(to: gate.appendingPathComponent("go"))
        let abort = try repo.slipway("release", "abort")
        #expect(abort.status == 2, "\(abort.stdout)\(abort.stderr)")
        #expect(abort.stderr.contains("reached origin (it has the tag v1.3.0)"), "\(abort.stderr)")
        #expect(abort.stderr.contains("'slipway release continue'"), "\(abort.stderr)")
        // Nothing was undone: the tag, the commit and the journal stay.
        #expect(try repo.git(["tag", "-l", "v1.3.0"]) == "v1.3.0\n")
        #expect(try repo.log("%s") == "Release 1.3.0 (43)\n")
        #expect(fileExists(repo.gitFolder.appendingPathComponent("slipway/release-journal")))
        let resumed = try repo.slipway("release", "continue")
        #expect(resumed.status == 0, "\(resumed.stdout)\(resumed.stderr)")
        #expect(try remote.git(["rev-parse", "refs/heads/main"]) == (try repo.git(["rev-parse", "HEAD"])))
        #expect(!fileExists(repo.gitFolder.appendingPathComponent("slipway/release-journal")))
        #expect(try repo.slipway("release", "status").stdout == "No release is pending.\n")
    }

    @Test("release abort undoes a release whose push the remote rejected, once it asked the remote")
    func abortAfterPushRejected() throws {
        let (repo, remote, gate) = try Self.killedDuringPush(accept: false)
        try Data().write(to: gate.appendingPathComponent("go"))
        let abort = try repo.slipway("release", "abort")
        #expect(abort.status == 0, "\(abort.stdout)\(abort.stderr)")
        #expect(abort.stdout.contains("deleted the tag v1.3.0"), "\(abort.stdout)")
        #expect(try repo.git(["tag", "-l", "v1.3.0"]) == "")
        #expect(try remote.git(["tag", "-l", "v1.3.0"]) == "")
        #expect(!fileExists(repo.gitFolder.appendingPathComponent("slipway/release-journal")))
    }

    @Test("release abort refuses when the remote cannot be asked whether the push arrived")
    func abortRefusedWhenRemoteUnreachable() throws {
        let (repo, remote, gate) = try Self.killedDuringPush(accept: false)
        try Data().write(to: gate.appendingPathComponent("go"))
        try FileManager.default.moveItem(at: remote.url, to: remote.directory.url.appendingPathComponent("gone"))
        let abort = try repo.slipway("release", "abort")
        #expect(abort.status == 2, "\(abort.stdout)\(abort.stderr)")
        #expect(abort.stderr.contains("asking origin whether it arrived failed"), "\(abort.stderr)")
        #expect(try repo.git(["tag", "-l", "v1.3.0"]) == "v1.3.0\n")
    }
}
