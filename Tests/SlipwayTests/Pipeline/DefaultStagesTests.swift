import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
import SlipwayProject
import SlipwaySpec
import SlipwayWorkspace
import Testing

/// The derived stages are data: there is no Xcode here, so the exact argv lines are what is checked.
@Suite("default stages")
struct DefaultStagesTests {
    let folder = TemporaryDirectory("slipway-defaults")

    func write(_ path: String, _ text: String) throws {
        let url = folder.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func derive(spec: String = "project.yml", projectRoot: String? = nil) throws -> [String: [[String]]] {
        let derived = try #require(try DefaultStages.derive(root: folder.url, specPath: spec, projectRoot: projectRoot))
        var stages: [String: [[String]]] = [:]
        for stage in derived.stages { stages[stage.name] = stage.invocations }
        #expect(derived.stages.first?.name == "generate" || derived.kind == .swiftPackage)
        return stages
    }

    var workspace: Workspace {
        Workspace(
            currentDirectory: folder.url, root: folder.url, repository: nil, configuration: Configuration(),
            environment: [:])
    }

    func model(spec: String = "project.yml", projectRoot: String? = nil) throws -> ProjectModel {
        let location = try workspace.locate(SpecLocator.Options(spec: spec, projectRoot: projectRoot))
        return try ProjectModel.read(location, files: workspace.specFiles)
    }

    @Test("an iOS app with a declared scheme: generate, build for any simulator, test on a concrete one")
    func iOSScheme() throws {
        try write(
            "project.yml",
            """
            name: Notes
            targets:
              Notes:
                type: application
                platform: iOS
              NotesTests:
                type: bundle.unit-test
                platform: iOS
                dependencies: [{target: Notes}]
            schemes:
              Notes:
                build:
                  targets:
                    Notes: all
                test:
                  targets: [NotesTests]
            """)
        let stages = try derive()
        #expect(stages["generate"] == [["xcodegen", "generate"]])
        #expect(
            stages["build"] == [
                [
                    "xcodebuild", "build", "-project", "Notes.xcodeproj", "-scheme", "Notes", "-destination",
                    "generic/platform=iOS Simulator", "CODE_SIGNING_ALLOWED=NO",
                ]
            ])
        #expect(
            stages["test"] == [
                [
                    "xcodebuild", "test", "-project", "Notes.xcodeproj", "-scheme", "Notes", "-destination",
                    "platform=iOS Simulator,OS=latest", "CODE_SIGNING_ALLOWED=NO",
                ]
            ])
    }

    @Test("without schemes, Xcode's automatic scheme of every top-level target builds on its platform")
    func applicationTargetsPerPlatform() throws {
        try write(
            "project.yml",
            """
            name: Multi
            targets:
              PhoneApp: {type: application, platform: iOS}
              WatchApp: {type: application, platform: watchOS}
              MacApp: {type: application, platform: macOS}
              TVApp: {type: application, platform: tvOS}
              OldWatch: {type: application.watchapp2, platform: watchOS}
              Kit: {type: framework, platform: iOS}
              MacAppTests:
                type: bundle.unit-test
                platform: macOS
                dependencies:
                  - target: MacApp
            """)
        let stages = try derive()
        let lines = try #require(stages["build"])
        #expect(lines.map { $0[5] } == ["Kit", "MacApp", "OldWatch", "PhoneApp", "TVApp", "WatchApp"])
        #expect(
            lines.map { $0[7] } == [
                "generic/platform=iOS Simulator", "generic/platform=macOS", "generic/platform=watchOS Simulator",
                "generic/platform=iOS Simulator", "generic/platform=tvOS Simulator",
                "generic/platform=watchOS Simulator",
            ])
        #expect(lines.allSatisfy { $0.last == "CODE_SIGNING_ALLOWED=NO" })
        // Xcode's automatic scheme of a test bundle runs the bundle itself.
        #expect(
            stages["test"] == [
                [
                    "xcodebuild", "test", "-project", "Multi.xcodeproj", "-scheme", "MacAppTests", "-destination",
                    "platform=macOS", "CODE_SIGNING_ALLOWED=NO",
                ]
            ])
    }

    @Test("the example app: one scheme for iOS, no test stage without test targets, versions read for the environment")
    func exampleLikeSpec() throws {
        try write(
            "Config/signing.yml", "targets:\n  MyApp:\n    settings:\n      base:\n        DEVELOPMENT_TEAM: ABC\n")
        try write(
            "project.yml",
            """
            name: MyApp
            include:
              - Config/signing.yml
            settings:
              base:
                MARKETING_VERSION: 1.4.2
                CURRENT_PROJECT_VERSION: 118
            targets:
              MyApp: {type: application, platform: iOS}
              MyAppWatch: {type: application, platform: watchOS}
            schemes:
              MyApp:
                build:
                  targets:
                    MyApp: all
                test:
                  gatherCoverageData: true
            """)
        let stages = try derive()
        #expect(stages.keys.sorted() == ["build", "generate"])
        #expect(
            stages["build"] == [
                [
                    "xcodebuild", "build", "-project", "MyApp.xcodeproj", "-scheme", "MyApp", "-destination",
                    "generic/platform=iOS Simulator", "CODE_SIGNING_ALLOWED=NO",
                ]
            ])
        let versions = StageEnvironment.specVersions(workspace)
        #expect(versions.version == "1.4.2")
        #expect(versions.build == "118")
    }

    @Test("multi-platform targets, target schemes, templates and includes are followed")
    func expansions() throws {
        try write(
            "specs/targets.yml",
            """
            targets:
              Viewer:
                templates: [App]
                platform: [iOS, tvOS]
                scheme:
                  testTargets:
                    - ViewerTests_${platform}
            """)
        try write(
            "specs/project.yml",
            """
            name: Gallery
            include: [specs/targets.yml]
            targetTemplates:
              App:
                type: application
            targets:
              ${platform}Widget:
                type: application
                platform: [macOS]
            """)
        // With a project root, XcodeGen resolves the spec's includes against it, not against the spec's folder.
        let stages = try derive(spec: "specs/project.yml", projectRoot: ".")
        #expect(stages["generate"] == [["xcodegen", "generate", "--spec", "specs/project.yml", "--project-root", "."]])
        // A target's own `scheme:` (one per generated platform target) wins over the application-target fallback.
        let project = ["-project", "specs/Gallery.xcodeproj"]
        #expect(
            stages["build"] == [
                ["xcodebuild", "build"] + project + [
                    "-scheme", "Viewer_iOS", "-destination", "generic/platform=iOS Simulator",
                    "CODE_SIGNING_ALLOWED=NO",
                ],
                ["xcodebuild", "build"] + project + [
                    "-scheme", "Viewer_tvOS", "-destination", "generic/platform=tvOS Simulator",
                    "CODE_SIGNING_ALLOWED=NO",
                ],
            ])
        // The schemes name test targets the spec does not define: nothing to test, and the model says so.
        #expect(stages["test"] == nil)
        let model = try model(spec: "specs/project.yml", projectRoot: ".")
        #expect(model.schemes.map { $0.testTargets.map(\.name.value) } == [["ViewerTests_iOS"], ["ViewerTests_tvOS"]])
        #expect(model.warnings.contains { $0.message.contains("names the target 'ViewerTests_iOS'") })
        // XcodeGen names a split target prefix + key + suffix: `${platform}` in the key itself stays as written.
        #expect(model.targets.map(\.name) == ["${platform}Widget_macOS", "Viewer_iOS", "Viewer_tvOS"])
        #expect(model.targets.allSatisfy { $0.typeName == "application" })
    }

    @Test("a Swift package builds and tests with swift; without test targets there is no test stage")
    func swiftPackage() throws {
        try write(
            "Package.swift",
            "let package = Package(name: \"K\", targets: [.target(name: \"K\"), .testTarget(name: \"KTests\")])\n")
        #expect(try derive() == ["build": [["swift", "build"]], "test": [["swift", "test"]]])
        try write("Package.swift", "let package = Package(name: \"K\", targets: [.target(name: \"K\")])\n")
        #expect(try derive() == ["build": [["swift", "build"]]])
    }

    @Test("a repository that is neither gets no defaults, and the plan says how to add stages")
    func neither() throws {
        #expect(try DefaultStages.derive(root: folder.url, specPath: "project.yml", projectRoot: nil) == nil)
        let error = #expect(throws: Failure.self) {
            try StagePlan.resolve(configuration: Configuration(), root: folder.url, specPath: "project.yml")
        }
        #expect(error?.message.contains("neither project.yml nor Package.swift") == true)
        #expect(error?.hint?.contains("stages:") == true)
    }

    @Test("a spec without a name is an error that says what to add")
    func specWithoutName() throws {
        try write("project.yml", "targets: {}\n")
        let error = #expect(throws: SpecError.self) {
            try DefaultStages.derive(root: folder.url, specPath: "project.yml", projectRoot: nil)
        }
        #expect(error?.message == "project.yml has no 'name', so the Xcode project's name is unknown")
        #expect(error?.hint == "add 'name: <Project>' at the top of the spec, or configure 'stages:' in .slipway.yml")
    }

    @Test("derived commands read as shell lines joined by &&")
    func display() {
        let stage = Stage(name: "build", command: .programs([["xcodebuild", "-scheme", "A B"], ["swift", "build"]]))
        #expect(stage.displayCommand == "xcodebuild -scheme 'A B' && swift build")
    }
}
