import Foundation
import Testing

@Suite("what the hooks print: no credentials, one-line errors, and a finished slipway's output once")
struct HookHygieneTests {
    @Test("a push to a URL with a token is reported with the URL's credentials removed")
    func prePushRedactsURL() throws {
        let local = try TestRepository.withInitialCommit()
        #expect(try local.slipway("hooks", "install").status == 0)
        let remote = try TestRepository(bare: true)
        // git pushes to the bare remote when asked for this URL, and hands the hook the URL as it was typed.
        let url = "http://user:ghp_0123456789abcdef@git.example.com/team/app.git"
        try local.git(["config", "url.\(remote.path).insteadOf", url])
        let first = try local.gitResult(["push", "-q", url, "main"])
        #expect(first.status == 0, "\(first.stderr)")
        let base = try local.head()
        try local.write("README.md", "hello again\n")
        try local.commitWithHooks("Edit the README", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])

        let push = try local.gitResult(["push", url, "main"])
        #expect(push.status == 0, "\(push.stderr)")
        let lines = push.stderr.split(separator: "\n").filter { $0.hasPrefix("slipway:") }
        #expect(
            lines == [
                "slipway: main -> http://git.example.com/team/app.git main: not a major change "
                    + "[1 commit since \(base.prefix(7))]"
            ], "\(push.stderr)")
        #expect(!push.stderr.contains("ghp_"), "\(push.stderr)")
    }

    @Test("a .git/slipway that is a file is one line naming the folder and the reason, and the commit succeeds")
    func slipwayFolderIsAFile() throws {
        let repository = try TestRepository.withInitialCommit()
        #expect(try repository.slipway("hooks", "install", "--action", "push").status == 0)
        let remote = try TestRepository(bare: true)
        try repository.git(["remote", "add", "origin", remote.path])
        try Data("not a folder\n".utf8).write(to: repository.gitFolder.appendingPathComponent("slipway"))

        let commit = try repository.commitWithHooks("Ship it [deploy]")
        #expect(
            commit.stderr
                == "slipway: post-commit hook: cannot create folder .git/slipway: a file is in the way (File exists)\n",
            "\(commit.stderr)")
        let action = try repository.slipway("hook", "run-action", "notify")
        #expect(action.status == 2)
        #expect(action.stderr == "Error: cannot create folder .git/slipway: a file is in the way (File exists)\n")
    }

    @Test("a slipway that finishes in time has its output shown whole and leaves no temporary file")
    func finishedSlipwayLeavesNothing() throws {
        let repository = try TestRepository.withInitialCommit()
        #expect(try repository.slipway("hooks", "install").status == 0)
        let temporary = repository.directory.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try repository.write("Shared/Core.swift", "struct Core {}\n")

        let commit = try repository.commitWithHooks("Shared core", extraEnvironment: ["TMPDIR": temporary.path])
        #expect(
            commit.stderr.hasPrefix("slipway: MAJOR CHANGE (bump patch): shared code changed: Shared/Core.swift"),
            "\(commit.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }
}
