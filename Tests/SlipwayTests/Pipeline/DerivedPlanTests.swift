import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayDetection
import SlipwayPipeline
import SlipwayYAML
import Testing

/// `run`'s derivation read from the project model: golden plans for the fixtures and the corpus, the JSON schema,
/// and the rules one by one (a scheme's test action not repeated, UI tests out by default, every platform built).
@Suite("derived plans")
struct DerivedPlanTests {
    /// The plan of the spec in `folder` as `run --dry-run --json` prints it, with fixed Slipway values.
    static func planJSON(folder: URL, specPath: String? = nil, uiTests: Bool = false) throws -> String {
        let configuration = try Configuration.load(fromRoot: folder)
        let plan = try StagePlan.resolve(
            configuration: configuration, root: folder, specPath: specPath ?? configuration.spec ?? "project.yml",
            uiTests: uiTests, environment: [:])
        let values = StageEnvironment(root: "/repo", outputDirectory: "/repo/.slipway")
        return DryRunReport.json(plan, environment: values, major: MajorChangeDecision(major: false, source: "golden"))
            .pretty() + "\n"
    }

    static func plan(_ fixture: String, uiTests: Bool = false, config: String? = nil) throws -> StagePlan {
        let folder = TemporaryDirectory("slipway-plan")
        let work = folder.url.appendingPathComponent("work")
        try FileManager.default.copyItem(at: ProjectFixtures.root.appendingPathComponent(fixture), to: work)
        if let config { try Data(config.utf8).write(to: work.appendingPathComponent(".slipway.yml")) }
        let configuration = try Configuration.load(fromRoot: work)
        return try StagePlan.resolve(
            configuration: configuration, root: work, specPath: configuration.spec ?? "project.yml", uiTests: uiTests,
            environment: [:])
    }

    static func commands(_ plan: StagePlan, _ stage: String) -> [[String]] {
        plan.stages.first { $0.name == stage }?.invocations ?? []
    }

    @Test("each fixture's plan matches its golden file", arguments: ProjectFixtures.names)
    func golden(_ name: String) throws {
        let json = try Self.planJSON(folder: ProjectFixtures.root.appendingPathComponent(name))
        try ProjectFixtures.compare(json, golden: ProjectFixtures.root.appendingPathComponent("\(name)/plan.json"))
    }

    @Test("every corpus spec's plan matches its golden file, and every golden plan is valid against the schema")
    func corpusAndSchema() throws {
        let specs = ProjectFixtures.corpus
        var goldens: [URL] = ProjectFixtures.names.map {
            ProjectFixtures.root.appendingPathComponent("\($0)/plan.json")
        }
        for path in try ProjectFixtures.corpusSpecs() {
            let spec = specs.appendingPathComponent(path)
            let folder = spec.deletingLastPathComponent()
            let golden = ProjectFixtures.root.appendingPathComponent("corpus/\(path).plan.json")
            do {
                let json = try Self.planJSON(folder: folder, specPath: spec.lastPathComponent)
                try ProjectFixtures.compare(json, golden: golden)
                goldens.append(golden)
            } catch let error as SlipwayError {
                // A file that is no project (no name, not YAML): the error is the golden.
                try ProjectFixtures.compare(
                    error.rendered + "\n", golden: golden.deletingPathExtension().appendingPathExtension("txt"))
            }
        }
        let schema = JSONSchemaCheck.packageRoot.appendingPathComponent("schemas/run-plan.schema.json")
        #expect(try JSONSchemaCheck.problems(in: goldens, schema: schema) == [])
        #expect(goldens.count > ProjectFixtures.names.count + 10)
    }

    @Test("a scheme whose test action runs three targets is the one that runs them; UI tests are skipped by default")
    func sharedTestScheme() throws {
        let plan = try Self.plan("shared-test-scheme")
        let project = ["-project", "Orbit.xcodeproj"]
        #expect(
            Self.commands(plan, "test") == [
                ["xcodebuild", "test"] + project + [
                    "-scheme", "Orbit", "-destination", "platform=iOS Simulator,OS=latest",
                    "-skip-testing:OrbitUITests", "CODE_SIGNING_ALLOWED=NO",
                ]
            ])
        #expect(plan.notes.contains("scheme 'OrbitKit' is not tested: other schemes run its test targets"))
        // OrbitKit is built as Orbit's dependency; the UI-test scheme builds nothing new.
        #expect(Self.commands(plan, "build").map { $0[5] } == ["Orbit"])
        let withUI = try Self.plan("shared-test-scheme", uiTests: true)
        #expect(
            Self.commands(withUI, "test").map { Array($0[4...]) } == [
                ["-scheme", "Orbit", "-destination", "platform=iOS Simulator,OS=latest", "CODE_SIGNING_ALLOWED=NO"]
            ])
    }

    @Test("an iOS + macOS app builds and tests on both; the macOS-only UI-test scheme runs on macOS with --ui-tests")
    func multiPlatform() throws {
        let plan = try Self.plan("multi-platform")
        #expect(
            Self.commands(plan, "build").map { [$0[5], $0[7]] } == [
                ["Canvas_iOS", "generic/platform=iOS Simulator"], ["Canvas_macOS", "generic/platform=macOS"],
            ])
        #expect(
            Self.commands(plan, "test").map { [$0[5], $0[7]] } == [
                ["Canvas_iOS", "platform=iOS Simulator,OS=latest"], ["Canvas_macOS", "platform=macOS"],
            ])
        let withUI = try Self.plan("multi-platform", uiTests: true)
        #expect(Self.commands(withUI, "test").map { [$0[5], $0[7]] }.last == ["CanvasUITests", "platform=macOS"])
        let configured = try Self.plan("multi-platform", config: "run:\n  uiTests: true\n")
        #expect(Self.commands(configured, "test").count == 3)
    }

    @Test("each bundle once per platform through a scheme built for it; the default plan named; trust flags")
    func platformsAndPlans() throws {
        let plan = try Self.plan("two-apps")
        let tests = Self.commands(plan, "test")
        let trust = ["-skipPackagePluginValidation", "-skipMacroValidation"]
        #expect(
            tests.map { Array($0[4...]) } == [
                ["-scheme", "Trails", "-destination", "platform=iOS Simulator,OS=latest"] + trust
                    + ["-testPlan", "Trails", "CODE_SIGNING_ALLOWED=NO"],
                ["-scheme", "Shared", "-destination", "platform=macOS"] + trust + ["CODE_SIGNING_ALLOWED=NO"],
                ["-scheme", "TrailsMac", "-destination", "platform=macOS"] + trust + ["CODE_SIGNING_ALLOWED=NO"],
                ["-scheme", "TrailsWatch", "-destination", "platform=watchOS Simulator,OS=latest"] + trust
                    + ["CODE_SIGNING_ALLOWED=NO"],
            ])
        // The Trails plan runs SharedTests on iOS, so the Shared scheme tests it on macOS only; the watch bundle the
        // iOS scheme lists runs through the watch app's scheme.
        #expect(
            plan.notes.contains("scheme 'TrailsMac Staging' is not tested: other schemes run its test targets") == false
        )
        let signed = try Self.plan("two-apps", config: "run:\n  codeSigning: true\n")
        #expect(Self.commands(signed, "test").allSatisfy { !$0.contains("CODE_SIGNING_ALLOWED=NO") })
        // Without packages or plugins, no trust flags.
        #expect(Self.commands(try Self.plan("shared-test-scheme"), "test").allSatisfy { !$0.contains(trust[0]) })
    }

    @Test("every supported destination is built; run: turns signing on and pins a test destination")
    func destinationsAndSigning() throws {
        let plan = try Self.plan("destinations")
        #expect(
            Self.commands(plan, "build").map { $0[7] } == [
                "generic/platform=iOS Simulator", "generic/platform=macOS,variant=Mac Catalyst",
                "generic/platform=visionOS Simulator",
            ])
        let configured = try Self.plan(
            "destinations",
            config: "run:\n  codeSigning: true\n  testDestinations:\n    iOS: platform=iOS Simulator,name=iPhone 16\n")
        #expect(Self.commands(configured, "build").allSatisfy { !$0.contains("CODE_SIGNING_ALLOWED=NO") })
        #expect(Self.commands(configured, "test").first?[7] == "platform=iOS Simulator,name=iPhone 16")
    }

    @Test("a spec off the root is generated with --spec and --project-root, and built from its own folder's project")
    func nestedSpec() throws {
        let plan = try Self.plan("nested-spec")
        #expect(
            Self.commands(plan, "generate") == [
                ["xcodegen", "generate", "--spec", "ios/project.yml", "--project-root", "ios"]
            ])
        #expect(Self.commands(plan, "build").first?[3] == "ios/Harbor.xcodeproj")
    }

    @Test("a 'uses: build' stage keeps the derivation and adds its flags to every command")
    func usesStage() throws {
        let plan = try Self.plan(
            "multi-platform",
            config: """
                stages:
                  - uses: generate
                  - name: compile
                    uses: build
                    flags: [-quiet, COMPILER_INDEX_STORE_ENABLE=NO]
                  - name: lint
                    run: swiftlint
                """)
        #expect(plan.stages.map(\.name) == ["generate", "compile", "lint"])
        #expect(Self.commands(plan, "generate") == [["xcodegen", "generate"]])
        let compile = Self.commands(plan, "compile")
        #expect(compile.count == 2)
        #expect(
            compile.allSatisfy {
                $0.suffix(3) == ["CODE_SIGNING_ALLOWED=NO", "-quiet", "COMPILER_INDEX_STORE_ENABLE=NO"]
            })
        #expect(plan.stages.last?.command == .shell("swiftlint"))
    }

    @Test(
        "'uses:' takes a known command set, never with 'run:', and 'flags:' only with it",
        arguments: [
            ("stages:\n  - name: b\n    uses: bild\n", "'stages[1].uses' must be one of"),
            ("stages:\n  - name: b\n    uses: build\n    run: make\n", "has both 'run' and 'uses'"),
            ("stages:\n  - name: b\n    run: make\n    flags: [-quiet]\n", "'flags' only goes with 'uses'"),
        ])
    func usesErrors(_ config: String, _ message: String) throws {
        let error = #expect(throws: YAMLError.self) {
            try Configuration.parse(try YAMLFile(path: ".slipway.yml", text: config))
        }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
        #expect(error?.location?.line != nil)
    }
}
