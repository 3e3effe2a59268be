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

@Suite("one lock for every writer: bump, release, hooks and ci install")
struct WriterLockTests {
    /// The build number `slipway version --json` reports.
    static func build(_ repo: TestRepository) throws -> String? {
        let result = try repo.slipway("version", "--json")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (object?["build"] as? [String: Any])?["value"] as? String
    }

    @Test("five 'bump build --wait' at once add exactly five: no update is lost")
    func concurrentBumps() throws {
        let repo = try ReleaseRepository.make()
        #expect(try Self.build(repo) == "42")
        let bumps = try (0..<5).map { _ in
            try RunningProcess(
                SlipwayBinary.path, ["bump", "build", "--wait"], in: repo.url, environment: repo.environment)
        }
        for bump in bumps {
            #expect(bump.waitForExit() == 0, "\(bump.stdout)\(bump.stderr)")
        }
        #expect(try Self.build(repo) == "47")
    }

    @Test("a writer while another holds the lock is refused with exit 2 naming the holder, and writes nothing")
    func refusedWhileHeld() throws {
        let repo = try ReleaseRepository.make()
        let lock = try WriterLock.acquire(
            in: try Repository(discoveringFrom: repo.url), command: "slipway bump minor")
        defer { lock.release() }
        let before = try TreeSnapshot(repo.url)
        let commands: [[String]] = [
            ["bump", "build"], ["release", "patch"], ["hooks", "install"], ["hooks", "uninstall"],
            ["ci", "install", "github"],
        ]
        for arguments in commands {
            let result = try repo.slipway(arguments: arguments)
            #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(
                result.stderr.contains(
                    "Error: another Slipway command holds this repository's lock: pid \(getpid()) on "),
                "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("('slipway bump minor')"), "\(result.stderr)")
            #expect(result.stderr.contains("--wait"), "\(result.stderr)")
        }
        // Dry runs take no lock and write nothing, so they still work.
        #expect(try repo.slipway("bump", "build", "--dry-run").status == 0)
        #expect(try repo.slipway("hooks", "install", "--dry-run").status == 0)
        #expect(try TreeSnapshot(repo.url).differences(from: before).isEmpty)
    }

    @Test("--wait waits for the holder, says whom it waits for, then plans from what the holder left")
    func waits() throws {
        let repo = try ReleaseRepository.make()
        let lock = try WriterLock.acquire(
            in: try Repository(discoveringFrom: repo.url), command: "slipway release minor")
        let waiting = try RunningProcess(
            SlipwayBinary.path, ["bump", "build", "--wait"], in: repo.url, environment: repo.environment)
        try waitUntil("the second bump to say whom it waits for") {
            waiting.stderr.contains("slipway: waiting for pid \(getpid())")
        }
        #expect(waiting.stderr.contains("('slipway release minor') to finish"), "\(waiting.stderr)")
        // The holder writes while the other waits: the waiting bump must start from 43, not 42.
        let spec = repo.url.appendingPathComponent("project.yml")
        let text = try String(contentsOf: spec, encoding: .utf8)
        try text.replacingOccurrences(of: "CURRENT_PROJECT_VERSION: \"42\"", with: "CURRENT_PROJECT_VERSION: \"43\"")
            .write(to: spec, atomically: true, encoding: .utf8)
        lock.release()
        #expect(waiting.waitForExit() == 0, "\(waiting.stdout)\(waiting.stderr)")
        #expect(try Self.build(repo) == "44")
    }

    @Test("a spec edited while the stages run is not committed: the release stops and keeps the edit")
    func specEditedDuringStages() throws {
        let repo = try ReleaseRepository.make(
            config: """
                stages:
                  - name: edit
                    run: |
                      sed 's/MARKETING_VERSION: .*/MARKETING_VERSION: 9.9.9/' project.yml > edited.yml
                      mv edited.yml project.yml

                """)
        let refs = try ReleaseRepository.refs(repo)
        let result = try repo.slipway("release", "minor")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains("project.yml changed after the release wrote it, so it is not what the release "),
            "\(result.stderr)")
        #expect(result.stderr.contains("project.yml changed after the release wrote it and was left as it is now"))
        let spec = try String(contentsOf: repo.url.appendingPathComponent("project.yml"), encoding: .utf8)
        #expect(spec.contains("MARKETING_VERSION: 9.9.9"))
        #expect(try ReleaseRepository.refs(repo) == refs)
    }

    @Test("a commit made during the stages (git commit -a takes the bump along) stops the release and keeps its files")
    func commitDuringStages() throws {
        let repo = try ReleaseRepository.make(
            config: """
                stages:
                  - name: meanwhile
                    run: git -c user.name=Dev -c user.email=dev@example.com commit -qam "Someone else's commit"

                """)
        let result = try repo.slipway("release", "minor")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("while the release ran (a commit made meanwhile)"), "\(result.stderr)")
        #expect(result.stderr.contains("project.yml is left as it is: putting it back would undo what the new commit"))
        #expect(try repo.log("%s") == "Someone else's commit\n")
        #expect(try repo.trackedStatus().isEmpty)
        #expect(try repo.git(["tag", "-l", "v1.3.0"]).isEmpty)
        #expect(
            !FileManager.default.fileExists(
                atPath: repo.gitFolder.appendingPathComponent("slipway/release-journal").path))
    }
}
