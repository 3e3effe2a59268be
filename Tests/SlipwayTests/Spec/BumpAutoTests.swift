import Foundation
import Testing

/// `bump auto` takes the level detect suggests for the commits since the latest release tag.
@Suite("bump auto")
struct BumpAutoTests {
    func repository() throws -> TestRepository {
        let repo = try TestRepository()
        try repo.write(
            "project.yml",
            "name: App\nsettings:\n  base:\n    MARKETING_VERSION: 1.4.2\n    CURRENT_PROJECT_VERSION: 118\n")
        try repo.write("iOS/App.swift")
        try repo.commit("Release 1.4.2")
        try repo.git(["tag", "-a", "v1.4.2", "-m", "1.4.2"])
        return repo
    }

    @Test(
        "a feat commit since the tag makes it minor; a breaking change major; a fix patch",
        arguments: [
            ("feat: reminders", "1.5.0"), ("fix(ui)!: drop iOS 16", "2.0.0"), ("fix: typo", "1.4.3"),
        ])
    func levels(_ message: String, _ expected: String) throws {
        let repo = try repository()
        try repo.write("iOS/Reminder.swift")
        try repo.commit(message)
        let result = try repo.slipway("bump", "auto")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("since v1.4.2"))
        #expect(
            try repo.read("project.yml").contains("MARKETING_VERSION: \(expected)\n    CURRENT_PROJECT_VERSION: 119\n"))
    }

    @Test("no commits since the release tag: exit 1, nothing written")
    func nothingToRelease() throws {
        let repo = try repository()
        let result = try repo.slipway("bump", "auto")
        #expect(result.status == 1)
        #expect(result.stderr.contains("no commits since v1.4.2"))
        #expect(try repo.read("project.yml").contains("MARKETING_VERSION: 1.4.2\n"))
    }

    @Test("outside a git repository auto is exit 2, other levels work")
    func outsideRepository() throws {
        let fixture = try SpecFixture("settings-forms")
        let result = try fixture.slipway(["bump", "auto"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not in a git repository"))
        #expect(try fixture.slipway(["bump", "patch"]).status == 0)
    }
}
