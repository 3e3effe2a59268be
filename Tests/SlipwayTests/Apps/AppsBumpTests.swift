import Foundation
import Testing

/// `bump --set <app>=<version>` (repeatable): a definition several apps share is written once when every app that
/// uses it is given the same value, and refused otherwise, with the places and the way out.
@Suite("several apps: one bump for the apps that share a definition")
struct AppsBumpTests {
    /// The two-app fixture with the verifier's own MARKETING_VERSION removed: both apps inherit the project's.
    static func sharedMarketing() throws -> AppFixture {
        let fixture = try AppFixture("two-app", configuration: AppFixture.twoApps)
        let spec = try fixture.repo.read("project.yml")
        try fixture.repo.write(
            "project.yml", spec.replacingOccurrences(of: "        MARKETING_VERSION: 3.1.0\n", with: ""))
        try fixture.repo.commit("the verifier inherits the project's marketing version")
        return fixture
    }

    @Test("one app alone is refused with the place and the --set for each; different values are refused too")
    func refused() throws {
        let fixture = try Self.sharedMarketing()
        let before = try fixture.repo.read("project.yml")
        #expect(try fixture.golden("bump-shared-alone", "bump", "patch", "--app", "holder").status == 2)
        let differ = try fixture.golden(
            "bump-shared-differ", "bump", "--set", "holder=5.2.0", "--set", "verifier=5.3.0")
        #expect(differ.status == 2)
        let missing = try fixture.repo.slipway("bump", "--set", "holder=5.2.0")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--set holder=<version> --set verifier=<version>"))
        // A release makes one app's release: it names the bump-then-release route.
        let release = try fixture.repo.slipway("release", "--set", "holder=5.2.0")
        #expect(release.status == 2)
        #expect(release.stderr.contains("slipway release makes one app's release at a time"))
        let alone = try fixture.repo.slipway("release", "patch", "--app", "verifier", "--dry-run")
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("commit that, then release each app (slipway release build --app holder)"))
        #expect(try fixture.repo.read("project.yml") == before)
        #expect(try fixture.repo.git(["tag", "--list"]) == "")
    }

    @Test("every app sharing it, one value: the shared definition is written once, each app's own build alone")
    func together() throws {
        let fixture = try Self.sharedMarketing()
        let result = try fixture.golden(
            "bump-shared-together", "bump", "--set", "holder=5.2.0", "--set", "verifier=5.2.0", "--build",
            "verifier=50")
        #expect(result.status == 0)
        let spec = try fixture.repo.read("project.yml")
        #expect(spec.components(separatedBy: "MARKETING_VERSION: 5.2.0").count == 2)
        #expect(spec.contains("CURRENT_PROJECT_VERSION: 251") && spec.contains("CURRENT_PROJECT_VERSION: 50"))
        let json = try fixture.repo.slipway(
            "bump", "--set", "holder=5.3.0", "--set", "verifier=5.3.0", "--dry-run", "--json")
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("{\"app\":\"holder\",\"build\":null,\"marketing\":{\"new\":\"5.3.0\""))
        // The one-app forms work as before where nothing is shared.
        let build = try fixture.repo.slipway("bump", "--app", "verifier", "--build", "51")
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try fixture.repo.read("project.yml").contains("CURRENT_PROJECT_VERSION: 51"))
    }

    @Test("the per-app form's usage errors")
    func usage() throws {
        let fixture = try Self.sharedMarketing()
        for arguments in [
            ["bump", "--set", "holder=5.2.0", "--set", "5.2.0"], ["bump", "--set", "5.2.0", "--set", "5.3.0"],
            ["bump", "patch", "--set", "holder=5.2.0"], ["bump", "--app", "holder", "--set", "holder=5.2.0"],
            ["bump", "--set", "holder=5.2.0", "--set", "holder=5.3.0"], ["bump", "--build", "holder=x"],
        ] {
            #expect(try fixture.repo.slipway(arguments: arguments).status == 64, "\(arguments)")
        }
        let unknown = try fixture.repo.slipway("bump", "--set", "holdr=5.2.0")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'holder'?"))
    }

    @Test("white-label: a version in the shared include is refused for one brand and written once for both")
    func sharedInclude() throws {
        let fixture = try AppFixture(
            "white-label",
            configuration:
                "apps:\n  - name: alpha\n    spec: Apps/Alpha/project.yml\n  - name: beta\n    spec: Apps/Beta/project.yml\n"
        )
        try fixture.repo.write(
            "Apps/Shared/base.yml", try fixture.repo.read("Apps/Shared/base.yml") + "    MARKETING_VERSION: 4.0.0\n")
        for brand in ["Alpha", "Beta"] {
            let path = "Apps/\(brand)/project.yml"
            let spec = try fixture.repo.read(path)
            try fixture.repo.write(
                path,
                spec.split(separator: "\n").filter { !$0.contains("MARKETING_VERSION") }.joined(separator: "\n")
                    + "\n")
        }
        try fixture.repo.commit("one marketing version for every brand")
        #expect(try fixture.golden("bump-shared-include", "bump", "minor", "--app", "alpha").status == 2)
        let beta = try fixture.repo.read("Apps/Beta/project.yml")
        let result = try fixture.repo.slipway("bump", "--set", "alpha=4.1.0", "--set", "beta=4.1.0")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try fixture.repo.read("Apps/Shared/base.yml").hasSuffix("    MARKETING_VERSION: 4.1.0\n"))
        #expect(try fixture.repo.read("Apps/Beta/project.yml") == beta)
    }
}
