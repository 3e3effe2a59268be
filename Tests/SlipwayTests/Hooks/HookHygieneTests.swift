import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("what the hooks print: no credentials, one-line errors, and a commit that a hanging slipway cannot hold")
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

    /// A stand-in for slipway that says one thing, then hangs in a child process (as a wrapper script would),
    /// recording both pids so the test can end them.
    func hangingSlipway(in repository: TestRepository) throws -> (program: URL, folder: URL) {
        let folder = repository.directory.url.appendingPathComponent("hanging")
        let program = folder.appendingPathComponent("slipway")
        try repository.writeExecutable(
            program,
            """
            #!/bin/sh
            echo "fake slipway: $*" >&2
            echo $$ > '\(folder.path)/pid'
            sleep 120 &
            echo $! > '\(folder.path)/child'
            wait

            """)
        return (program, folder)
    }

    func endStandIn(_ folder: URL) {
        for name in ["child", "pid"] {
            let text = contents(folder.appendingPathComponent(name)).trimmingCharacters(in: .whitespacesAndNewlines)
            // SIGKILL: a process started from a test may have every other signal blocked.
            if let pid = pid_t(text) { kill(pid, SIGKILL) }
        }
    }

    /// `git commit` with only standard input, output and error open, as a terminal or GUI client starts it.
    /// Foundation's `Process` leaves open, in every descendant, a descriptor it watches to learn that the child
    /// ended; a process the hook leaves running would then keep the test waiting as no real client would.
    func commitAsAClientWould(_ repository: TestRepository, _ message: String, extraEnvironment: [String: String])
        throws -> ProcessResult
    {
        let closeAndCommit = """
            for fd in $(ls /dev/fd); do if [ "$fd" -gt 2 ]; then eval "exec $fd>&-"; fi; done
            exec git commit -q --allow-empty -F -
            """
        let result = try repository.gitResult(["add", "-A"])
        guard result.status == 0 else { throw TestFailure("git add failed: \(result.stderr)") }
        var environment = repository.environment
        for (key, value) in extraEnvironment { environment[key] = value }
        // bash, not sh: dash redirects only descriptors 0 to 9.
        return try runProcess(
            "/usr/bin/env", ["bash", "-c", closeAndCommit], in: repository.url, environment: environment,
            input: message)
    }

    @Test("a slipway that hangs holds the commit 5 seconds, then goes on in the background and the commit returns")
    func hangingSlipwayIsBounded() throws {
        let repository = try TestRepository.withInitialCommit()
        #expect(try repository.slipway("hooks", "install").status == 0)
        let (program, folder) = try hangingSlipway(in: repository)
        try repository.git(["config", "slipway.path", program.path])
        let temporary = repository.directory.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { endStandIn(folder) }

        let started = Date()
        // Reading git's standard error to its end also proves nothing left running holds it open.
        let commit = try commitAsAClientWould(repository, "Anything", extraEnvironment: ["TMPDIR": temporary.path])
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 4.5 && elapsed < 30, "the commit took \(elapsed) s")
        #expect(try repository.git(["log", "-1", "--format=%s"]) == "Anything\n")

        let leftover = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(leftover.count == 1 && leftover.first?.hasPrefix("slipway-post-commit.") == true, "\(leftover)")
        let output = temporary.appendingPathComponent(leftover.first ?? "")
        #expect(
            commit.stderr
                == "fake slipway: hook post-commit\n"
                + "slipway: post-commit hook: slipway is still running after 5 s; it goes on in the background, "
                + "writing to \(output.path)\n", "\(commit.stderr)")
        let pid = pid_t(contents(folder.appendingPathComponent("pid")).trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(pid.map { kill($0, 0) == 0 } == true, "the stand-in was stopped instead of left to go on")
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
