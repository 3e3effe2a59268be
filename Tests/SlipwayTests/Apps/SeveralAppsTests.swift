import Foundation
import Testing

/// Two apps in one spec (a holder at 5.1.0, a verifier at 3.1.0) and a white-label layout, run end to end.
@Suite("several apps: the built binary")
struct SeveralAppsTests {
    @Test("without apps:, version and bump say the targets hold separate versions and print the apps: block")
    func suggestsApps() throws {
        let fixture = try AppFixture("two-app")
        #expect(try fixture.golden("version-no-apps", "version").status == 1)
        #expect(try fixture.golden("bump-no-apps", "bump", "patch").status == 1)
        #expect(try fixture.golden("init", "init", "--dry-run").status == 0)
    }

    @Test("without apps:, release --set <version> --build <n> refuses two apps' versions, as without --build")
    func releaseSetRefusesSeparateApps() throws {
        let fixture = try AppFixture("two-app")
        let before = try fixture.repo.read("project.yml")
        for arguments in [["--set", "5.1.1", "--build", "41"], ["--set", "5.1.1"]] {
            let result = try fixture.repo.slipway(
                arguments: ["release"] + arguments + ["--skip-stages", "--no-doctor"])
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("the marketing versions disagree"), "\(result.stderr)")
            #expect(result.stderr.contains("apps:"))
            #expect(try fixture.repo.read("project.yml") == before)
            #expect(try fixture.repo.git(["tag", "--list"]).isEmpty)
        }
    }

    @Test("with apps:, version lists each app; bump needs --app and changes only that app's definitions")
    func bumpsOneApp() throws {
        let fixture = try AppFixture("two-app", configuration: AppFixture.twoApps)
        #expect(try fixture.golden("version-apps", "version").status == 0)
        let unnamed = try fixture.golden("bump-unnamed", "bump", "patch")
        #expect(unnamed.status == 2)
        #expect(unnamed.stderr.contains("(holder, verifier)"))
        #expect(try fixture.golden("bump-verifier", "bump", "patch", "--app", "verifier", "--dry-run").status == 0)
        let json = try fixture.golden("bump-verifier-json", "bump", "patch", "--app", "verifier", "--dry-run", "--json")
        #expect(json.status == 0)
        let holder = try fixture.repo.slipway("bump", "--app", "holder", "--set", "5.2.0", "--build", "999")
        #expect(holder.status == 0, "\(holder.stderr)")
        let spec = try fixture.repo.read("project.yml")
        #expect(spec.contains("MARKETING_VERSION: 5.2.0") && spec.contains("CURRENT_PROJECT_VERSION: 999"))
        // Nothing writes one app's version into another's targets.
        #expect(spec.contains("MARKETING_VERSION: 3.1.0") && spec.contains("CURRENT_PROJECT_VERSION: 40"))
        let unknown = try fixture.repo.slipway("bump", "patch", "--app", "holdr")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'holder'?"))
    }

    @Test("a definition other apps' targets inherit too is refused with its place listed")
    func sharedDefinition() throws {
        let fixture = try AppFixture("two-app", configuration: AppFixture.twoApps)
        var spec = try fixture.repo.read("project.yml")
        spec = spec.replacingOccurrences(of: "        CURRENT_PROJECT_VERSION: 40\n", with: "")
        try fixture.repo.write("project.yml", spec)
        try fixture.repo.commit("the verifier inherits the project's build number")
        let result = try fixture.repo.slipway("bump", "build", "--app", "holder")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "project.yml:5:30 settings.base.CURRENT_PROJECT_VERSION = 251  (shared by holder, verifier)"))
        #expect(result.stderr.contains("slipway bump --build holder=<n> --build verifier=<n>"))
        #expect(try fixture.repo.read("project.yml") == spec)
    }

    @Test("a release of one app: its tag, trailer, manifest folder and commit message; the other app untouched")
    func releasesOneApp() throws {
        let fixture = try AppFixture("two-app", configuration: AppFixture.twoApps)
        let result = try fixture.repo.slipway("release", "patch", "--app", "verifier", "--skip-stages")
        #expect(result.status == 0, "\(result.stderr)")
        let message = try fixture.repo.git(["log", "-1", "--format=%B"])
        #expect(message == "Release verifier 3.1.1 (41)\n\nSlipway-Release: verifier 3.1.1+41\n\n")
        #expect(try fixture.repo.git(["tag", "--list"]) == "verifier-v3.1.1\n")
        let manifest = try ReleaseFixture.readJSON(
            fixture.repo.url.appendingPathComponent(".slipway/releases/verifier/3.1.1+41/manifest.json"))
        #expect(manifest["project"]?["app"]?.stringValue == "verifier")
        #expect(manifest["version"]?["marketing"]?.stringValue == "3.1.1")
        #expect(try fixture.repo.read("project.yml").contains("MARKETING_VERSION: 5.1.0"))

        // The holder's release does not count the verifier's release commit as a change of its own.
        let holder = try fixture.repo.slipway("release", "minor", "--app", "holder", "--skip-stages")
        #expect(holder.status == 0, "\(holder.stderr)")
        let second = try ReleaseFixture.readJSON(
            fixture.repo.url.appendingPathComponent(".slipway/releases/holder/5.2.0+252/manifest.json"))
        #expect(second["commits"]?.arrayValue?.compactMap { $0["subject"]?.stringValue } == ["init"])
        #expect(try fixture.repo.git(["tag", "--list"]) == "holder-v5.2.0\nverifier-v3.1.1\n")
    }

    @Test("detect judges each app: a change only the verifier's targets compile is major for the verifier alone")
    func detectsPerApp() throws {
        let fixture = try AppFixture("two-app", configuration: AppFixture.twoApps)
        for index in 1...6 { try fixture.repo.write("Verifier/File\(index).swift", "let v\(index) = 1\n") }
        try fixture.repo.commit("Six verifier files")
        let result = try fixture.repo.slipway("detect", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let apps = report["apps"] as? [[String: Any]] ?? []
        #expect(apps.map { $0["app"] as? String } == ["holder", "verifier"])
        #expect(apps.map { $0["major"] as? Bool } == [false, true])
        let one = try fixture.repo.slipway("detect", "--app", "verifier", "--exit-code")
        #expect(one.status == 0)
        #expect(try fixture.repo.slipway("detect", "--app", "holder", "--exit-code").status == 1)
    }

    @Test("white-label: one spec per brand including Apps/Shared; init describes them, each bumps alone")
    func whiteLabel() throws {
        let fixture = try AppFixture("white-label")
        #expect(try fixture.golden("init", "init", "--dry-run").status == 0)
        #expect(try fixture.repo.slipway("init").status == 0)
        try fixture.repo.commit("slipway init")
        #expect(try fixture.golden("version", "version").status == 0)
        #expect(try fixture.golden("bump-alpha", "bump", "minor", "--app", "alpha", "--dry-run").status == 0)
        #expect(
            try fixture.golden("bump-alpha-json", "bump", "minor", "--app", "alpha", "--dry-run", "--json").status == 0)
        let again = try fixture.repo.slipway("init")
        #expect(again.status == 2)
        #expect(again.stderr.contains("exists already"))
        #expect(try fixture.repo.slipway("init", "--force").status == 0)
    }
}
