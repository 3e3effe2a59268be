import Foundation
import Testing

/// `slipway init` finds the app's spec at any depth, not the specs of checked-in dependencies or fixtures, and not a
/// fragment the app's spec includes.
@Suite("init: finding the spec")
struct InitSearchTests {
    static let app = """
        name: Notes
        include:
          - Kit/project.yml
        settings:
          MARKETING_VERSION: 2.0.0
        targets:
          Notes:
            type: application
            platform: iOS
            sources: [Sources]

        """

    @Test("a spec two folders down is found; its included fragment, Carthage's and a fixture's are not")
    func specAtDepth() throws {
        let repo = try TestRepository()
        try repo.write("client/apple/project.yml", Self.app)
        try repo.write(
            "client/apple/Kit/project.yml", "targets:\n  Kit:\n    type: framework\n    platform: iOS\n")
        try repo.write("Carthage/Checkouts/Lib/project.yml", "name: Lib\n")
        try repo.write("Tests/Fixtures/Sample/project.yml", "name: Sample\n")
        try repo.commit("init")
        let result = try repo.slipway("init", "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("spec: \"client/apple/project.yml\"\n"))
        #expect(!result.stdout.contains("Kit/project.yml"))
        #expect(!result.stdout.contains("Carthage"))
        #expect(!result.stdout.contains("Sample"))
    }

    @Test("a spec deeper than the search goes is not found, and the error says how far init looked")
    func tooDeep() throws {
        let repo = try TestRepository()
        try repo.write("a/b/c/d/e/project.yml", Self.app)
        try repo.commit("init")
        let result = try repo.slipway("init", "--dry-run")
        #expect(result.status != 0)
        #expect(result.stderr.contains("up to 4 folders down"))
    }
}
