import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayVersioning
import Testing

@Suite("release tags from history: the template and pattern init proposes")
struct TagStyleTests {
    @Test(
        "each real tag style gives its template and a pattern that leaves moving tags out",
        arguments: [
            // vultisig: marketing 1.45, build 71, tagged v1.45.71.
            (["v1.44.70", "v1.45.71", "testflight"], "1.45", "v{version}.{build}", "v*.*"),
            // ruuvi and most apps: v3.6.0, with an old style and a moving tag beside.
            (["0.7.4(184)", "beta", "v3.5.0", "v3.6.0"], "3.6.0", "v{version}", "v*.*"),
            // Flare: no v.
            (["1.7.3", "1.7.4", "preview", "testflight"], "1.7.4", "{version}", "*.*"),
            // bitkey: app/2026.11.2 beside source/2026-08-12-2119.
            (["app/2026.10.1", "app/2026.11.2", "source/2026-08-12-2119"], "2026.11.2", "app/{version}", "app/*.*"),
            // talkie: v2.5.35 is the app's; app-macos-v… and npm-v… are other things released from the repository.
            (["app-macos-v2.5.33", "npm-v0.4.10", "v2.5.33", "v2.5.35"], "2.5.35", "v{version}", "v*.*"),
        ])
    func styles(_ tags: [String], _ version: String, _ template: String, _ pattern: String) throws {
        let style = try #require(TagStyle.infer(tags, version: version))
        #expect(style.template == template)
        #expect(style.pattern == pattern)
        let glob = Glob(pattern)
        for tag in ["testflight", "beta", "preview", "source/2026-08-12-2119"] { #expect(!glob.matches(tag)) }
        for tag in style.releases { #expect(glob.matches(tag)) }
        // The template reads its own tags back: the version a release tag holds.
        let last = try #require(style.releases.last)
        #expect(ReleaseTemplate(template).values(in: last)?["version"] == version)
    }

    @Test("a pre-release the pattern cannot leave out is named; tags without a release give no style")
    func alsoMatched() throws {
        let style = try #require(TagStyle.infer(["v2.11.0", "v2.11.0-beta-20260525", "v3.0.0"], version: "3.0.0"))
        #expect(style.template == "v{version}")
        #expect(style.alsoMatched == ["v2.11.0-beta-20260525"])
        #expect(TagStyle.infer(["beta", "testflight", "build-12a"], version: "1.0") == nil)
    }

    @Test(
        "a template reads the values back from a tag",
        arguments: [
            ("v{version}.{build}", "v1.45.71", ["version": "1.45", "build": "71"]),
            ("{app}/v{version}", "holder/v2.0.1", ["app": "holder", "version": "2.0.1"]),
            ("v{version}", "v3.6.0", ["version": "3.6.0"]),
        ])
    func values(_ template: String, _ tag: String, _ expected: [String: String]) {
        #expect(ReleaseTemplate(template).values(in: tag) == expected)
    }

    @Test("a tag of another shape gives no values", arguments: ["beta", "v3.0.0-beta.1", "v", "1.2.0"])
    func noValues(_ tag: String) {
        #expect(ReleaseTemplate("v{version}").values(in: tag) == nil)
    }

    /// A one-app repository at `version` (build `build`), with one commit for each of `tags`, tagged in order.
    static func history(version: String, build: String, tags: [String]) throws -> TestRepository {
        let repo = try TestRepository()
        try repo.write(
            "project.yml",
            "name: App\nsettings:\n  base:\n    MARKETING_VERSION: \"\(version)\"\n"
                + "    CURRENT_PROJECT_VERSION: \"\(build)\"\ntargets:\n  App:\n    type: application\n"
                + "    platform: iOS\n    sources: [Sources]\n")
        try repo.write("Sources/App.swift")
        try repo.commit("init")
        for (index, tag) in tags.enumerated() {
            try repo.write("Sources/Change\(index).swift")
            try repo.commit("change \(index)")
            try repo.git(["tag", tag])
        }
        return repo
    }

    @Test(
        "init proposes the tag the history uses, says what it saw, and the file it writes reads back",
        arguments: [
            ("1.45", "71", ["v1.44.70", "v1.45.71", "testflight"], "v{version}.{build}", "v*.*"),
            ("3.6.0", "1", ["v3.6.0", "beta"], "v{version}", "v*.*"),
            ("1.7.4", "1740", ["1.7.4", "preview"], "{version}", "*.*"),
            ("2026.11.2", "1", ["app/2026.11.2", "source/2026-08-12-2119"], "app/{version}", "app/*.*"),
        ])
    func initProposes(_ version: String, _ build: String, _ tags: [String], _ tag: String, _ pattern: String)
        throws
    {
        let repo = try Self.history(version: version, build: build, tags: tags)
        let result = try repo.slipway("init")
        #expect(result.status == 0, "\(result.stderr)")
        let written = try repo.read(".slipway.yml")
        #expect(written.contains("  releaseTagPattern: \"\(pattern)\"\n"), "\(written)")
        #expect(written.contains("  tag: \"\(tag)\"\n"), "\(written)")
        #expect(result.stderr.contains("tag \(tag), releaseTagPattern \(pattern); not releases: "), "\(result.stderr)")
        // The next release is tagged in the same style, and its range starts at the newest release tag.
        let range = try repo.detectJSON("--head", "HEAD")["range"] as? [String: Any]
        #expect(range?["baseTag"] as? String == tags.filter { Glob(pattern).matches($0) }.last)
    }
}

@Suite("release tags from history, several apps")
struct AppTagStyleTests {
    @Test("init gives each app the <app>/v{version} tags its history holds, leaving moving tags out")
    func perApp() throws {
        let fixture = try AppFixture("two-app")
        for tag in ["holder/v5.0.0", "holder/v5.1.0", "verifier/v3.1.0", "holder/testflight"] {
            try fixture.repo.git(["tag", tag])
        }
        let result = try fixture.repo.slipway("init", "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "    # Tags in history: holder/v5.0.0, holder/v5.1.0.\n    tag: \"holder/v{version}\"\n"
                    + "    releaseTagPattern: \"holder/v*.*\"\n"), "\(result.stdout)")
        #expect(
            result.stdout.contains("    tag: \"verifier/v{version}\"\n    releaseTagPattern: \"verifier/v*.*\"\n"))
    }
}
