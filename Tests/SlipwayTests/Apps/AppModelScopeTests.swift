import Foundation
import Testing

/// Per-app detection from the project model: targets from a template (`${target_name}` sources), a framework only
/// the verifier embeds, and one both apps embed. The declared `sources:` alone would see none of those paths.
@Suite("several apps: the app's files come from the project model")
struct AppModelScopeTests {
    static let spec = """
        name: Wallet
        settings:
          base:
            MARKETING_VERSION: 5.1.0
            CURRENT_PROJECT_VERSION: 251
        targetTemplates:
          App:
            type: application
            platform: iOS
            sources: ["${target_name}"]
            dependencies:
              - target: Core
        targets:
          Holder:
            templates: [App]
          HolderWidget:
            type: app-extension
            platform: iOS
            sources: [HolderWidget]
          Verifier:
            templates: [App]
            dependencies:
              - target: VerifierKit
            settings:
              base:
                MARKETING_VERSION: 3.1.0
                CURRENT_PROJECT_VERSION: 40
          VerifierKit:
            type: framework
            platform: iOS
            sources: [VerifierKit]
          Core:
            type: framework
            platform: iOS
            sources: [Core]

        """

    /// The fixture with the template spec, then one commit of six Swift files in each of `folders`, in order.
    static func fixture(_ folders: [String]) throws -> AppFixture {
        let fixture = try AppFixture("two-app", configuration: AppFixture.twoApps)
        try fixture.repo.write("project.yml", spec)
        for folder in ["VerifierKit", "Core"] { try fixture.repo.write("\(folder)/Start.swift", "let start = 1\n") }
        try fixture.repo.commit("Templates and frameworks")
        for folder in folders {
            for index in 1...6 { try fixture.repo.write("\(folder)/File\(index).swift", "let f\(index) = 1\n") }
            try fixture.repo.commit("feat: six files in \(folder)")
        }
        return fixture
    }

    static func majors(_ fixture: AppFixture) throws -> [Bool?] {
        let result = try fixture.repo.slipway("detect", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (report?["apps"] as? [[String: Any]] ?? []).map { $0["major"] as? Bool }
    }

    @Test(
        "a template target's sources and a framework only one app embeds are that app's; a shared framework both's",
        arguments: [("Holder", [true, false]), ("VerifierKit", [false, true]), ("Core", [true, true])])
    func perFolder(folder: String, expected: [Bool]) throws {
        let fixture = try Self.fixture([folder])
        #expect(try Self.majors(fixture) == expected, "\(folder)")
    }

    @Test("--each judges every commit with the scope of HEAD's model; notes leave out the other app's commits")
    func eachAndNotes() throws {
        let fixture = try Self.fixture(["Holder", "VerifierKit", "Core"])
        let each = try fixture.repo.slipway("detect", "--each", "HEAD~3..HEAD", "--app", "verifier")
        #expect(each.status == 0, "\(each.stderr)")
        // `<sha>  major|-  <bump> <rules>  <subject>`, newest first (the hashes change with the commit times).
        let lines = each.stdout.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).last ?? "" }
        #expect(lines.map { $0.trimmingCharacters(in: .whitespaces).hasPrefix("major") } == [true, true, false])
        #expect(lines.map { $0.hasSuffix("six files in Holder") } == [false, false, true])
        let notes = try fixture.repo.slipway("notes", "--app", "verifier")
        #expect(notes.status == 0, "\(notes.stderr)")
        #expect(notes.stdout.contains("six files in VerifierKit") && notes.stdout.contains("six files in Core"))
        #expect(!notes.stdout.contains("six files in Holder"))
    }
}
