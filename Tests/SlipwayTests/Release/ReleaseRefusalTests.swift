import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayWorkspace
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("release: refusals, before anything changes")
struct ReleaseRefusalTests {
    @Test("a second release while one runs is refused with exit 2, naming the running one; nothing of it is touched")
    func lockContention() throws {
        let repo = try ReleaseRepository.make(
            config: """
                stages:
                  - name: wait
                    run: touch started; while [ ! -f go ]; do sleep 0.05; done

                """)
        let first = try RunningProcess(
            SlipwayBinary.path, ["release", "minor"], in: repo.url, environment: repo.environment)
        try waitUntil("the first release's stage to start") { fileExists(repo.url.appendingPathComponent("started")) }
        let bumped = try Data(contentsOf: repo.url.appendingPathComponent("project.yml"))

        for arguments in [["release"], ["release", "--dry-run"]] {
            let second = try repo.slipway(arguments: arguments)
            #expect(second.status == 2, "\(arguments): \(second.stdout)\(second.stderr)")
            #expect(
                second.stderr.contains("Error: another release holds this repository's lock: pid \(first.pid) on "),
                "\(second.stderr)")
            #expect(second.stderr.contains("('slipway release minor')"))
            #expect(second.stderr.contains("kill \(first.pid)"))
            #expect(second.stdout.isEmpty)
        }
        #expect(try Data(contentsOf: repo.url.appendingPathComponent("project.yml")) == bumped)

        try Data().write(to: repo.url.appendingPathComponent("go"))
        #expect(first.waitForExit() == 0, "\(first.stdout)\(first.stderr)")
        #expect(try repo.log("%s") == "Release 1.3.0 (43)\n")
    }

    @Test("a test holding the lock itself gets the same refusal")
    func lockHeldByAnotherProcess() throws {
        let repo = try ReleaseRepository.make()
        let lock = try WriterLock.acquire(
            in: try Repository(discoveringFrom: repo.url), command: "slipway release major --push")
        defer { lock.release() }
        let result = try repo.slipway("release")
        #expect(result.status == 2)
        #expect(result.stderr.contains("pid \(getpid()) on \(lock.holder.host)"), "\(result.stderr)")
        #expect(result.stderr.contains("('slipway release major --push')"))
        #expect(!fileExists(repo.url.appendingPathComponent(".slipway")))
    }

    @Test(
        "uncommitted changes to tracked files are refused (exit 2); --allow-dirty releases and leaves them as they were"
    )
    func dirtyTree() throws {
        let repo = try ReleaseRepository.make()
        try repo.write("iOS/App.swift", "// work in progress\n")
        try repo.write("Shared/Staged.swift", "struct Staged {}\n")
        try repo.git(["add", "Shared/Staged.swift"])
        let refs = try ReleaseRepository.refs(repo)

        let refused = try repo.slipway("release")
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "Error: cannot release: tracked files have uncommitted changes:\n  Shared/Staged.swift\n  iOS/App.swift\n"
            ),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-dirty"))
        #expect(try ReleaseRepository.refs(repo) == refs)
        #expect(
            !fileExists(repo.url.appendingPathComponent(".slipway")), "a refusal writes nothing, not even a manifest")

        let released = try repo.slipway("release", "--allow-dirty")
        #expect(released.status == 0, "\(released.stdout)\(released.stderr)")
        #expect(try repo.git(["diff-tree", "--no-commit-id", "--name-only", "-r", "HEAD"]) == "project.yml\n")
        #expect(try repo.read("iOS/App.swift") == "// work in progress\n")
        #expect(
            try repo.git(["diff", "--cached", "--name-only"]) == "Shared/Staged.swift\n", "the staged file stays staged"
        )
        #expect(try repo.git(["diff", "--name-only"]) == "iOS/App.swift\n")
    }

    @Test("--allow-dirty never lets a release commit someone's uncommitted edits to the spec")
    func dirtySpec() throws {
        let repo = try ReleaseRepository.make()
        let edited = try repo.read("project.yml") + "# note to self\n"
        try repo.write("project.yml", edited)
        let result = try repo.slipway("release", "--allow-dirty")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("project.yml has uncommitted changes, which the release commit would take along"),
            "\(result.stderr)")
        #expect(try repo.read("project.yml") == edited)
    }

    @Test("a merge in progress is refused with exit 2 and how to finish or abort it")
    func mergeInProgress() throws {
        let repo = try ReleaseRepository.make()
        try repo.git(["checkout", "-q", "-b", "side"])
        try repo.write("iOS/App.swift", "// side\n")
        try repo.commit("Side change")
        try repo.git(["checkout", "-q", "main"])
        try repo.write("iOS/App.swift", "// main\n")
        try repo.commit("Main change")
        let merge = try repo.gitResult(["merge", "side"])
        #expect(merge.status != 0, "the merge should stop on the conflict")
        let refs = try ReleaseRepository.refs(repo)

        let result = try repo.slipway("release")
        #expect(result.status == 2)
        #expect(result.stderr.contains("Error: cannot release: a merge is in progress"), "\(result.stderr)")
        #expect(result.stderr.contains("git merge --abort"))
        #expect(try ReleaseRepository.refs(repo) == refs)
        #expect(fileExists(repo.gitFolder.appendingPathComponent("MERGE_HEAD")))
    }

    @Test("a tag that already exists is refused before anything changes")
    func existingTag() throws {
        let repo = try ReleaseRepository.make()
        try repo.git(["tag", "v1.3.0", "HEAD~2"])
        let result = try repo.slipway("release", "minor")
        #expect(result.status == 2)
        #expect(result.stderr.contains("Error: cannot release: the tag v1.3.0 already exists"), "\(result.stderr)")
        #expect(try repo.read("project.yml") == ReleaseFixture.spec(version: "1.2.0", build: "42"))
    }
}
