import Foundation
import Testing

@Suite("release: the post-commit hook's release action, end to end")
struct ReleaseHookTests {
    @Test("with --action release, a real [deploy] commit returns at once and the release's manifest appears soon after")
    func deployCommitReleases() throws {
        let repo = try ReleaseRepository.make(
            config: """
                stages:
                  - name: stamp
                    run: mkdir -p build && echo "$SLIPWAY_VERSION+$SLIPWAY_BUILD" > build/stamp.txt

                """)
        let install = try repo.slipway("hooks", "install", "--action", "release")
        #expect(install.status == 0, "\(install.stderr)")

        try repo.write("Shared/Core.swift", "struct Core {}\n")
        let commit = try repo.commitWithHooks("Add the core [deploy]")
        #expect(commit.stderr.contains("releasing in the background (log: .git/slipway/hook.log)"), "\(commit.stderr)")
        let deployCommit = try repo.rev("HEAD")
        #expect(try repo.log("%s", deployCommit) == "Add the core [deploy]\n")

        let manifest = repo.url.appendingPathComponent(".slipway/releases/1.3.0+43/manifest.json")
        try waitUntil("the background release's manifest") { fileExists(manifest) }
        let log = repo.gitFolder.appendingPathComponent("slipway/hook.log")
        try waitUntil("the background release to finish") {
            contents(log).contains("release finished with exit status")
        }
        #expect(contents(log).contains("release finished with exit status 0"), "\(contents(log))")

        let record = try ReleaseFixture.readJSON(manifest)
        #expect(try ReleaseFixture.schemaProblems(manifest) == [])
        #expect(record["status"]?.stringValue == "succeeded")
        #expect(record["git"]?["tag"]?.stringValue == "v1.3.0")
        #expect(
            record["trigger"]?["reasons"]?.arrayValue?.compactMap { $0["rule"]?.stringValue }.contains("message-tag")
                == true)
        #expect(try repo.rev("HEAD^") == deployCommit)
        #expect(try repo.log("%(trailers:key=Slipway-Release,valueonly)") == "1.3.0+43\n\n")
        #expect(try repo.rev("v1.3.0") == (try repo.head()))
        #expect(try repo.read("build/stamp.txt") == "1.3.0+43\n")
        // Slipway's own release commit started no second release.
        #expect(contents(log).components(separatedBy: "slipway hook run-action release").count == 2)
    }
}
