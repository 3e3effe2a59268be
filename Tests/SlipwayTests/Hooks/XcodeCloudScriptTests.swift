import Foundation
import Testing

/// The installed Xcode Cloud scripts, run as Xcode Cloud runs them (its variables set, `/bin/sh`), with the real
/// slipway and small stand-ins for the macOS-only tools (`xcodegen`, `ditto`) that record how they were called.
@Suite("Xcode Cloud's ci_scripts, run")
struct XcodeCloudScriptTests {
    let repository: TestRepository
    let tools: URL

    init() throws {
        repository = try TestRepository()
        tools = repository.home.url.appendingPathComponent(".slipway/bin", isDirectory: true)
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: tools.appendingPathComponent("slipway-real").path, withDestinationPath: SlipwayBinary.path)
        // The slipway under test, on the scripts' PATH as 'slipway'.
        try tool("slipway", "exec \"$(dirname \"$0\")/slipway-real\" \"$@\"")
        try tool("xcodegen", "echo \"$*\" >>\"$HOME/xcodegen.log\"")
        try tool("ditto", "for last in \"$@\"; do :; done; echo zipped >\"$last\"")
    }

    func tool(_ name: String, _ body: String) throws {
        let url = tools.appendingPathComponent(name)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    func install() throws {
        try repository.commit("First")
        let result = try repository.slipway(arguments: ["ci", "install", "xcode-cloud"] + CIInstallTests.source)
        #expect(result.status == 0, "\(result.stderr)")
    }

    func run(_ script: String, _ variables: [String: String]) throws -> ProcessResult {
        var environment = repository.environment
        environment["CI_PRIMARY_REPOSITORY_PATH"] = repository.path
        for (key, value) in variables { environment[key] = value }
        let path = repository.url.appendingPathComponent("ci_scripts/\(script)").path
        return try runProcess(
            "/bin/sh", [path], in: repository.url.appendingPathComponent("ci_scripts"),
            environment: environment)
    }

    func xcodegenCalls() throws -> String {
        (try? String(contentsOf: repository.home.url.appendingPathComponent("xcodegen.log"), encoding: .utf8)) ?? ""
    }

    @Test("pre-xcodebuild: a spec with a build number gets CI_BUILD_NUMBER through slipway bump")
    func buildNumberBumped() throws {
        try repository.write(
            "project.yml",
            "name: App\nsettings:\n  base:\n    MARKETING_VERSION: 1.2.0\n    CURRENT_PROJECT_VERSION: 7\n")
        try install()
        let result = try run("ci_pre_xcodebuild.sh", ["CI_BUILD_NUMBER": "42"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try repository.read("project.yml").contains("CURRENT_PROJECT_VERSION: 42\n"))
        #expect(try xcodegenCalls() == "generate\n", "the generate stage ran xcodegen")
    }

    @Test("pre-xcodebuild: a committed project, which run builds as committed, is regenerated with the build number")
    func committedProjectRegenerated() throws {
        try repository.write(
            "project.yml",
            "name: App\nsettings:\n  base:\n    MARKETING_VERSION: 1.2.0\n    CURRENT_PROJECT_VERSION: 7\n")
        try repository.write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n")
        try install()
        let result = try run("ci_pre_xcodebuild.sh", ["CI_BUILD_NUMBER": "42"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try repository.read("project.yml").contains("CURRENT_PROJECT_VERSION: 42\n"))
        #expect(try xcodegenCalls() == "generate --spec project.yml\n")
    }

    @Test("pre-xcodebuild: a spec with none gets it from a spec XcodeGen reads beside it; project.yml is unchanged")
    func buildNumberAdded() throws {
        let spec = "name: App\nsettings:\n  base:\n    MARKETING_VERSION: 1.2.0\n"
        try repository.write("project.yml", spec)
        try install()
        let result = try run("ci_pre_xcodebuild.sh", ["CI_BUILD_NUMBER": "42"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try repository.read("project.yml") == spec)
        let wrapper = try repository.read(".slipway-build-number.yml")
        #expect(wrapper == "include:\n  - path: project.yml\nsettings:\n  base:\n    CURRENT_PROJECT_VERSION: \"42\"\n")
        #expect(try xcodegenCalls() == "generate --spec ./.slipway-build-number.yml\n")
        // The including spec is real YAML whose build number slipway itself reads through the include.
        let versions = try repository.slipway("version", "--json", "--spec", ".slipway-build-number.yml")
        #expect(versions.stdout.contains(#""build":{"agree":true,"value":"42""#), "\(versions.stdout)")
    }

    @Test("post-xcodebuild: an archive gets TestFlight notes and a manifest of CI_BUILD_NUMBER beside the release's")
    func archiveRecorded() throws {
        try repository.write(
            "project.yml",
            "name: App\nsettings:\n  base:\n    MARKETING_VERSION: 1.2.0\n    CURRENT_PROJECT_VERSION: 7\n")
        try install()
        let archive = repository.directory.url.appendingPathComponent("App.xcarchive")
        try FileManager.default.createDirectory(at: archive, withIntermediateDirectories: true)
        let release = repository.url.appendingPathComponent(".slipway/releases/1.2.0+42/manifest.json")
        try FileManager.default.createDirectory(
            at: release.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"release\": true}\n".utf8).write(to: release)

        let skipped = try run("ci_post_xcodebuild.sh", ["CI_XCODEBUILD_ACTION": "build", "CI_BUILD_NUMBER": "42"])
        #expect(skipped.status == 0)
        #expect(!FileManager.default.fileExists(atPath: repository.url.appendingPathComponent("TestFlight").path))

        let variables = ["CI_XCODEBUILD_ACTION": "archive", "CI_BUILD_NUMBER": "42", "CI_ARCHIVE_PATH": archive.path]
        let result = try run("ci_post_xcodebuild.sh", variables)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let notes = try repository.read("TestFlight/WhatToTest.en-US.txt")
        #expect(!notes.isEmpty)
        let manifest = try repository.read(".slipway/xcode-cloud/build-42/manifest.json")
        let object = try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any]
        let version = object?["version"] as? [String: Any]
        #expect(version?["build"] as? String == "42", "the build that was built, not the committed 7: \(manifest)")
        #expect(version?["marketing"] as? String == "1.2.0")
        #expect(manifest.contains("build/App.xcarchive.zip"))
        #expect(try repository.read(".slipway/releases/1.2.0+42/manifest.json") == "{\"release\": true}\n")
    }

    @Test("several apps: SLIPWAY_APP picks the app the scripts bump, note and record; without it they say which")
    func severalApps() throws {
        let source = AppFixture.root.appendingPathComponent("two-app/repo")
        try repository.write(
            "project.yml", try String(contentsOf: source.appendingPathComponent("project.yml"), encoding: .utf8))
        try repository.write(".slipway.yml", AppFixture.twoApps)
        try install()
        let unnamed = try run("ci_pre_xcodebuild.sh", ["CI_BUILD_NUMBER": "42"])
        #expect(unnamed.status != 0)
        #expect(unnamed.stderr.contains("(holder, verifier): choose one with --app <name>"), "\(unnamed.stderr)")
        let app = ["SLIPWAY_APP": "verifier", "CI_BUILD_NUMBER": "42"]
        let bumped = try run("ci_pre_xcodebuild.sh", app)
        #expect(bumped.status == 0, "\(bumped.stdout)\(bumped.stderr)")
        let spec = try repository.read("project.yml")
        #expect(spec.contains("CURRENT_PROJECT_VERSION: 42") && spec.contains("CURRENT_PROJECT_VERSION: 251"))
        let cloned = try run("ci_post_clone.sh", app)
        #expect(!cloned.stderr.contains("choose one with --app"), "\(cloned.stderr)")

        let archive = repository.directory.url.appendingPathComponent("Verifier.xcarchive")
        try FileManager.default.createDirectory(at: archive, withIntermediateDirectories: true)
        var variables = app
        variables["CI_XCODEBUILD_ACTION"] = "archive"
        variables["CI_ARCHIVE_PATH"] = archive.path
        let result = try run("ci_post_xcodebuild.sh", variables)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let manifest = try repository.read(".slipway/xcode-cloud/verifier/build-42/manifest.json")
        let object = try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any]
        #expect((object?["version"] as? [String: Any])?["marketing"] as? String == "3.1.0", "\(manifest)")
        #expect((object?["project"] as? [String: Any])?["app"] as? String == "verifier")
        #expect(!(try repository.read("TestFlight/WhatToTest.en-US.txt")).isEmpty)
    }

    @Test("manifest --build takes Apple's build number form only")
    func manifestBuildOption() throws {
        try repository.write("project.yml", "name: App\n")
        try repository.write("a.zip", "zip\n")
        try repository.commit("First")
        let refused = try repository.slipway("manifest", "--artifact", "a.zip", "--build", "../42")
        #expect(refused.status == 64, "\(refused.stderr)")
        let taken = try repository.slipway("manifest", "--artifact", "a.zip", "--build", "1.2.3", "--output", "out/")
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(taken.stdout.contains("(1.2.3)"), "\(taken.stdout)")
    }
}
