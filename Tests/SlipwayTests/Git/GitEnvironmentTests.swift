import Foundation
import Testing

/// `GIT_DIR` and `GIT_WORK_TREE` select the repository for Slipway exactly as they do for git: run from one
/// checkout with both pointing at another, every command reads and writes the other.
@Suite("git's environment: GIT_DIR and GIT_WORK_TREE")
struct GitEnvironmentTests {
    static func repository(version: String) throws -> TestRepository {
        let repo = try TestRepository()
        try repo.write("project.yml", ReleaseFixture.spec(version: version, build: "1"))
        try repo.commit("App \(version)")
        return repo
    }

    @Test("version and bump act on the repository GIT_DIR and GIT_WORK_TREE name, not the current folder's")
    func selectsTheNamedRepository() throws {
        let here = try Self.repository(version: "1.0.0")
        let there = try Self.repository(version: "2.0.0")
        let environment = ["GIT_DIR": there.url.appendingPathComponent(".git").path, "GIT_WORK_TREE": there.path]
        let version = try here.slipway(arguments: ["version"], extraEnvironment: environment)
        #expect(version.status == 0, "\(version.stdout)\(version.stderr)")
        #expect(version.stdout.contains("2.0.0"), "\(version.stdout)")
        #expect(!version.stdout.contains("1.0.0"), "\(version.stdout)")
        let bump = try here.slipway(arguments: ["bump", "patch"], extraEnvironment: environment)
        #expect(bump.status == 0, "\(bump.stdout)\(bump.stderr)")
        let thereSpec = try String(contentsOf: there.url.appendingPathComponent("project.yml"), encoding: .utf8)
        let hereSpec = try String(contentsOf: here.url.appendingPathComponent("project.yml"), encoding: .utf8)
        #expect(thereSpec.contains("MARKETING_VERSION: \"2.0.1\""), "\(thereSpec)")
        #expect(hereSpec.contains("MARKETING_VERSION: \"1.0.0\""), "\(hereSpec)")
    }
}
