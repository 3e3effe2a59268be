import Foundation
import Testing

/// `slipway version` and `slipway bump` run end to end: exit codes, JSON, dry runs and refusals.
@Suite("version and bump: the built binary")
struct BumpCommandTests {
    func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test("bump --json reports old and new values and every edited position")
    func bumpJSON() throws {
        let fixture = try SpecFixture("includes")
        let result = try fixture.slipway(["bump", "minor", "--json"])
        #expect(result.status == 0)
        let report = try json(result)
        #expect((report["marketing"] as? [String: Any])?["old"] as? String == "5.0.2")
        #expect((report["marketing"] as? [String: Any])?["new"] as? String == "5.1.0")
        #expect((report["build"] as? [String: Any])?["new"] as? String == "901")
        let edits = report["edits"] as? [[String: Any]] ?? []
        #expect(edits.count == 10)
        let watch = edits.first {
            $0["file"] as? String == "Targets/Watch/watch.yml" && $0["kind"] as? String == "marketing"
        }
        #expect(watch?["line"] as? Int == 9)
        #expect(watch?["column"] as? Int == 28)
        #expect(watch?["keyPath"] as? String == "targets.HarborWatch.settings.base.MARKETING_VERSION")
        #expect(report["dryRun"] as? Bool == false)
        #expect(
            try fixture.read("Targets/Watch/watch.yml")
                != [UInt8](try Data(contentsOf: fixture.source.appendingPathComponent("Targets/Watch/watch.yml"))))
    }

    @Test("--dry-run prints the diff, writes nothing and leaves no temporary file")
    func dryRun() throws {
        let fixture = try SpecFixture("includes")
        let before = try fixture.snapshot()
        let result = try fixture.slipway(["bump", "patch", "--dry-run"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("--- a/project.yml\n+++ b/project.yml\n@@ "))
        #expect(result.stdout.contains("-    MARKETING_VERSION: 5.0.2\n+    MARKETING_VERSION: 5.0.3\n"))
        #expect(try fixture.snapshot() == before)
        let json = try json(try fixture.slipway(["bump", "patch", "--dry-run", "--json"]))
        #expect(json["dryRun"] as? Bool == true)
        #expect((json["diff"] as? String)?.contains("+++ b/Shared/widget.yml") == true)
        #expect(try fixture.snapshot() == before)
    }

    @Test("a disagreement in one included file refuses the whole bump: exit 1, every file untouched")
    func refusalAcrossFiles() throws {
        let fixture = try SpecFixture("includes")
        try fixture.write(
            "Shared/widget.yml", "targets:\n  HarborWidget:\n    settings:\n      CURRENT_PROJECT_VERSION: 899\n")
        let before = try fixture.snapshot()
        let result = try fixture.slipway(["bump", "patch"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the build numbers disagree"))
        #expect(result.stderr.contains("Shared/widget.yml:4:32"))
        #expect(result.stderr.contains("slipway bump --build <n>"))
        #expect(result.stdout.isEmpty)
        #expect(try fixture.snapshot() == before)
    }

    @Test("version --json gives the effective values; disagreement is exit 1 with agree: false")
    func versionJSON() throws {
        let agreeing = try json(try SpecFixture("anchors").slipway(["version", "--json"]))
        #expect((agreeing["marketing"] as? [String: Any])?["value"] as? String == "2.3.9")
        #expect(agreeing["agree"] as? Bool == true)
        let definitions = agreeing["definitions"] as? [[String: Any]] ?? []
        #expect(
            (definitions.first?["usedBy"] as? [String])?.contains("targets.LedgerWatch.settings.base.MARKETING_VERSION")
                == true)

        let mismatch = try SpecFixture("mismatch").slipway(["version", "--json"])
        #expect(mismatch.status == 1)
        let report = try json(mismatch)
        #expect(report["agree"] as? Bool == false)
        #expect((report["marketing"] as? [String: Any])?["value"] is NSNull)
        #expect((report["marketing"] as? [String: Any])?["values"] as? [String] == ["1.8.0", "1.7.3"])
    }

    @Test(
        "usage mistakes are exit 64 with the usage line",
        arguments: [
            ["bump"], ["bump", "huge"], ["bump", "patch", "--set", "2.0.0"], ["bump", "build", "--build", "7"],
            ["bump", "--build", "12a"], ["bump", "--set", ""], ["bump", "patch", "minor"], ["version", "--frobnicate"],
        ])
    func usage(_ arguments: [String]) throws {
        let fixture = try SpecFixture("settings-forms")
        let result = try fixture.slipway(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains("Usage: slipway \(arguments[0])"))
        #expect(try fixture.snapshot() == (try fixture.original()))
    }

    @Test("--help for both commands", arguments: ["version", "bump"])
    func help(_ command: String) throws {
        let result = try SpecFixture("settings-forms").slipway([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        #expect(result.stdout.contains("--spec <path>"))
        #expect(result.stdout.contains("--project-root <path>"))
    }

    @Test("--spec is relative to the current folder; paths in messages are too")
    func specFromSubfolder() throws {
        let fixture = try SpecFixture("includes")
        // Outside a repository the current folder is the boundary, and ../project.yml would lie outside it
        // (SpecConfinementTests): in a repository, the spec is the repository's wherever Slipway runs in it.
        let plain = try fixture.slipway(["bump", "build", "--spec", "../project.yml"], in: "Targets")
        #expect(plain.status == 2, "\(plain.stdout)")
        let initialized = try runProcess(
            "/usr/bin/env", ["git", "init", "-q"], in: fixture.url,
            environment: isolatedEnvironment(home: fixture.home.url))
        #expect(initialized.status == 0, "\(initialized.stderr)")
        let result = try fixture.slipway(["bump", "build", "--spec", "../project.yml"], in: "Targets")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("../project.yml:10:30"))
        #expect(result.stdout.contains("  App.yml:8:34"))
        let missing = try fixture.slipway(["version", "--spec", "project.yml"], in: "Targets")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no XcodeGen spec at project.yml"))
    }

    @Test("spec: and projectRoot: in .slipway.yml are relative to the root; a bad key is a located error")
    func configuration() throws {
        let fixture = try SpecFixture("project-root")
        let result = try fixture.slipway(["version"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("config/versions.yml:3:24"))
        try fixture.write(".slipway.yml", "spec: ios/project.yml\nprojectRot: .\n")
        let typo = try fixture.slipway(["version"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains(".slipway.yml:2:1: error: unknown key 'projectRot'"))
        #expect(typo.stderr.contains("did you mean 'projectRoot'?"))
    }

    @Test("no spec at all is exit 2 with a hint; project.yaml is found by default")
    func defaultSpec() throws {
        let fixture = try SpecFixture("settings-forms")
        try FileManager.default.moveItem(
            at: fixture.url.appendingPathComponent("project.yml"),
            to: fixture.url.appendingPathComponent("project.yaml"))
        #expect(try fixture.slipway(["version"]).status == 0)
        try FileManager.default.removeItem(at: fixture.url.appendingPathComponent("project.yaml"))
        let result = try fixture.slipway(["bump", "patch"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no XcodeGen spec found"))
        #expect(result.stderr.contains("hint: "))
    }

    @Test("the file's mode survives the rewrite")
    func keepsMode() throws {
        let fixture = try SpecFixture("settings-forms")
        let path = fixture.url.appendingPathComponent("project.yml").path
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        #expect(try fixture.slipway(["bump", "build"]).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
    }

    @Test("--set with the current value changes nothing and says so")
    func nothingToChange() throws {
        let fixture = try SpecFixture("settings-forms")
        let result = try fixture.slipway(["bump", "--set", "3.2.1"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Nothing to change"))
        #expect(try fixture.snapshot() == (try fixture.original()))
    }

    @Test("one anchor used as both the version and the build number is refused")
    func sharedAnchor() throws {
        let fixture = try SpecFixture("no-version")
        try fixture.write("project.yml", "x: &v 1\nsettings:\n  MARKETING_VERSION: *v\n  CURRENT_PROJECT_VERSION: *v\n")
        let result = try fixture.slipway(["bump", "patch"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("project.yml:1:7: error: one value is used both as MARKETING_VERSION"))
    }

    @Test("a value tagged !!str keeps its tag, and gains quotes when it needs them")
    func taggedValue() throws {
        let fixture = try SpecFixture("no-version")
        try fixture.write(
            "project.yml", "settings:\n  MARKETING_VERSION: !!str 1.9\n  CURRENT_PROJECT_VERSION: !!str 7\n")
        let result = try fixture.slipway(["bump", "minor"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            String(decoding: try fixture.read("project.yml"), as: UTF8.self)
                == "settings:\n  MARKETING_VERSION: !!str \"1.10\"\n  CURRENT_PROJECT_VERSION: !!str 8\n")
    }
}
