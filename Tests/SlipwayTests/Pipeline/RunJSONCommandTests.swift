import Foundation
import Testing

/// `slipway run --dry-run --json` and `--ui-tests` end to end: the built binary in a real repository.
@Suite("slipway run --json")
struct RunJSONCommandTests {
    func repository(fixture: String) throws -> TestRepository {
        let repo = try TestRepository()
        let source = ProjectFixtures.root.appendingPathComponent(fixture)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path)
        where !name.hasSuffix(".txt") && !name.hasSuffix(".json") {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: repo.url.appendingPathComponent(name))
        }
        try repo.commit("Add the project")
        return repo
    }

    @Test("the JSON plan is one object with sorted keys, argv commands, and valid against the schema")
    func jsonPlan() throws {
        let repo = try repository(fixture: "shared-test-scheme")
        let result = try repo.slipway("run", "--dry-run", "--json", "--major")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix("{\"major\":true,\"reason\":\"--major\",\"stages\":[{\"commands\":[{\"argv\":["))
        #expect(result.stdout.hasSuffix("}\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let stages = try #require(object["stages"] as? [[String: Any]])
        #expect(stages.map { $0["name"] as? String } == ["generate", "build", "test"])
        let test = try #require((stages[2]["commands"] as? [[String: Any]])?.first)
        #expect((test["argv"] as? [String])?.suffix(2) == ["-skip-testing:OrbitUITests", "CODE_SIGNING_ALLOWED=NO"])
        #expect(test["run"] is NSNull)
        let file = repo.url.appendingPathComponent("plan.json")
        try Data(result.stdout.utf8).write(to: file)
        let schema = JSONSchemaCheck.packageRoot.appendingPathComponent("schemas/run-plan.schema.json")
        #expect(try JSONSchemaCheck.problems(in: [file], schema: schema) == [])
        // Notes go to the text plan, never into the JSON.
        #expect(result.stderr.isEmpty)
    }

    @Test("--ui-tests adds the UI-test targets; --json without --dry-run is a usage error")
    func uiTestsAndUsage() throws {
        let repo = try repository(fixture: "shared-test-scheme")
        let plain = try repo.slipway("run", "test", "--dry-run", "--major")
        #expect(plain.stdout.contains("note: UI tests left out: OrbitUITests"))
        #expect(plain.stdout.contains("-skip-testing:OrbitUITests"))
        let withUI = try repo.slipway("run", "test", "--dry-run", "--major", "--ui-tests")
        #expect(withUI.status == 0)
        #expect(!withUI.stdout.contains("-skip-testing"))
        #expect(withUI.stdout.contains("-scheme Orbit -destination 'platform=iOS Simulator,OS=latest'"))
        let usage = try repo.slipway("run", "--json")
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("Error: --json only goes with --dry-run\n"))
    }

    @Test("a 'run:' line is a command with 'run' and no argv in the JSON plan")
    func shellStage() throws {
        let repo = try TestRepository()
        try repo.write(".slipway.yml", "stages:\n  - name: lint\n    run: swiftlint --strict\n    timeout: 60\n")
        try repo.commit("Configure")
        let result = try repo.slipway("run", "--dry-run", "--json", "--major")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let stage = try #require((object["stages"] as? [[String: Any]])?.first)
        #expect(stage["timeout"] as? Double == 60)
        let command = try #require((stage["commands"] as? [[String: Any]])?.first)
        #expect(command["argv"] is NSNull)
        #expect(command["run"] as? String == "swiftlint --strict")
    }
}
