import Foundation
import Testing

@Suite("detect: the build-config rule")
struct DetectBuildConfigRuleTests {
    @Test(
        "build-config fires for the spec, plists, entitlements and xcconfigs at any depth",
        arguments: [
            ("project.yml", true),
            ("project.yaml", true),
            ("project.json", true),
            ("Info.plist", true),
            ("iOS/Info.plist", true),
            ("watchOS/Extension/Resources/Info.plist", true),
            ("iOS/MyApp.entitlements", true),
            ("watchOS/Extension/Watch.entitlements", true),
            ("Base.xcconfig", true),
            ("Configs/Release/App.xcconfig", true),
            ("Docs/project.yml", false),
            ("iOS/Info.plist.orig", false),
            ("iOS/Settings.plist", false),
            ("Docs/Guide.md", false),
        ])
    func buildConfigPaths(path: String, fires: Bool) throws {
        let repo = try AppRepository.make()
        try repo.touch(path)
        try repo.commit("Add \(path)")
        let report = try repo.detect()
        #expect(report.major == fires)
        #expect(report.reason("build-config")?.paths == (fires ? [path] : nil))
    }

    @Test("renaming a build file counts both paths; deleting one counts")
    func buildConfigRenameAndDeletion() throws {
        let repo = try AppRepository.make()
        try repo.touch("Configs/Base.xcconfig", "iOS/Info.plist")
        try repo.commit("Add configs")
        try repo.move("Configs/Base.xcconfig", "Configs/Shared.xcconfig.disabled")
        try repo.remove("iOS/Info.plist")
        try repo.commit("Disable base config, drop plist")
        let report = try repo.detect()
        #expect(report.reason("build-config")?.paths == ["Configs/Base.xcconfig", "iOS/Info.plist"])
        #expect(report.files == (try repo.gitChanges(from: "HEAD~1", to: "HEAD")))
    }

    @Test("spec files pulled in through include: count as build configuration, followed recursively")
    func specIncludes() throws {
        let repo = try AppRepository.make()
        try repo.write(
            "project.yml",
            """
            name: MyApp
            include:
              - specs/base.yml
              - path: specs/targets.yml
                relativePaths: false
            targets: {}

            """)
        try repo.write("specs/base.yml", "include: [settings/common.yml]\n")
        // relativePaths: false: this file's own includes resolve against the base path (the root), as in XcodeGen.
        try repo.write("specs/targets.yml", "include:\n  path: extra.json\n")
        try repo.write("specs/settings/common.yml", "settings: {}\n")
        try repo.write("extra.json", "{}\n")
        try repo.write("specs/unused.yml", "settings: {}\n")
        // Any edit counts: this is about which files are spec files, not about what an edit changes.
        try repo.write(".slipway.yml", "detect:\n  buildConfig: paths\n")
        try repo.commit("Add spec")
        for (path, fires) in [
            ("specs/base.yml", true), ("specs/targets.yml", true), ("specs/settings/common.yml", true),
            ("extra.json", true), ("specs/unused.yml", false),
        ] {
            try repo.edit(path, "# edited")
            try repo.commit("Edit \(path)")
            let report = try repo.detect()
            #expect(report.reason("build-config")?.paths == (fires ? [path] : nil), "\(path)")
        }
    }

    @Test("a spec file dropped from include: in the same commit that deletes it still counts")
    func droppedInclude() throws {
        let repo = try AppRepository.make()
        try repo.write("project.yml", "name: MyApp\ninclude: [specs/old.yml]\n")
        try repo.write("specs/old.yml", "settings: {}\n")
        try repo.write(".slipway.yml", "detect:\n  buildConfig: paths\n")
        try repo.commit("Add spec")
        try repo.write("project.yml", "name: MyApp\n")
        try repo.remove("specs/old.yml")
        try repo.commit("Inline the old spec")
        let report = try repo.detect()
        #expect(report.reason("build-config")?.paths == ["project.yml", "specs/old.yml"])
        let range = try repo.detect("HEAD~1..HEAD")
        #expect(range.reason("build-config")?.paths == ["project.yml", "specs/old.yml"])
    }

    @Test("the spec path from the configuration is followed, with its includes relative to its folder")
    func configuredSpec() throws {
        let repo = try AppRepository.make()
        try repo.write(".slipway.yml", "spec: App/project.yml\ndetect:\n  buildConfig: paths\n")
        try repo.write("App/project.yml", "name: MyApp\ninclude: [targets.yml]\n")
        try repo.write("App/targets.yml", "targets: {}\n")
        try repo.commit("Add spec")
        try repo.edit("App/targets.yml", "# edited")
        try repo.commit("Edit targets")
        #expect(try repo.detect().reason("build-config")?.paths == ["App/targets.yml"])
        try repo.edit("App/project.yml", "# edited")
        try repo.commit("Edit spec")
        #expect(try repo.detect().reason("build-config")?.paths == ["App/project.yml"])
    }

    @Test("a spec that does not parse still counts as build configuration")
    func brokenSpec() throws {
        let repo = try AppRepository.make()
        try repo.write("project.yml", "name: [unclosed\n")
        try repo.commit("Break the spec")
        let report = try repo.detect()
        #expect(report.reason("build-config")?.paths == ["project.yml"])
    }

    @Test("buildConfigPaths from the configuration replace the default globs")
    func customBuildConfigPaths() throws {
        let repo = try AppRepository.make()
        try repo.write(".slipway.yml", "detect:\n  buildConfigPaths: [\"**/*.plist\", Cartfile]\n")
        try repo.commit("Configure")
        try repo.touch("iOS/Settings.plist", "Cartfile", "Base.xcconfig")
        try repo.commit("Change")
        let report = try repo.detect()
        #expect(report.reason("build-config")?.paths == ["Cartfile", "iOS/Settings.plist"])
    }
}
