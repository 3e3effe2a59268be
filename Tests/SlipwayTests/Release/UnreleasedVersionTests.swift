import Foundation
import Testing

@Suite("release: a version the spec already holds, newer than the last release, is released as it is")
struct UnreleasedVersionTests {
    /// `v1.2.0`, then the spec moved on to 1.3.0 (build 42) without a release.
    static func unreleased() throws -> TestRepository {
        let repo = try ReleaseRepository.make()
        try repo.write("project.yml", ReleaseFixture.spec(version: "1.3.0", build: "42"))
        try repo.commit("Start 1.3.0")
        return repo
    }

    @Test("auto releases 1.3.0 as it is (the build moves on) and the plan says why")
    func releasedAsItIs() throws {
        let repo = try Self.unreleased()
        let dryRun = try repo.slipway("release", "--dry-run")
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(
            dryRun.stdout.contains(
                "the spec holds 1.3.0, newer than the last release v1.2.0 and not tagged yet: released as it is, "
                    + "not bumped again"), "\(dryRun.stdout)")
        let result = try repo.slipway("release")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try repo.log("%s") == "Release 1.3.0 (43)\n")
        #expect(try repo.read("project.yml") == ReleaseFixture.spec(version: "1.3.0", build: "43"))
        #expect(try repo.git(["tag", "--list", "v1.3.0"]) == "v1.3.0\n")
    }

    @Test("a level asked for still bumps; once 1.3.0 is tagged, auto bumps past it again")
    func levelsAndTagged() throws {
        let repo = try Self.unreleased()
        let minor = try repo.slipway("release", "minor", "--dry-run")
        #expect(minor.status == 0, "\(minor.stderr)")
        #expect(minor.stdout.contains("version       1.3.0 -> 1.4.0\n"), "\(minor.stdout)")
        try repo.git(["tag", "-a", "v1.3.0", "-m", "Release 1.3.0", "HEAD~1"])
        let auto = try repo.slipway("release", "--dry-run")
        #expect(auto.status == 0, "\(auto.stderr)")
        #expect(!auto.stdout.contains("released as it is"), "\(auto.stdout)")
    }
}
