import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The installed post-commit hook execs `slipway hook post-commit --within 5`, and slipway keeps the 5-second bound
/// itself: the work runs in a child writing to a temporary file, and one still running after 5 s goes on alone.
@Suite("the post-commit hook's 5-second bound, kept by slipway (--within)")
struct PostCommitBoundTests {
    /// A repository with the hooks installed (action release) and a stand-in for `slipway release`, plus a
    /// folder for TMPDIR.
    func makeRepository(release script: String) throws -> (TestRepository, environment: [String: String], tmp: URL) {
        let repository = try TestRepository.withInitialCommit()
        let install = try repository.slipway("hooks", "install", "--action", "release")
        guard install.status == 0 else { throw TestFailure("hooks install failed: \(install.stderr)") }
        let program = repository.directory.url.appendingPathComponent("standin/fake-slipway")
        try repository.writeExecutable(program, script)
        let temporary = repository.directory.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        return (repository, ["SLIPWAY_TEST_RELEASE_EXECUTABLE": program.path, "TMPDIR": temporary.path], temporary)
    }

    @Test("a hook run still busy after 5 s goes on in the background and the commit returns, even with signals blocked")
    func slowChildIsLeftRunning() throws {
        let (repository, environment, temporary) = try makeRepository(release: "#!/bin/sh\necho released\n")
        // The hook log is a named pipe nobody reads, as a stuck file system would be: the real slipway blocks in
        // opening it to start the release, with nothing printed yet.
        let log = repository.gitFolder.appendingPathComponent("slipway/hook.log")
        try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(log.path, 0o600) == 0)
        // Should the bound not hold, a reader after 60 s lets the run end (and fail the test) instead of hanging.
        let path = log.path
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
            let descriptor = open(path, O_RDONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
        }

        let started = Date()
        let commit = try repository.commitAsAClientWould(
            "Ship it [deploy]", extraEnvironment: environment, blockingSignals: true)
        let elapsed = Date().timeIntervalSince(started)
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(elapsed >= 4.5 && elapsed < 30, "the commit took \(elapsed) s")
        #expect(try repository.git(["log", "-1", "--format=%s"]) == "Ship it [deploy]\n")

        let leftover = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(leftover.count == 1 && leftover.first?.hasPrefix("slipway-post-commit.") == true, "\(leftover)")
        let output = temporary.appendingPathComponent(leftover.first ?? "none")
        #expect(
            commit.stderr
                == "slipway: post-commit hook: slipway is still running after 5 s; it goes on in the background, "
                + "writing to \(output.path)\n", "\(commit.stderr)")

        // Reading the pipe unblocks the run: it was left to go on, not stopped, and finishes into the named file.
        let reader = open(log.path, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try waitUntil("the hook run to finish into its file") {
            contents(output).contains("releasing in the background (log: .git/slipway/hook.log)")
        }
        #expect(contents(output).hasPrefix("slipway: MAJOR CHANGE (bump patch): message tag [deploy]"))
        var logged = ""
        try waitUntil("the background release to finish") {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(reader, &buffer, buffer.count)
            if count > 0 { logged += String(decoding: buffer[0..<count], as: UTF8.self) }
            return logged.contains("release finished with exit status 0")
        }
    }

    @Test("a finished run is shown once, leaves no temporary file, and its background release holds nothing of git's")
    func finishedRunReleasesEverything() throws {
        let (repository, environment, temporary) = try makeRepository(
            release: "#!/bin/sh\nwhile [ ! -f \"$0.go\" ]; do sleep 0.05; done\n")
        let log = repository.gitFolder.appendingPathComponent("slipway/hook.log")

        let commit = try repository.commitAsAClientWould("Ship it [deploy]", extraEnvironment: environment)
        #expect(commit.status == 0, "\(commit.stderr)")
        // The release is still waiting for its go-ahead: had it kept the hook's pipe, slipway would have waited
        // the 5 s for it and said it was still running.
        let lines = commit.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "\(commit.stderr)")
        #expect(lines.first?.hasPrefix("slipway: MAJOR CHANGE (bump patch): message tag [deploy]") == true)
        #expect(lines.first?.hasSuffix("releasing in the background (log: .git/slipway/hook.log)") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])

        try waitUntil("the release to start") { contents(log).contains("fake-slipway release") }
        #expect(!contents(log).contains("release finished"), "the stand-in release did not wait: \(contents(log))")
        let program = URL(fileURLWithPath: environment["SLIPWAY_TEST_RELEASE_EXECUTABLE"] ?? "")
        try Data().write(to: URL(fileURLWithPath: program.path + ".go"))
        try waitUntil("the release to finish") { contents(log).contains("release finished with exit status 0") }
    }

    @Test("with no folder for the temporary file the commit goes ahead and the hook says so")
    func noTemporaryFolder() throws {
        let (repository, environment, temporary) = try makeRepository(release: "#!/bin/sh\n")
        var missing = environment
        missing["TMPDIR"] = temporary.appendingPathComponent("absent").path
        let commit = try repository.commitWithHooks("Anything [deploy]", extraEnvironment: missing)
        #expect(
            commit.stderr
                == "slipway: post-commit hook skipped: cannot create a temporary file in \(missing["TMPDIR"] ?? "")\n",
            "\(commit.stderr)")
        #expect(!fileExists(repository.gitFolder.appendingPathComponent("slipway/hook.log")))
    }

    @Test("the previous hook script (its own shell timer) still works, and status and install see it as outdated")
    func previousScript() throws {
        let repository = try TestRepository.withInitialCommit()
        #expect(try repository.slipway("hooks", "install").status == 0)
        let hook = repository.hooksFolder.appendingPathComponent("post-commit")
        let earlier = SourceTree.root.appendingPathComponent("Tests/Fixtures/EarlierHooks/post-commit-shell-timer")
        try repository.writeExecutable(hook, try String(contentsOf: earlier, encoding: .utf8))

        // It runs `slipway hook post-commit` without --within, which works as before.
        try repository.write("Shared/Core.swift", "struct Core {}\n")
        let commit = try repository.commitWithHooks("Shared core")
        #expect(
            commit.stderr.hasPrefix("slipway: MAJOR CHANGE (bump patch): shared code changed: Shared/Core.swift"),
            "\(commit.stderr)")

        let status = try repository.slipway("hooks", "status")
        #expect(status.status == 1)
        #expect(status.stdout.contains("post-commit   installed by another version of slipway"), "\(status.stdout)")
        let install = try repository.slipway("hooks", "install")
        #expect(install.stdout.contains("post-commit   updated to this version"), "\(install.stdout)")
        #expect(Array(try Data(contentsOf: hook)) == (try SourceTree.bytes("hooks/post-commit")))
    }

    @Test("--within takes a number of seconds", arguments: ["soon", "-1", "inf"])
    func withinNeedsSeconds(value: String) throws {
        let repository = try TestRepository.withInitialCommit()
        let result = try repository.slipway("hook", "post-commit", "--within", value)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --within '\(value)' is not a number of seconds\n"), "\(result.stderr)")
    }
}
