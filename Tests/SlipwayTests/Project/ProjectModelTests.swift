import Foundation
import SlipwayCore
import SlipwayGit
import SlipwaySpec
import Testing

/// The project model reads specs as XcodeGen does: includes merged key by key, templates and platform lists
/// resolved, every value with its position.
@Suite("project model")
struct ProjectModelTests {
    @Test("each fixture's model matches its golden file", arguments: ProjectFixtures.names)
    func golden(_ name: String) throws {
        let model = try ProjectFixtures.model(name)
        try ProjectFixtures.compare(
            ModelDump.text(model), golden: ProjectFixtures.root.appendingPathComponent("\(name)/model.txt"))
    }

    @Test("every corpus spec resolves, and its model matches its golden file")
    func corpus() throws {
        let specs = ProjectFixtures.corpus
        for path in try ProjectFixtures.corpusSpecs() {
            let spec = specs.appendingPathComponent(path)
            let text: String
            do {
                text = ModelDump.text(try ProjectFixtures.model(spec: spec, folder: spec.deletingLastPathComponent()))
            } catch let error as SpecError {
                // A spec XcodeGen cannot read either (a template with {{…}}): the error is the golden.
                text = error.rendered + "\n"
            }
            let golden = ProjectFixtures.root.appendingPathComponent("corpus/\(path).model.txt")
            try ProjectFixtures.compare(text, golden: golden)
        }
    }

    @Test("every golden file under Projects/corpus belongs to a spec the corpus holds")
    func corpusGoldensHaveSpecs() throws {
        let specs = Set(try ProjectFixtures.corpusSpecs())
        let goldens = ProjectFixtures.root.appendingPathComponent("corpus")
        let files = (FileManager.default.enumerator(atPath: goldens.path)?.compactMap { $0 as? String } ?? []).filter {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: goldens.appendingPathComponent($0).path, isDirectory: &folder)
                && !folder.boolValue
        }
        #expect(files.count >= specs.count, "\(files.count) golden files for \(specs.count) specs")
        for file in files {
            let spec = [".model.txt", ".plan.json", ".plan.txt"].first { file.hasSuffix($0) }
                .map { String(file.dropLast($0.count)) }
            #expect(spec.map(specs.contains) == true, "\(file) is the golden of no spec in Tests/Fixtures/Corpus")
        }
    }

    @Test("a target split over the spec and an include is one target, with the include's paths under its folder")
    func splitTarget() throws {
        let model = try ProjectFixtures.model("split-target")
        #expect(model.targets.map(\.name) == ["Journal", "JournalKit", "JournalTests"])
        let app = try #require(model.target(named: "Journal"))
        #expect(app.typeName == "application")
        #expect(app.location.description == "project.yml:8:3")
        #expect(app.sources.map(\.path.value) == ["Targets/App", "Targets/Generated"])
        #expect(app.sources.map(\.optional) == [false, true])
        #expect(app.sources[0].path.location.description == "Targets/App.yml:4:15")
        #expect(app.info?.path?.value == "Targets/App/Info.plist")
        #expect(app.entitlements?.path?.value == "Targets/App/Journal.entitlements")
        #expect(app.dependencies.map(\.name.value) == ["JournalKit"])
        #expect(app.bundleIdentifiers.map(\.value) == ["org.example.Journal"])
        #expect(app.bundleIdentifiers.first?.origin == .bundleIdPrefix)
        #expect(app.settings.base("MARKETING_VERSION")?.value.string == "2.1.0")
        #expect(model.schemes.map(\.name) == ["Journal"])
        #expect(model.schemes.first?.runTestTargets.map(\.value) == ["JournalTests"])
        #expect(model.warnings.isEmpty)
    }

    @Test("a platform list makes one target per platform, with ${platform} expanded and the deployment target")
    func platformList() throws {
        let model = try ProjectFixtures.model("multi-platform")
        #expect(
            model.targets.map(\.name) == [
                "CanvasTests_iOS", "CanvasTests_macOS", "CanvasUITests", "Canvas_iOS", "Canvas_macOS",
            ])
        let mac = try #require(model.target(named: "Canvas_macOS"))
        #expect(mac.platforms == ["macOS"])
        #expect(mac.productName == "Canvas")
        #expect(mac.sources.map(\.path.value) == ["Shared", "macOS"])
        #expect(mac.deploymentTarget?.value == "13.0")
        #expect(mac.bundleIdentifiers.map(\.value) == ["com.example.Canvas-macOS"])
        #expect(model.target(named: "CanvasTests_iOS")?.dependencies.map(\.name.value) == ["Canvas_iOS"])
        #expect(model.schemes.map(\.name) == ["CanvasUITests", "Canvas_iOS", "Canvas_macOS"])
        #expect(model.schemes.last?.runTestTargets.map(\.value) == ["CanvasTests_macOS"])
    }

    @Test("target and scheme templates apply nested templates, ${target_name}, ${scheme_name} and attributes")
    func templates() throws {
        let model = try ProjectFixtures.model("scheme-templates")
        let app = try #require(model.target(named: "Ledger"))
        #expect(app.templates == ["Signed", "App"])
        #expect(app.typeName == "application")
        #expect(app.sources.map(\.path.value) == ["Ledger"])
        #expect(app.settings.base("DEVELOPMENT_TEAM")?.value.string == "ABCDE12345")
        #expect(app.bundleIdentifiers.map(\.value) == ["com.example.ledger"])
        #expect(model.target(named: "LedgerTests")?.sources.map(\.path.value) == ["LedgerTests"])
        let scheme = try #require(model.schemes.first { $0.name == "Ledger" })
        // XcodeGen sorts a scheme's build targets by name.
        #expect(scheme.buildTargets.map(\.name.value) == ["Ledger", "LedgerWidget"])
        #expect(scheme.runTestTargets.map(\.value) == ["LedgerTests"])
        // `templates: Tests` is a string, which XcodeGen does not read as a list of templates.
        let warning = try #require(model.warnings.first { $0.message.contains("'templates' is a string") })
        #expect(warning.location?.description == "project.yml:33:16")
    }

    @Test("supportedDestinations are the target's platforms, and an unknown key is a warning at its position")
    func destinations() throws {
        let model = try ProjectFixtures.model("destinations")
        let app = try #require(model.target(named: "Atlas"))
        #expect(app.platform?.value == "auto")
        #expect(app.platforms == ["iOS", "macCatalyst", "visionOS"])
        let warning = try #require(model.warnings.first { $0.message.contains("'sorces'") })
        #expect(warning.location?.description == "project.yml:11:5")
    }

    @Test("the root spec wins over its includes, lists are joined and :REPLACE replaces")
    func mergeRules() throws {
        let folder = TemporaryDirectory("slipway-model")
        try Data(
            """
            name: Root
            include: [extra.yml]
            settings:
              base:
                SWIFT_VERSION: "6.0"
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]
                dependencies:
                  - sdk: UIKit.framework
            """.utf8
        ).write(to: folder.url.appendingPathComponent("project.yml"))
        try Data(
            """
            name: Included
            settings:
              base:
                SWIFT_VERSION: "5.0"
                OTHER: "yes"
            targets:
              App:
                sources: [Shared]
                dependencies:REPLACE:
                  - target: Kit
              Kit:
                type: framework
                platform: iOS
            """.utf8
        ).write(to: folder.url.appendingPathComponent("extra.yml"))
        let model = try ProjectFixtures.model(
            spec: folder.url.appendingPathComponent("project.yml"), folder: folder.url)
        #expect(model.name?.value == "Root")
        #expect(model.settings.base("SWIFT_VERSION")?.value.string == "6.0")
        #expect(model.settings.base("OTHER")?.value.string == "yes")
        let app = try #require(model.target(named: "App"))
        #expect(app.sources.map(\.path.value) == ["Shared", "App"])
        #expect(app.dependencies.map(\.name.value) == ["UIKit.framework"])
        #expect(model.target(named: "Kit") != nil)
    }

    @Test("${VAR} comes from the environment; a dependency limited to other platforms is dropped")
    func environmentAndPlatformFilter() throws {
        let folder = TemporaryDirectory("slipway-model")
        try Data(
            """
            name: ${APP_NAME}
            targets:
              App:
                type: application
                platform: [iOS, tvOS]
                dependencies:
                  - target: PhoneOnly
                    platforms: [iOS]
              PhoneOnly:
                type: framework
                platform: iOS
            """.utf8
        ).write(to: folder.url.appendingPathComponent("project.yml"))
        let model = try ProjectFixtures.model(
            spec: folder.url.appendingPathComponent("project.yml"), folder: folder.url,
            environment: ["APP_NAME": "Remote"])
        #expect(model.name?.value == "Remote")
        #expect(model.target(named: "App_iOS")?.dependencies.map(\.name.value) == ["PhoneOnly"])
        #expect(model.target(named: "App_tvOS")?.dependencies.isEmpty == true)
    }

    @Test("a list that doubles through aliases at every level stops at the budget, at an alias")
    func listBomb() throws {
        let folder = TemporaryDirectory("slipway-model")
        let spec =
            "name: Bomb\nl0: &l0 [a, b]\n" + (1...25).map { "l\($0): &l\($0) [*l\($0 - 1), *l\($0 - 1)]\n" }.joined()
            + "targets: {}\n"
        try Data(spec.utf8).write(to: folder.url.appendingPathComponent("project.yml"))
        let error = #expect(throws: SpecError.self) {
            try ProjectFixtures.model(spec: folder.url.appendingPathComponent("project.yml"), folder: folder.url)
        }
        #expect(error?.message.contains("expands too far") == true)
        #expect(error?.location?.file == "project.yml")
    }

    @Test("an include that points nowhere is a warning at the include entry, not a silent gap")
    func missingInclude() throws {
        let folder = TemporaryDirectory("slipway-model")
        try Data("name: Gap\ninclude:\n  - ${CONFIG_DIR}/targets.yml\ntargets: {}\n".utf8)
            .write(to: folder.url.appendingPathComponent("project.yml"))
        let model = try ProjectFixtures.model(
            spec: folder.url.appendingPathComponent("project.yml"), folder: folder.url)
        let warning = try #require(model.warnings.first)
        #expect(warning.location?.description == "project.yml:3:5")
        #expect(
            warning.message == "the include ${CONFIG_DIR}/targets.yml could not be read, so the model goes without it")
    }
}
