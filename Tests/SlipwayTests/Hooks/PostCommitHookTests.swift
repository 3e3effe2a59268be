import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("the post-commit hook, run by real git commits")
struct PostCommitHookTests {
    let verbose = ["SLIPWAY_HOOK_VERBOSE": "1"]

    func makeRepository(action: String? = nil) throws -> TestRepository {
        let repository = try TestRepository()
        try repository.write("App/App.swift", "struct App {}\n")
        try repository.commit("Initial commit")
        let install = try repository.slipway(
            arguments: ["hooks", "install"] + (action.map { ["--action", $0] } ?? []))
        guard install.status == 0 else { throw TestFailure("hooks install failed: \(install.stderr)") }
        return repository
    }

    @Test("notify: a [deploy] commit prints one line with the verdict and its reasons")
    func notify() throws {
        let repository = try makeRepository()
        try repository.write("App/Login.swift", "struct Login {}\n")
        let result = try repository.commitWithHooks("Add login [deploy]")
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("slipway:") }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.contains("MAJOR CHANGE (bump patch): message tag [deploy] in ") == true)
        #expect(lines.first?.contains("\"Add login [deploy]\"") == true)
        #expect(lines.first?.contains("'slipway release' cuts a release") == true)
    }

    @Test("an ordinary commit triggers nothing")
    func ordinary() throws {
        let repository = try makeRepository()
        try repository.write("App/App.swift", "struct App { var name = \"x\" }\n")
        let quiet = try repository.commitWithHooks("Rename a property")
        #expect(!quiet.stderr.contains("slipway"), "\(quiet.stderr)")
        try repository.write("App/App.swift", "struct App { var title = \"x\" }\n")
        let explained = try repository.commitWithHooks("Rename it again", extraEnvironment: verbose)
        #expect(
            explained.stderr.contains("slipway: post-commit hook skipped: "),
            "the hook did not run: \(explained.stderr)")
        #expect(explained.stderr.contains("is not a major change"))
        #expect(!fileExists(repository.gitFolder.appendingPathComponent("slipway/hook.log")))
    }

    @Test("Slipway's own release commit (Slipway-Release trailer) does not trigger again")
    func releaseCommit() throws {
        let repository = try makeRepository(action: "push")
        try repository.write("project.yml", "name: App\n")
        let result = try repository.commitWithHooks(
            "Release 1.2.0 (7) [deploy]\n\nSlipway-Release: 1.2.0+7\n", extraEnvironment: verbose)
        #expect(result.stderr.contains("is a Slipway release commit"), "\(result.stderr)")
        #expect(!result.stderr.contains("MAJOR CHANGE"))
        #expect(!fileExists(repository.gitFolder.appendingPathComponent("slipway/hook.log")))
    }

    @Test("SLIPWAY_SKIP_HOOK=1 turns the hook off")
    func skipVariable() throws {
        let repository = try makeRepository()
        let result = try repository.commitWithHooks("Big change [deploy]", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        #expect(!result.stderr.contains("slipway"), "\(result.stderr)")
        let direct = try repository.slipway(
            arguments: ["hook", "post-commit"],
            extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1", "SLIPWAY_HOOK_VERBOSE": "1"])
        #expect(direct.status == 0)
        #expect(direct.stderr.contains("skipped: SLIPWAY_SKIP_HOOK=1"))
    }

    @Test("a commit made while a rebase is stopped is left alone")
    func duringRebase() throws {
        let repository = try makeRepository()
        try repository.write("App/One.swift", "struct One {}\n")
        try repository.commitWithHooks("One")
        let editor = repository.directory.url.appendingPathComponent("edit-first.sh")
        try repository.writeExecutable(
            editor, "#!/bin/sh\nsed 's/^pick/edit/' \"$1\" > \"$1.tmp\" && mv \"$1.tmp\" \"$1\"\n")
        let rebase = try repository.gitResult(
            ["rebase", "-i", "HEAD~1"], extraEnvironment: ["GIT_SEQUENCE_EDITOR": editor.path])
        #expect(rebase.status == 0, "\(rebase.stderr)")
        #expect(fileExists(repository.gitFolder.appendingPathComponent("rebase-merge")))

        try repository.write("Shared/Core.swift", "struct Core {}\n")
        let result = try repository.commitWithHooks("Split core out [deploy]", extraEnvironment: verbose)
        #expect(result.stderr.contains("skipped: a rebase is in progress"), "\(result.stderr)")
        #expect(!result.stderr.contains("MAJOR CHANGE"))
        #expect(try repository.gitResult(["rebase", "--continue"]).status == 0)
    }

    @Test("merge, cherry-pick and revert commits are left alone", arguments: ["merge", "cherry-pick", "revert"])
    func operations(operation: String) throws {
        let repository = try makeRepository()
        try repository.git(["checkout", "-q", "-b", "side"])
        try repository.write("App/App.swift", "struct App { let side = 1 }\n")
        try repository.commitWithHooks("Side change [deploy]", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        try repository.git(["checkout", "-q", "main"])
        let result: ProcessResult
        switch operation {
        case "merge":
            try repository.write("App/App.swift", "struct App { let main = 1 }\n")
            try repository.commitWithHooks("Main change", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
            #expect(try repository.gitResult(["merge", "-q", "side"]).status != 0, "the merge should conflict")
            try repository.write("App/App.swift", "struct App { let main = 1; let side = 1 }\n")
            try repository.git(["add", "-A"])
            result = try repository.gitResult(["commit", "-q", "--no-edit"], extraEnvironment: verbose)
        case "cherry-pick":
            result = try repository.gitResult(["cherry-pick", "side"], extraEnvironment: verbose)
        default:
            try repository.git(["merge", "-q", "--ff-only", "side"])
            result = try repository.gitResult(["revert", "--no-edit", "HEAD"], extraEnvironment: verbose)
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("slipway: post-commit hook skipped:"), "\(result.stderr)")
        #expect(!result.stderr.contains("MAJOR CHANGE"), "\(result.stderr)")
    }

    @Test("an amended [deploy] commit is judged like any commit: git runs post-commit for --amend too")
    func amend() throws {
        let repository = try makeRepository()
        try repository.write("notes.txt", "one\n")
        let first = try repository.commitWithHooks("Notes")
        #expect(!first.stderr.contains("MAJOR CHANGE"), "\(first.stderr)")
        let amended = try repository.gitResult(["commit", "-q", "--amend", "-m", "Notes [deploy]"])
        #expect(amended.status == 0, "\(amended.stderr)")
        #expect(
            amended.stderr.contains("slipway: MAJOR CHANGE (bump patch): message tag [deploy]"), "\(amended.stderr)")
    }

    @Test("push: a [deploy] commit (made with commit -a) arrives at the bare remote without the commit waiting for it")
    func push() throws {
        let repository = try makeRepository(action: "push")
        let remote = try TestRepository(bare: true)
        try repository.git(["remote", "add", "origin", remote.path])
        try repository.git(["push", "-q", "-u", "origin", "main"])
        try repository.write("App/App.swift", "struct App { let version = 2 }\n")
        // commit -a gives the hook a temporary index; the background push must not inherit it.
        let result = try repository.gitResult(["commit", "-q", "-a", "-m", "Ship it [deploy]"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("pushing main to origin in the background (log: .git/slipway/hook.log)"),
            "\(result.stderr)")
        let head = try repository.head()
        try waitUntil("the push to reach the remote") {
            try remote.gitResult(["rev-parse", "-q", "--verify", "refs/heads/main"], in: remote.url).stdout.hasPrefix(
                head)
        }
        let log = repository.gitFolder.appendingPathComponent("slipway/hook.log")
        try waitUntil("the log's last line") { contents(log).contains("push finished with exit status 0") }
        #expect(
            contents(log).contains("$ git push --atomic origin refs/heads/main:refs/heads/main"), "\(contents(log))")
    }

    @Test("push: the branch goes to the branch it tracks (branch.<name>.merge), as a release pushes it")
    func pushToUpstream() throws {
        let repository = try makeRepository(action: "push")
        let remote = try TestRepository(bare: true)
        try repository.git(["remote", "add", "origin", remote.path])
        try repository.git(["push", "-q", "origin", "main:refs/heads/release-train"])
        try repository.git(["branch", "-q", "--set-upstream-to", "origin/release-train"])
        try repository.write("Shared/Core.swift", "struct Core {}\n")
        let result = try repository.commitWithHooks("Shared core [deploy]")
        #expect(result.stderr.contains("pushing main to origin in the background"), "\(result.stderr)")
        let head = try repository.head()
        try waitUntil("the push to reach the tracked branch") {
            try remote.gitResult(["rev-parse", "-q", "--verify", "refs/heads/release-train"], in: remote.url).stdout
                .hasPrefix(head)
        }
        #expect(
            try remote.gitResult(["rev-parse", "-q", "--verify", "refs/heads/main"], in: remote.url).status != 0,
            "the push went to a branch named like the local one instead of the tracked one")
        let log = repository.gitFolder.appendingPathComponent("slipway/hook.log")
        try waitUntil("the log's last line") { contents(log).contains("push finished with exit status 0") }
        #expect(
            contents(log).contains("$ git push --atomic origin refs/heads/main:refs/heads/release-train"),
            "\(contents(log))")
    }

    @Test("push with no remote says why in one line and the commit still succeeds")
    func pushWithoutRemote() throws {
        let repository = try makeRepository(action: "push")
        let result = try repository.commitWithHooks("Ship it [deploy]")
        #expect(
            result.stderr.contains("slipway: post-commit hook: branch main has no remote to push to"),
            "\(result.stderr)")
    }

    /// A stand-in for `slipway release`: records how it was started, then waits for the test's go-ahead.
    func makeStandIn(in repository: TestRepository) throws -> (program: URL, folder: URL) {
        let folder = repository.directory.url.appendingPathComponent("standin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let program = folder.appendingPathComponent("fake-slipway")
        try repository.writeExecutable(
            program,
            """
            #!/bin/sh
            out='\(folder.path)'
            echo "start $$" >> "$out/events"
            printf '%s\\n' "$@" > "$out/argv"
            if read -r line; then echo data > "$out/stdin"; else echo empty > "$out/stdin"; fi
            echo "$$ $PPID" > "$out/session"
            pwd -P > "$out/pwd"
            while [ ! -f "$out/go" ]; do sleep 0.05; done
            echo "end $$" >> "$out/events"

            """)
        return (program, folder)
    }

    @Test("release: slipway release starts detached, in its own session, stdin from /dev/null, logging, under the lock")
    func release() throws {
        let repository = try makeRepository(action: "release")
        let (program, folder) = try makeStandIn(in: repository)
        let environment = ["SLIPWAY_TEST_RELEASE_EXECUTABLE": program.path]

        try repository.write("Shared/Core.swift", "struct Core {}\n")
        let result = try repository.commitWithHooks("Shared core", extraEnvironment: environment)
        // git commit has returned while the release is still blocked on the go-ahead.
        #expect(result.stderr.contains("MAJOR CHANGE"))
        #expect(result.stderr.contains("releasing in the background (log: .git/slipway/hook.log)"), "\(result.stderr)")
        // `pwd` is the last file the stand-in writes before it waits for the go-ahead.
        try waitUntil("the stand-in release to start") {
            !contents(folder.appendingPathComponent("pwd")).isEmpty
        }

        #expect(contents(folder.appendingPathComponent("argv")) == "release\n")
        #expect(contents(folder.appendingPathComponent("stdin")) == "empty\n")
        // The stand-in's session, asked while it waits (ps names no session id on macOS): its parent's, the runner's.
        let ids = contents(folder.appendingPathComponent("session")).split(separator: " ").compactMap {
            pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let session = ids.first.map { getsid($0) } ?? -1
        #expect(ids.count == 2 && session == ids[1], "the runner did not start its own session: \(ids), \(session)")
        #expect(session != getsid(0))
        #expect(
            contents(folder.appendingPathComponent("pwd")).trimmingCharacters(in: .whitespacesAndNewlines)
                == realPath(repository.url.path))

        let lockPath = repository.gitFolder.appendingPathComponent("slipway/hook.lock").path
        let descriptor = open(lockPath, O_RDWR)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) != 0, "the lock is free while the release runs")

        let log = repository.gitFolder.appendingPathComponent("slipway/hook.log")
        #expect(contents(log).contains("slipway hook run-action release"))
        #expect(contents(log).contains("$ \(program.path) release"))

        try Data().write(to: folder.appendingPathComponent("go"))
        try waitUntil("the release to finish") { contents(log).contains("release finished with exit status 0") }
        try waitUntil("the lock to be released") { flock(descriptor, LOCK_EX | LOCK_NB) == 0 }
        flock(descriptor, LOCK_UN)
    }

    @Test("two background runs never overlap: the second waits for the lock")
    func runsNeverOverlap() throws {
        let repository = try makeRepository(action: "release")
        let (program, folder) = try makeStandIn(in: repository)
        let environment = ["SLIPWAY_TEST_RELEASE_EXECUTABLE": program.path]
        let log = repository.gitFolder.appendingPathComponent("slipway/hook.log")
        let events = folder.appendingPathComponent("events")

        try repository.commitWithHooks("First [deploy]", extraEnvironment: environment)
        try waitUntil("the first release to start") { contents(events).contains("start") }
        try repository.commitWithHooks("Second [deploy]", extraEnvironment: environment)
        try waitUntil("the second run to wait for the lock") { contents(log).contains("waiting for pid ") }
        #expect(contents(events).split(separator: "\n").count == 1, "a second release started while the first ran")

        try Data().write(to: folder.appendingPathComponent("go"))
        try waitUntil("both releases to finish") {
            contents(log).components(separatedBy: "release finished with exit status 0").count == 3
        }
        let order = contents(events).split(separator: "\n").map { $0.split(separator: " ")[0] }
        #expect(order == ["start", "end", "start", "end"])
    }

    @Test("the installed hook says so, without failing the commit, when the recorded slipway has gone")
    func binaryGone() throws {
        let repository = try makeRepository()
        try repository.git(["config", "slipway.path", "/nonexistent/bin/slipway"])
        let result = try repository.commitWithHooks("Anything [deploy]")
        #expect(
            result.stderr.contains(
                "slipway: post-commit hook skipped: /nonexistent/bin/slipway is not installed any more"),
            "\(result.stderr)")
        #expect(try repository.git(["log", "-1", "--format=%s"]) == "Anything [deploy]\n")
    }

    @Test("a GUI client's minimal PATH still finds slipway through the recorded path")
    func minimalPath() throws {
        let repository = try makeRepository()
        let git = try runProcess("/usr/bin/env", ["sh", "-c", "command -v git"], environment: repository.environment)
            .stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try repository.write("Shared/Core.swift", "struct Core {}\n")
        try repository.git(["add", "-A"])
        let result = try repository.gitResult(
            ["commit", "-q", "-m", "Shared"], extraEnvironment: ["PATH": "/usr/bin:/bin"])
        #expect(
            git.hasPrefix("/usr/bin/") || git.hasPrefix("/bin/"),
            "this test assumes git in /usr/bin or /bin, found \(git)")
        #expect(result.status == 0)
        #expect(result.stderr.contains("slipway: MAJOR CHANGE"), "\(result.stderr)")
    }

    @Test("an invalid .slipway.yml is reported in one line and the commit succeeds")
    func invalidConfiguration() throws {
        let repository = try makeRepository()
        try repository.write(".slipway.yml", "hooks:\n  action: deploy\n")
        let result = try repository.commitWithHooks("Change [deploy]")
        #expect(
            result.stderr.contains(
                "slipway: post-commit hook: .slipway.yml:2:11: 'hooks.action' must be one of notify, push, release"),
            "\(result.stderr)")
    }
}
