import Foundation
import Testing

/// `.slipway.yml` errors all at once, a missing spec, manifests written once, a committed project, a sparse checkout.
@Suite("onboarding and manifests: the built binary")
struct OnboardingTests {
    @Test("every .slipway.yml mistake is reported in one run, a tag the pattern misses among them")
    func everyError() throws {
        let repo = try TestRepository()
        try repo.write("project.yml", "name: A\nsettings:\n  MARKETING_VERSION: 1.0.0\n")
        try repo.write(
            ".slipway.yml",
            "detect:\n  releaseTagPattern: \"testflight-*\"\nrelease:\n  tag: \"v{version}\"\nstagez: []\n"
                + "hooks:\n  action: shout\n")
        try repo.commit("init")
        let result = try repo.slipway("version")
        #expect(result.status == 2)
        #expect(result.stderr.contains("3 problems in .slipway.yml"))
        #expect(result.stderr.contains(".slipway.yml:4:8: error: release.tag 'v{version}' makes tags such as v1.2.3"))
        #expect(result.stderr.contains(".slipway.yml:5:1: error: unknown key 'stagez'"))
        #expect(result.stderr.contains(".slipway.yml:7:11: error: 'hooks.action' must be one of"))
    }

    @Test("a spec one folder down and no .slipway.yml: detect warns, version names it and suggests slipway init")
    func specElsewhere() throws {
        let repo = try TestRepository()
        try repo.write("MyApp/project.yml", "name: A\nsettings:\n  MARKETING_VERSION: 1.0.0\n")
        try repo.commit("init")
        try repo.write("MyApp/project.yml", "name: A\nsettings:\n  MARKETING_VERSION: 1.0.1\n")
        try repo.commit("edit the spec")
        let detect = try repo.slipway("detect")
        #expect(
            detect.stderr.contains("warning: no XcodeGen spec at the repository root, so changes to MyApp/project.yml"))
        let version = try repo.slipway("version")
        #expect(version.status == 2)
        #expect(version.stderr.contains("found MyApp/project.yml; run 'slipway init'"))
        try repo.write(".slipway.yml", "spec: nothere.yml\n")
        #expect(try repo.slipway("detect").stderr.contains("the spec nothere.yml named in .slipway.yml does not exist"))
    }

    @Test("no build number: the commit message, trailer and manifest folder say the version alone")
    func noBuildNumber() throws {
        let repo = try TestRepository()
        try repo.write("project.yml", "name: A\nsettings:\n  MARKETING_VERSION: 26.5.0\n")
        try repo.commit("init")
        let result = try repo.slipway("release", "patch", "--skip-stages")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try repo.git(["log", "-1", "--format=%B"]) == "Release 26.5.1\n\nSlipway-Release: 26.5.1\n\n")
        #expect(FileManager.default.fileExists(atPath: repo.path + "/.slipway/releases/26.5.1/manifest.json"))
        let nothing = try repo.slipway("release", "--skip-stages")
        #expect(nothing.stderr.contains("slipway release patch|minor|major"), "\(nothing.stderr)")
    }

    @Test("manifest after a release writes beside it, records the working tree's build and leaves out release commits")
    func manifestOnce() throws {
        let repo = try ReleaseFixture.released()
        #expect(try repo.slipway("release", "patch", "--skip-stages").status == 0)
        let folder = repo.url.appendingPathComponent(".slipway/releases/1.2.1+43")
        let first = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        #expect(try repo.slipway("manifest").status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("manifest.json")) == first)
        let beside = try ReleaseFixture.readJSON(folder.appendingPathComponent("manifest-2.json"))
        let subjects = beside["commits"]?.arrayValue?.compactMap { $0["subject"]?.stringValue } ?? []
        #expect(!subjects.contains { $0.hasPrefix("Release ") })

        #expect(try repo.slipway("bump", "--build", "999").status == 0)
        #expect(try repo.slipway("manifest").status == 0)
        let built = try ReleaseFixture.readJSON(
            repo.url.appendingPathComponent(".slipway/releases/1.2.1+999/manifest.json"))
        #expect(built["version"]?["build"]?.stringValue == "999")
        #expect(built["notes"]?.arrayValue?.first?.stringValue?.contains("holds 1.2.1 (43)") == true)
    }

    @Test("a committed .xcodeproj: refused without a generate stage, else regenerated and committed with the spec")
    func committedProject() throws {
        let fixture = try AppFixture(
            "committed-project", configuration: "stages:\n  - name: build\n    run: \"true\"\n")
        let refused = try fixture.repo.slipway("release", "patch", "--skip-stages")
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "git tracks the generated Notes.xcodeproj/project.pbxproj, and no 'generate' stage regenerates it"),
            "\(refused.stderr)")
        try fixture.repo.write(
            ".slipway.yml",
            // `-i.bak` and no space: the one in-place form BSD sed (macOS) and GNU sed both read.
            "stages:\n  - name: generate\n    run: sed -i.bak \"s/1.2.0/$SLIPWAY_VERSION/\" Notes.xcodeproj/project.pbxproj"
                + " && rm Notes.xcodeproj/project.pbxproj.bak\n"
        )
        try fixture.repo.commit("a generate stage")
        let result = try fixture.repo.slipway("release", "patch")
        #expect(result.status == 0, "\(result.stderr)")
        let files = try fixture.repo.git(["show", "--name-only", "--format=", "HEAD"])
        #expect(files == "Notes.xcodeproj/project.pbxproj\nproject.yml\n")
        #expect(try fixture.repo.git(["show", "HEAD:Notes.xcodeproj/project.pbxproj"]).contains("1.2.1"))
    }

    @Test("a sparse checkout's skip-worktree entries are not uncommitted changes")
    func sparseCheckout() throws {
        let repo = try TestRepository()
        try repo.write("project.yml", "name: A\nsettings:\n  MARKETING_VERSION: 1.0.0\n")
        try repo.write("Big/asset.bin", "large\n")
        try repo.commit("init")
        try repo.git(["sparse-checkout", "set", "--no-cone", "/*", "!/Big/"])
        #expect(try repo.git(["status", "--short"]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: repo.path + "/Big/asset.bin"))
        let result = try repo.slipway("release", "patch", "--skip-stages")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try repo.git(["show", "--name-only", "--format=", "HEAD"]) == "project.yml\n")
    }
}
