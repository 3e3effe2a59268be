import Foundation
import Testing

/// `slipway project`: the model as a user sees it before a release, in text and in the JSON of
/// schemas/project.schema.json.
@Suite("slipway project")
struct ProjectCommandTests {
    func repository(fixture: String) throws -> TestRepository {
        let repo = try TestRepository()
        let source = ProjectFixtures.root.appendingPathComponent(fixture)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where !name.hasSuffix(".oracle") {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: repo.url.appendingPathComponent(name))
        }
        try repo.commit("Add the project")
        return repo
    }

    func object(_ text: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw TestFailure("not a JSON object: \(text)")
        }
        return object
    }

    func named(_ items: Any?, _ name: String) throws -> [String: Any] {
        let found = (items as? [[String: Any]])?.first { $0["name"] as? String == name }
        return try #require(found, "no \(name) in \(String(describing: items))")
    }

    @Test("--json: platforms per destination, local packages, expanded template keys, plans with what they run")
    func json() throws {
        let repo = try repository(fixture: "two-apps")
        let result = try repo.slipway(
            "project", "--json", extraEnvironment: ["TRAILS_API_HOST": "api.example.org"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let file = repo.url.appendingPathComponent("project.json")
        try Data(result.stdout.utf8).write(to: file)
        let schema = JSONSchemaCheck.packageRoot.appendingPathComponent("schemas/project.schema.json")
        #expect(try JSONSchemaCheck.problems(in: [file], schema: schema) == [])

        let project = try object(result.stdout)
        #expect(project["name"] as? String == "Trails")
        let targets = project["targets"]
        let shared = try named(targets, "Shared")
        #expect(shared["platforms"] as? [String] == ["iOS", "macOS"])
        #expect(shared["type"] as? String == "framework")
        let app = try named(targets, "Trails")
        #expect(app["platforms"] as? [String] == ["iOS"])
        #expect(app["bundleIdentifier"] as? String == "org.example.Trails")
        #expect(app["deploymentTarget"] as? String == "17.0")
        let package = try #require(
            (app["dependencies"] as? [[String: Any]])?.first { $0["type"] as? String == "package" })
        #expect(package["name"] as? String == "TrailKit")
        #expect(package["path"] as? String == "Packages/TrailKit")

        let schemes = project["schemes"]
        let trails = try named(schemes, "Trails")
        let builds = (trails["buildTargets"] as? [[String: Any]])?.map { $0["name"] as? String }
        #expect(builds == ["Trails"])
        let tests = (trails["testTargets"] as? [[String: Any]])?.map {
            "\($0["name"] as? String ?? "")\($0["skipped"] as? Bool == true ? " (skipped)" : "")"
        }
        #expect(tests == ["TrailsTests", "TrailsWatchTests", "SharedTests (skipped)"])
        let plans = try #require(trails["testPlans"] as? [[String: Any]])
        #expect(plans.map { $0["path"] as? String } == ["Plans/Trails.xctestplan", "Plans/Smoke.xctestplan"])
        #expect(plans.map { $0["default"] as? Bool } == [true, false])
        #expect((plans.first?["runs"] as? [String])?.contains("TrailsTests") == true)
        let staging = try named(schemes, "TrailsMac Staging")
        #expect(staging["testConfiguration"] as? String == "Staging Debug")
        #expect(staging["archiveConfiguration"] as? String == "Staging Release")
    }

    @Test("text for people; a variable the environment does not set is a warning at its position")
    func textAndWarning() throws {
        let repo = try repository(fixture: "two-apps")
        let result = try repo.slipway("project")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Trails (project.yml)\n"))
        #expect(result.stdout.contains("  Shared: framework, iOS, macOS"))
        #expect(result.stdout.contains("depends on: TrailsWatch, Shared, TrailKit (package at Packages/TrailKit)"))
        #expect(result.stdout.contains("test plan: Plans/Trails.xctestplan (default), runs TrailsTests"))
        #expect(result.stderr.contains("slipway: project.yml:"))
        #expect(result.stderr.contains("warning: the spec reads ${TRAILS_API_HOST}"))
        let json = try repo.slipway("project", "--json")
        let warnings = try #require(try object(json.stdout)["warnings"] as? [[String: Any]])
        #expect(warnings.contains { ($0["message"] as? String)?.contains("TRAILS_API_HOST") == true })
    }

    @Test("a spec that cannot be found exits 2 and says so")
    func missingSpec() throws {
        let repo = try TestRepository()
        try repo.write("README.md", "hello\n")
        try repo.commit("Initial")
        let result = try repo.slipway("project")
        #expect(result.status == 2)
        #expect(result.stderr.contains("Error:"))
    }
}
