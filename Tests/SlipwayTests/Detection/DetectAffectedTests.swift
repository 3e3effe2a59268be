import Foundation
import Testing

/// `detect`'s `affected`: the targets a change reaches through their files, the spec, or a dependency; the
/// `affects` line; the platforms of shared code; the GitHub matrix.
@Suite("detect: affected targets and the CI matrix")
struct DetectAffectedTests {
    static let spec = """
        name: MyApp
        options:
          bundleIdPrefix: com.example
        settings:
          MARKETING_VERSION: "1.0"
        targets:
          MyApp:
            type: application
            platform: iOS
            sources: [iOS, Shared]
            dependencies:
              - target: MyAppWatch
              - target: Kit
          MyAppWatch:
            type: application
            platform: watchOS
            sources:
              - path: watchOS
                excludes: ["**/*.md"]
              - Shared
          Kit:
            type: framework
            platform: iOS
            sources: [Kit]
            configFiles:
              Debug: Configs/Kit.xcconfig
          MyAppTests:
            type: bundle.unit-test
            platform: iOS
            sources: [Tests]
            dependencies:
              - target: MyApp
        schemes:
          MyApp:
            build:
              targets:
                MyApp: all
            test:
              targets: [MyAppTests]
          MyAppWatch:
            build:
              targets:
                MyAppWatch: all

        """

    static func repository() throws -> TestRepository {
        let repo = try TestRepository()
        try repo.write("project.yml", spec)
        try repo.write("iOS/App.swift")
        try repo.write("watchOS/Watch.swift")
        try repo.write("Shared/Model.swift")
        try repo.write("Kit/Kit.swift")
        try repo.write("Tests/AppTests.swift")
        try repo.write("Configs/Kit.xcconfig", "// kit\n")
        try repo.write("README.md", "# app\n")
        try repo.commit("Initial commit")
        return repo
    }

    static func affected(_ report: [String: Any]) -> [String: [String: Any]] {
        var byName: [String: [String: Any]] = [:]
        for entry in report["affected"] as? [[String: Any]] ?? [] {
            if let name = entry["target"] as? String { byName[name] = entry }
        }
        return byName
    }

    @Test("a watch source affects the watch app, and the iOS app that embeds it, with schemes and platforms")
    func watchChange() throws {
        let repo = try Self.repository()
        try repo.write("watchOS/Watch.swift", "let changed = 1\n")
        try repo.commit("Change the watch app")
        let affected = Self.affected(try repo.detectJSON())
        #expect(affected.keys.sorted() == ["MyApp", "MyAppTests", "MyAppWatch"])
        #expect(affected["MyAppWatch"]?["paths"] as? [String] == ["watchOS/Watch.swift"])
        #expect(affected["MyAppWatch"]?["platforms"] as? [String] == ["watchOS"])
        #expect(affected["MyAppWatch"]?["schemes"] as? [String] == ["MyAppWatch"])
        #expect(affected["MyApp"]?["via"] as? String == "MyAppWatch")
        #expect(affected["MyApp"]?["schemes"] as? [String] == ["MyApp"])
        let text = try repo.slipway("detect")
        #expect(text.stdout.contains("\n  affects  MyApp (iOS), MyAppTests (iOS), MyAppWatch (watchOS)\n"))
    }

    @Test("an excluded file, a README and a framework's config file reach what they should")
    func filesOutsideSources() throws {
        let repo = try Self.repository()
        try repo.write("watchOS/Notes.md", "notes\n")
        try repo.write("README.md", "# changed\n")
        try repo.commit("Docs")
        #expect(Self.affected(try repo.detectJSON()).isEmpty)
        #expect(try repo.slipway("detect").stdout.contains("\n  affects  no target of the spec\n"))
        try repo.write("Configs/Kit.xcconfig", "// changed\n")
        try repo.commit("Kit settings")
        let affected = Self.affected(try repo.detectJSON())
        #expect(affected.keys.sorted() == ["Kit", "MyApp", "MyAppTests"])
        #expect(affected["Kit"]?["paths"] as? [String] == ["Configs/Kit.xcconfig"])
        #expect(affected["Kit"]?["schemes"] as? [String] == [])
    }

    @Test("a change to the spec's project settings affects every target; a target's own lines only it")
    func specChange() throws {
        let repo = try Self.repository()
        let bumped = Self.spec.replacingOccurrences(of: "\"1.0\"", with: "\"1.1\"")
        try repo.write("project.yml", bumped)
        try repo.commit("Bump")
        #expect(Self.affected(try repo.detectJSON()).count == 4)
        // Lines moved above the targets (a comment) change no definition.
        try repo.write(
            "project.yml",
            "# The app\n" + bumped.replacingOccurrences(of: "sources: [Kit]", with: "sources: [Kit, Gen]"))
        try repo.commit("Kit sources")
        #expect(Self.affected(try repo.detectJSON()).keys.sorted() == ["Kit", "MyApp", "MyAppTests"])
    }

    @Test("shared-code names the platforms of the targets that compile the shared change")
    func sharedPlatforms() throws {
        let repo = try Self.repository()
        try repo.write("Shared/Model.swift", "let shared = 2\n")
        try repo.commit("Shared model")
        let report = try repo.detectJSON()
        let reasons = report["reasons"] as? [[String: Any]] ?? []
        let shared = try #require(reasons.first { $0["rule"] as? String == "shared-code" })
        #expect(shared["platforms"] as? [String] == ["iOS", "watchOS"])
        #expect(shared["message"] as? String == "shared code changed: Shared/Model.swift (compiled for iOS, watchOS)")
        #expect(shared["basis"] as? String == "model")
    }

    @Test("--github-matrix writes the affected schemes per platform to $GITHUB_OUTPUT")
    func matrix() throws {
        let repo = try Self.repository()
        try repo.write("Shared/Model.swift", "let shared = 3\n")
        try repo.commit("Shared model")
        let output = repo.directory.url.appendingPathComponent("github-output")
        let result = try repo.slipway(
            "detect", "--github-matrix", extraEnvironment: ["GITHUB_OUTPUT": output.path])
        #expect(result.status == 0)
        #expect(
            try String(contentsOf: output, encoding: .utf8) == """
                matrix={"include":[{"destination":"platform=iOS Simulator,OS=latest","platform":"iOS","scheme":"MyApp"},\
                {"destination":"platform=watchOS Simulator,OS=latest","platform":"watchOS","scheme":"MyAppWatch"}]}

                """)
        let each = try repo.slipway("detect", "--each", "HEAD~1..HEAD", "--github-matrix")
        #expect(each.status == 64)
    }
}
