import Foundation
import SlipwayCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A release killed with SIGKILL after each of its steps (`SLIPWAY_TEST_KILL_AFTER_STEP`, test-only), then finished
/// with `--continue` or undone with `--abort`, on real repositories with real stages.
@Suite("release journal: --continue and --abort after a crash at every step")
struct ReleaseJournalTests {
    /// The six steps of `ReleaseRepository.make()`'s release: write, stages, artifacts, commit, manifest, tag.
    static let steps = Array(1...5)

    static func killed(after step: Int) throws -> (repo: TestRepository, refs: String, spec: Data) {
        let repo = try ReleaseRepository.make()
        let refs = try ReleaseRepository.refs(repo)
        let spec = try Data(contentsOf: repo.url.appendingPathComponent("project.yml"))
        let killed = try repo.slipway(
            arguments: ["release", "minor"], extraEnvironment: ["SLIPWAY_TEST_KILL_AFTER_STEP": String(step)])
        // Foundation reports a process that a signal ended by the signal's number.
        #expect(killed.status == SIGKILL, "step \(step): \(killed.stdout)\(killed.stderr)")
        #expect(
            FileManager.default.fileExists(
                atPath: repo.gitFolder.appendingPathComponent("slipway/release-journal").path))
        return (repo, refs, spec)
    }

    @Test("--continue finishes the release as planned", arguments: steps)
    func continues(after step: Int) throws {
        let (repo, _, _) = try Self.killed(after: step)
        let result = try repo.slipway("release", "--continue")
        #expect(result.status == 0, "step \(step): \(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Continuing the release of MyApp 1.3.0 (43) from "))
        #expect(try repo.log("%s") == "Release 1.3.0 (43)\n")
        #expect(try repo.git(["rev-parse", "v1.3.0^{commit}"]) == (try repo.git(["rev-parse", "HEAD"])))
        #expect(try repo.trackedStatus().isEmpty)
        let manifest = try ReleaseRepository.readManifest(repo, ReleaseRepository.manifestPath)
        #expect(manifest["status"]?.stringValue == "succeeded")
        #expect(manifest["git"]?["commit"]?.stringValue == (try repo.git(["rev-parse", "HEAD"])).trimmed)
        #expect(manifest["stages"]?.arrayValue?.count == 2)
        #expect(manifest["artifacts"]?.arrayValue?.count == 1)
        #expect(
            !FileManager.default.fileExists(
                atPath: repo.gitFolder.appendingPathComponent("slipway/release-journal").path))
    }

    @Test("--abort puts the repository back as it was before the release", arguments: steps)
    func aborts(after step: Int) throws {
        let (repo, refs, spec) = try Self.killed(after: step)
        let result = try repo.slipway("release", "--abort")
        #expect(result.status == 0, "step \(step): \(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("Aborted the release of MyApp 1.3.0:\n"), "\(result.stdout)")
        #expect(result.stdout.contains("put project.yml back as it was"))
        #expect(try ReleaseRepository.refs(repo) == refs)
        #expect(try Data(contentsOf: repo.url.appendingPathComponent("project.yml")) == spec)
        #expect(try repo.trackedStatus().isEmpty)
        #expect(
            !FileManager.default.fileExists(
                atPath: repo.url.appendingPathComponent(ReleaseRepository.manifestPath).path))
        #expect(
            !FileManager.default.fileExists(
                atPath: repo.gitFolder.appendingPathComponent("slipway/release-journal").path))
    }

    @Test("a release killed in the middle of a stage is continued from that stage; the stage's programs died with it")
    func killedDuringStage() throws {
        let repo = try ReleaseRepository.make(
            config: """
                stages:
                  - name: first
                    run: echo first >> runs.txt
                  - name: wait
                    run: sleep 300 & echo $! > child.pid; echo wait >> runs.txt; while [ ! -f go ]; do sleep 0.05; done

                """)
        try repo.write(".gitignore", "build/\nruns.txt\nchild.pid\ngo\n")
        try repo.commit("Ignore the stages' files")
        let release = try RunningProcess(
            SlipwayBinary.path, ["release", "minor"], in: repo.url, environment: repo.environment)
        try waitUntil("the second stage to start") { fileExists(repo.url.appendingPathComponent("child.pid")) }
        let child = try #require(readPid(repo.url.appendingPathComponent("child.pid")))
        release.signal(SIGKILL)
        #expect(release.waitForExit() == SIGKILL)
        try waitUntil("the stage's programs to end with slipway", timeout: 30) { !isProcessRunning(child) }
        try Data().write(to: repo.url.appendingPathComponent("go"))
        let result = try repo.slipway("release", "--continue")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            try String(contentsOf: repo.url.appendingPathComponent("runs.txt"), encoding: .utf8)
                == "first\nwait\nwait\n")
        #expect(try repo.log("%s") == "Release 1.3.0 (43)\n")
        #expect(try repo.trackedStatus().isEmpty)
    }

    @Test("while a release is pending every writer refuses, naming --continue and --abort; --status shows the steps")
    func pendingRefusals() throws {
        let (repo, _, _) = try Self.killed(after: 4)
        for arguments in [["bump", "build"], ["release", "patch"], ["release", "--dry-run"], ["hooks", "install"]] {
            let result = try repo.slipway(arguments: arguments)
            #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("Error: a release was interrupted and is not finished"), "\(result.stderr)")
            #expect(result.stderr.contains("'slipway release continue'"))
            #expect(result.stderr.contains("'slipway release abort'"))
        }
        let status = try repo.slipway("release", "--status")
        #expect(status.status == 1)
        #expect(status.stdout.contains("A release is pending: MyApp 1.3.0 (43) from "), "\(status.stdout)")
        #expect(status.stdout.contains("  done   4. commit project.yml\n"), "\(status.stdout)")
        #expect(status.stdout.contains("  next   5. write the manifest\n"), "\(status.stdout)")
        #expect(status.stdout.contains("         6. tag v1.3.0\n"), "\(status.stdout)")
        let usage = try repo.slipway("release", "--abort", "patch")
        #expect(usage.status == 64)
        #expect(try repo.slipway("release", "--abort").status == 0)
        #expect(try repo.slipway("release", "--status").stdout == "No release is pending.\n")
        let none = try repo.slipway("release", "--continue")
        #expect(none.status == 2)
        #expect(none.stderr.contains("no release is pending"))
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
