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

@Suite("release: a failed release puts the spec back and records the failure")
struct ReleaseFailureTests {
    let manifestPath = ReleaseRepository.manifestPath

    @Test(
        "a stage that fails (exit 3) leaves the spec byte-identical, no commit, no tag, and a failed manifest; exit 1")
    func failingStage() throws {
        let repo = try ReleaseRepository.make(
            config: """
                stages:
                  - name: first
                    run: touch first-ran
                  - name: broken
                    run: echo 'about to fail' >&2; exit 3
                  - name: never
                    run: touch never-ran
                artifacts: [build/*.zip]

                """)
        let spec = try Data(contentsOf: repo.url.appendingPathComponent("project.yml"))
        let refs = try ReleaseRepository.refs(repo)
        let index = try Data(contentsOf: repo.gitFolder.appendingPathComponent("index"))
        let source = try repo.head()

        let result = try repo.slipway("release", "minor")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("Error: release 1.3.0 (43) failed: stage 'broken' failed: "), "\(result.stderr)")
        #expect(result.stderr.contains("exited with code 3"))
        #expect(result.stderr.contains("project.yml is back as it was, byte for byte; nothing was committed or tagged"))
        #expect(result.stderr.contains("the failure is recorded in \(manifestPath)"))

        #expect(try Data(contentsOf: repo.url.appendingPathComponent("project.yml")) == spec)
        #expect(try ReleaseRepository.refs(repo) == refs)
        #expect(try Data(contentsOf: repo.gitFolder.appendingPathComponent("index")) == index)
        #expect(try repo.trackedStatus() == "")
        #expect(fileExists(repo.url.appendingPathComponent("first-ran")))
        #expect(!fileExists(repo.url.appendingPathComponent("never-ran")))

        let manifest = try ReleaseRepository.readManifest(repo, manifestPath)
        #expect(try ReleaseFixture.schemaProblems(repo.url.appendingPathComponent(manifestPath)) == [])
        #expect(manifest["status"]?.stringValue == "failed")
        #expect(manifest["failure"]?["stage"]?.stringValue == "broken")
        #expect(manifest["failure"]?["message"]?.stringValue?.contains("exited with code 3") == true)
        #expect(manifest["git"]?["commit"]?.stringValue == source)
        #expect(manifest["git"]?["tag"] == .null)
        #expect(manifest["version"]?["marketing"]?.stringValue == "1.3.0")
        #expect(manifest["version"]?["build"]?.stringValue == "43")
        #expect(manifest["trigger"]?["requested"]?.stringValue == "minor")
        let stages = manifest["stages"]?.arrayValue ?? []
        #expect(stages.compactMap { $0["status"]?.stringValue } == ["passed", "failed", "skipped"])
        #expect(stages[1]["exitCode"]?.intValue == 3)
        #expect(manifest["artifacts"] == .array([]))
        #expect(
            try String(contentsOf: repo.url.appendingPathComponent(".slipway/logs/broken.log"), encoding: .utf8)
                == "about to fail\n")
    }

    @Test("an artifact the stages did not produce fails the release before the commit, putting the spec back")
    func missingArtifact() throws {
        let repo = try ReleaseRepository.make(
            config: "stages:\n  - name: build\n    run: 'true'\nartifacts: [build/*.ipa]\n")
        let spec = try Data(contentsOf: repo.url.appendingPathComponent("project.yml"))
        let refs = try ReleaseRepository.refs(repo)
        let result = try repo.slipway("release")
        #expect(result.status == 1)
        #expect(result.stderr.contains("no file matches the artifact pattern 'build/*.ipa'"), "\(result.stderr)")
        #expect(try Data(contentsOf: repo.url.appendingPathComponent("project.yml")) == spec)
        #expect(try ReleaseRepository.refs(repo) == refs)
        let manifest = try ReleaseRepository.readManifest(repo, manifestPath)
        #expect(manifest["status"]?.stringValue == "failed")
        #expect(manifest["failure"]?["stage"] == .null)
        #expect(manifest["stages"]?.arrayValue?.first?["status"]?.stringValue == "passed")
    }

    @Test("Ctrl-C during a stage stops it, puts the spec back, records the stage as cancelled, and exits 130")
    func interrupted() throws {
        let repo = try ReleaseRepository.make(
            config: """
                stages:
                  - name: wait
                    run: touch started; sleep 30; touch finished

                """)
        let spec = try Data(contentsOf: repo.url.appendingPathComponent("project.yml"))
        let refs = try ReleaseRepository.refs(repo)
        let release = try RunningProcess(SlipwayBinary.path, ["release"], in: repo.url, environment: repo.environment)
        try waitUntil("the stage to start") { fileExists(repo.url.appendingPathComponent("started")) }
        release.signal(SIGINT)
        let status = release.waitForExit()
        #expect(status == 130, "\(release.stdout)\(release.stderr)")
        #expect(release.stderr.contains("interrupted by SIGINT"), "\(release.stderr)")
        #expect(!fileExists(repo.url.appendingPathComponent("finished")))
        #expect(try Data(contentsOf: repo.url.appendingPathComponent("project.yml")) == spec)
        #expect(try ReleaseRepository.refs(repo) == refs)
        let manifest = try ReleaseRepository.readManifest(repo, manifestPath)
        #expect(manifest["status"]?.stringValue == "failed")
        #expect(manifest["failure"]?["stage"]?.stringValue == "wait")
        #expect(manifest["stages"]?.arrayValue?.first?["status"]?.stringValue == "cancelled")
        #expect(!fileExists(repo.gitFolder.appendingPathComponent(WriterLock.fileName)))
    }

    @Test("a push that fails after the commit says what exists and the command that finishes the release")
    func pushFails() throws {
        let repo = try ReleaseRepository.make()
        let remote = try TestRepository(bare: true)
        try repo.git(["remote", "add", "origin", remote.path])
        try repo.git(["push", "-q", "-u", "origin", "main"])
        try FileManager.default.removeItem(at: remote.url)
        let result = try repo.slipway("release", "--push")
        #expect(result.status == 1)
        #expect(result.stderr.contains("the release 1.3.0 (43) was committed ("), "\(result.stderr)")
        #expect(result.stderr.contains("tagged v1.3.0 and recorded, but pushing failed"))
        #expect(
            result.stderr.contains(
                "git push --atomic origin refs/heads/main:refs/heads/main refs/tags/v1.3.0:refs/tags/v1.3.0"))
        #expect(try repo.log("%s") == "Release 1.3.0 (43)\n")
        #expect(try repo.git(["tag", "-l", "v1.3.0"]) == "v1.3.0\n")
        #expect(try ReleaseRepository.readManifest(repo, manifestPath)["status"]?.stringValue == "succeeded")
    }
}
