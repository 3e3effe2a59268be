import Foundation
import Testing

/// White-label brands that share one marketing version in `Apps/Shared/app_shared.yml`, each with its own spec.
@Suite("apps that share the marketing version, and a build number CI owns")
struct SharedVersionAppsTests {
    static let apps = """
        apps:
          - name: alpha
            spec: Apps/Alpha/project.yml
          - name: beta
            spec: Apps/Beta/project.yml
        stages:
          - name: check
            run: "true"

        """

    /// The white-label fixture with MARKETING_VERSION 4.0.0 moved into `Apps/Shared/app_shared.yml` (included by
    /// both brands; with `sharedBuild`, CURRENT_PROJECT_VERSION 100 too), both brands released at 4.0.0.
    static func repository(_ configuration: String, sharedBuild: Bool = false) throws -> AppFixture {
        let fixture = try AppFixture("white-label", configuration: apps + configuration)
        let repo = fixture.repo
        try repo.write(
            "Apps/Shared/app_shared.yml",
            "settings:\n  base:\n    MARKETING_VERSION: 4.0.0\n"
                + (sharedBuild ? "    CURRENT_PROJECT_VERSION: 100\n" : ""))
        for brand in ["Alpha", "Beta"] {
            let path = "Apps/\(brand)/project.yml"
            let lines = try repo.read(path).split(separator: "\n", omittingEmptySubsequences: false).filter {
                !$0.contains("MARKETING_VERSION") && !(sharedBuild && $0.contains("CURRENT_PROJECT_VERSION"))
            }
            try repo.write(
                path,
                lines.joined(separator: "\n").replacingOccurrences(
                    of: "  - ../Shared/base.yml", with: "  - ../Shared/base.yml\n  - ../Shared/app_shared.yml"))
        }
        try repo.commit("one marketing version for every brand")
        try repo.git(["tag", "-a", "alpha-v4.0.0", "-m", "Release alpha 4.0.0"])
        try repo.git(["tag", "-a", "beta-v4.0.0", "-m", "Release beta 4.0.0"])
        try repo.write("Apps/Alpha/Sources/Feature.swift", "let feature = 1\n")
        try repo.commit("feat: a feature")
        return fixture
    }

    @Test("without sharedByApps one brand's release is refused; the hint's way works: one bump, a tag for each")
    func sharedMarketing() throws {
        let fixture = try Self.repository("")
        let repo = fixture.repo
        let refused = try repo.slipway("release", "minor", "--app", "alpha")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("say so with 'version: {sharedByApps: true}' in .slipway.yml"))
        // The brands' build numbers are their own, so the bump-then-release route is offered too, and it works.
        #expect(refused.stderr.contains("then release each app (slipway release build --app alpha)"))

        try repo.write(".slipway.yml", Self.apps + "version: {sharedByApps: true}\n")
        try repo.commit("the brands share their version")
        let alpha = try repo.slipway("release", "minor", "--app", "alpha")
        #expect(alpha.status == 0, "\(alpha.stderr)")
        #expect(try repo.read("Apps/Shared/app_shared.yml").contains("MARKETING_VERSION: 4.1.0\n"))
        #expect(try repo.read("Apps/Alpha/project.yml").contains("CURRENT_PROJECT_VERSION: 81"))
        #expect(try repo.read("Apps/Beta/project.yml").contains("CURRENT_PROJECT_VERSION: 31"))

        let beta = try repo.slipway("release", "--app", "beta")
        #expect(beta.status == 0, "\(beta.stderr)")
        #expect(try repo.read("Apps/Shared/app_shared.yml").contains("MARKETING_VERSION: 4.1.0\n"), "bumped once")
        #expect(try repo.read("Apps/Beta/project.yml").contains("CURRENT_PROJECT_VERSION: 32"))
        #expect(try repo.git(["tag", "--list", "*-v4.1.0"]) == "alpha-v4.1.0\nbeta-v4.1.0\n")
    }

    @Test("sharedByApps without --app: the dry run lists every app's tag, on the one release commit")
    func togetherDryRun() throws {
        let repo = try Self.repository("version: {sharedByApps: true}\n").repo
        let result = try repo.slipway("release", "minor", "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("   tag        alpha-v4.1.0 (annotated, on the release commit)\n"),
            "\(result.stdout)")
        #expect(
            result.stdout.contains("   tag        beta-v4.1.0 (annotated, on the release commit)\n"), "\(result.stdout)"
        )
        #expect(result.stdout.contains("+    MARKETING_VERSION: 4.1.0\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Release 4.1.0 (alpha 81, beta 32)"), "\(result.stdout)")
        #expect(try repo.git(["tag", "--list", "*-v4.1.0"]) == "")
    }

    @Test("sharedByApps without --app: one bump, one commit, each app's tag on it, each app's build, one manifest")
    func together() throws {
        let repo = try Self.repository("version: {sharedByApps: true}\n").repo
        let before = try repo.git(["rev-list", "--count", "HEAD"])
        let result = try repo.slipway("release", "minor")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Tagged alpha-v4.1.0\nTagged beta-v4.1.0\n"), "\(result.stdout)")
        #expect(try repo.read("Apps/Shared/app_shared.yml").contains("MARKETING_VERSION: 4.1.0\n"))
        #expect(try repo.read("Apps/Alpha/project.yml").contains("CURRENT_PROJECT_VERSION: 81"))
        #expect(try repo.read("Apps/Beta/project.yml").contains("CURRENT_PROJECT_VERSION: 32"))
        #expect(Int(try repo.git(["rev-list", "--count", "HEAD"]).dropLast()) == Int(before.dropLast())! + 1)
        let head = try repo.git(["rev-parse", "HEAD"])
        for tag in ["alpha-v4.1.0", "beta-v4.1.0"] {
            #expect(try repo.git(["rev-parse", "\(tag)^{commit}"]) == head, "\(tag)")
        }
        #expect(try repo.git(["tag", "--list", "*-v4.1.0"]) == "alpha-v4.1.0\nbeta-v4.1.0\n")
        #expect(
            try repo.git(["tag", "--list", "--format=%(contents:subject)", "beta-v4.1.0"])
                == "Release beta 4.1.0 (32)\n")
        #expect(
            try repo.log("%B").hasPrefix(
                "Release 4.1.0 (alpha 81, beta 32)\n\nSlipway-Release: alpha 4.1.0+81\nSlipway-Release: beta 4.1.0+32\n"
            ))
        let manifest = repo.url.appendingPathComponent(".slipway/releases/alpha/4.1.0+81/manifest.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        #expect(text.contains("\"tags\": [\n      \"alpha-v4.1.0\",\n      \"beta-v4.1.0\"\n    ]"), "\(text)")
        #expect(try ReleaseFixture.schemaProblems(manifest).isEmpty)
    }

    @Test("sharedByApps without --app: a failing stage leaves no tag; abort after the tags deletes every one")
    func togetherAbort() throws {
        let repo = try Self.repository(
            "version: {sharedByApps: true}\n"
        ).repo
        try repo.write(
            ".slipway.yml",
            try repo.read(".slipway.yml").replacingOccurrences(of: "run: \"true\"", with: "run: \"false\""))
        try repo.commit("a failing stage")
        let failed = try repo.slipway("release", "minor")
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(try repo.git(["tag", "--list", "*-v4.1.0"]) == "")
        #expect(try repo.log("%s") == "a failing stage\n")

        try repo.write(
            ".slipway.yml",
            try repo.read(".slipway.yml").replacingOccurrences(of: "run: \"false\"", with: "run: \"true\""))
        try repo.commit("the stage passes")
        let start = try repo.git(["rev-parse", "HEAD"])
        // Killed after the second tag, before the push (steps: bump, stages, artifacts, commit, manifest, two tags).
        let remote = TemporaryDirectory("slipway-remote")
        try repo.git(["init", "-q", "--bare", remote.path])
        try repo.git(["remote", "add", "origin", remote.path])
        let killed = try repo.slipway(
            arguments: ["release", "minor", "--push"], extraEnvironment: ["SLIPWAY_TEST_KILL_AFTER_STEP": "7"])
        #expect(killed.status != 0)
        #expect(try repo.git(["tag", "--list", "*-v4.1.0"]) == "alpha-v4.1.0\nbeta-v4.1.0\n")
        let aborted = try repo.slipway("release", "abort")
        #expect(aborted.status == 0, "\(aborted.stderr)")
        #expect(aborted.stdout.contains("deleted the tag alpha-v4.1.0"), "\(aborted.stdout)")
        #expect(aborted.stdout.contains("deleted the tag beta-v4.1.0"), "\(aborted.stdout)")
        #expect(try repo.git(["tag", "--list", "*-v4.1.0"]) == "")
        #expect(try repo.git(["rev-parse", "HEAD"]) == start)
        #expect(try repo.git(["ls-remote", remote.path]) == "")

        // Killed after the first tag: continue makes the other one.
        let half = try repo.slipway(
            arguments: ["release", "minor"], extraEnvironment: ["SLIPWAY_TEST_KILL_AFTER_STEP": "6"])
        #expect(half.status != 0)
        #expect(try repo.git(["tag", "--list", "*-v4.1.0"]) == "alpha-v4.1.0\n")
        let resumed = try repo.slipway("release", "continue")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try repo.git(["tag", "--list", "*-v4.1.0"]) == "alpha-v4.1.0\nbeta-v4.1.0\n")
        #expect(try repo.git(["rev-parse", "beta-v4.1.0^{commit}"]) == repo.git(["rev-parse", "HEAD"]))
    }

    @Test("sharedByApps without --app and --push: one atomic push carries the branch and every app's tag")
    func togetherPush() throws {
        let repo = try Self.repository("version: {sharedByApps: true}\n").repo
        let remote = TemporaryDirectory("slipway-remote")
        try repo.git(["init", "-q", "--bare", remote.path])
        try repo.git(["remote", "add", "origin", remote.path])
        try repo.git(["push", "-q", "-u", "origin", "main"])
        let dryRun = try repo.slipway("release", "minor", "--push", "--dry-run")
        #expect(
            dryRun.stdout.contains(
                "refs/tags/alpha-v4.1.0:refs/tags/alpha-v4.1.0 refs/tags/beta-v4.1.0:refs/tags/beta-v4.1.0"),
            "\(dryRun.stdout)")
        let result = try repo.slipway("release", "minor", "--push")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Pushed main, alpha-v4.1.0 and beta-v4.1.0 to origin"), "\(result.stdout)")
        let head = try repo.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let remoteRefs = try repo.git(["ls-remote", remote.path])
        #expect(remoteRefs.contains("\(head)\trefs/heads/main"), "\(remoteRefs)")
        #expect(remoteRefs.contains("\(head)\trefs/tags/alpha-v4.1.0^{}"), "\(remoteRefs)")
        #expect(remoteRefs.contains("\(head)\trefs/tags/beta-v4.1.0^{}"), "\(remoteRefs)")
    }

    @Test("buildNumberFrom: the release takes CI's number (variable or --build), and leaves the spec's alone")
    func buildFromCI() throws {
        let fixture = try Self.repository(
            "version:\n  sharedByApps: true\n  buildNumberFrom: BUILD_NUMBER\n", sharedBuild: true)
        let repo = fixture.repo
        let shared = try repo.read("Apps/Shared/app_shared.yml")
        // A bump's level moves the marketing version only: the build number is CI's.
        let bump = try repo.slipway("bump", "patch", "--app", "alpha", "--dry-run")
        #expect(bump.status == 0, "\(bump.stderr)")
        #expect(bump.stdout.contains("+    MARKETING_VERSION: 4.0.1\n"), "\(bump.stdout)")
        #expect(!bump.stdout.contains("+    CURRENT_PROJECT_VERSION"), "\(bump.stdout)")
        let alpha = try repo.slipway("release", "minor", "--app", "alpha", extraEnvironment: ["BUILD_NUMBER": "500"])
        #expect(alpha.status == 0, "\(alpha.stderr)")
        #expect(try repo.read("Apps/Shared/app_shared.yml") == shared.replacingOccurrences(of: "4.0.0", with: "4.1.0"))
        #expect(try repo.log("%B").hasPrefix("Release alpha 4.1.0 (500)\n"))

        // No number: refused, and the hint's command passes.
        let missing = try repo.slipway("release", "--app", "beta")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("hint: give it: slipway release --app beta --build <n>, or set BUILD_NUMBER"))
        let beta = try repo.slipway("release", "--app", "beta", "--build", "501")
        #expect(beta.status == 0, "\(beta.stderr)")
        #expect(try repo.read("Apps/Shared/app_shared.yml").contains("CURRENT_PROJECT_VERSION: 100\n"))
        #expect(try repo.log("%s") == "Release beta 4.1.0 (501)\n")
        #expect(try repo.git(["tag", "--list", "*-v4.1.0"]) == "alpha-v4.1.0\nbeta-v4.1.0\n")
    }

    @Test("init sees the one file every brand's spec takes its version from, and says the apps share it")
    func initProposes() throws {
        let fixture = try Self.repository("")
        try fixture.repo.git(["rm", "-q", ".slipway.yml"])
        try fixture.repo.commit("no configuration")
        let result = try fixture.repo.slipway("init", "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("version:\n  sharedByApps: true\n"), "\(result.stdout)")
        #expect(result.stdout.contains("    tag: \"alpha-v{version}\"\n"), "\(result.stdout)")
        // Brands with their own versions share nothing.
        let own = try AppFixture("white-label")
        #expect(!(try own.repo.slipway("init", "--dry-run").stdout.contains("sharedByApps")))
    }
}
