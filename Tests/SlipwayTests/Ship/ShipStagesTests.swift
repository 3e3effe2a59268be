import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
import SlipwayYAML
import Testing

/// The derived archive, export and upload stages of the bundled example app (an iOS app embedding a watch app),
/// their argv as data, and the ExportOptions.plist Slipway writes, read back by Python's plistlib.
@Suite("Ship stages")
struct ShipStagesTests {
    static let example = JSONSchemaCheck.packageRoot.appendingPathComponent("Examples/MyApp")
    static let key = [
        "APP_STORE_CONNECT_API_KEY_ID": "ABC123XYZ", "APP_STORE_CONNECT_API_ISSUER_ID": "69a6de70-0000-47e3",
        "APP_STORE_CONNECT_API_KEY": "-----BEGIN PRIVATE KEY-----\nsecret\n-----END PRIVATE KEY-----\n",
    ]

    static func plan(_ yaml: String, environment: [String: String] = [:]) throws -> StagePlan {
        let configuration = try Configuration.parse(try YAMLFile(path: ".slipway.yml", text: yaml))
        return try StagePlan.resolve(
            configuration: configuration, root: example, specPath: "project.yml", environment: environment)
    }

    static func programs(_ plan: StagePlan, _ name: String) -> [[String]] {
        guard let stage = plan.stages.first(where: { $0.name == name }), case .programs(let p) = stage.command else {
            return []
        }
        return p
    }

    @Test("one archive and export for the iOS app; the watch app ships inside it")
    func derivesFromTheModel() throws {
        let plan = try Self.plan(
            "stages:\n  - name: build\n    run: make\nship:\n  groups: [QA, Beta]\n", environment: Self.key)
        #expect(plan.stages.map(\.name) == ["build", "archive", "export", "upload"])
        #expect(plan.ship?.apps.map(\.name) == ["MyApp"])
        let signing = [
            "-allowProvisioningUpdates", "-authenticationKeyPath", ShipPlan.keyPlaceholder, "-authenticationKeyID",
            "ABC123XYZ", "-authenticationKeyIssuerID", "69a6de70-0000-47e3",
        ]
        #expect(
            Self.programs(plan, "archive") == [
                [
                    "xcodebuild", "archive", "-project", "MyApp.xcodeproj", "-scheme", "MyApp", "-configuration",
                    "Release", "-destination", "generic/platform=iOS", "-archivePath", "build/MyApp.xcarchive",
                ] + signing
            ])
        #expect(
            Self.programs(plan, "export") == [
                [
                    "xcodebuild", "-exportArchive", "-archivePath", "build/MyApp.xcarchive", "-exportPath",
                    "build/MyApp",
                    "-exportOptionsPlist", "build/MyApp-ExportOptions.plist",
                ] + signing
            ])
        let upload = try #require(Self.programs(plan, "upload").first)
        #expect(
            Array(upload.dropFirst()) == [
                "testflight", "upload", "build/MyApp/MyApp.ipa", "--platform", "ios", "--bundle-id",
                "com.example.myapp.MyApp", "--groups", "QA,Beta",
            ])
        let stages = Dictionary(uniqueKeysWithValues: plan.stages.map { ($0.name, $0) })
        #expect(stages["archive"]?.when == .major)
        #expect(stages["export"]?.phase == .beforeCommit)
        #expect(stages["upload"]?.phase == .afterPush)
        // The key is named, never held: not in any argv, file or display of the plan.
        let everything = plan.stages.map { "\($0.displayCommand) \($0.files.map(\.contents))" }.joined()
        #expect(!everything.contains("secret"))
        #expect(stages["export"]?.secretFiles.first?.fileName == "AuthKey_ABC123XYZ.p8")
    }

    @Test("a ship: section that only sets App Store Connect's timeouts adds no archive, export or upload stage")
    func timeoutsAlone() throws {
        let stages = "stages:\n  - name: build\n    run: make\n"
        let timeouts = try Self.plan(stages + "ship:\n  requestTimeout: 60\n  connectTimeout: 10\n")
        #expect(timeouts.stages.map(\.name) == ["build"])
        #expect(timeouts.ship == nil)
        let shipping = try Self.plan(stages + "ship:\n  requestTimeout: 60\n  when: always\n")
        #expect(shipping.stages.map(\.name) == ["build", "archive", "export", "upload"])
    }

    @Test("without a key, no cloud-signing arguments; with destination upload the export runs after the push")
    func withoutKeyAndUploadingExport() throws {
        let plan = try Self.plan("ship:\n  destination: upload\n  when: always\n")
        #expect(plan.stages.map(\.name) == ["generate", "build", "archive", "export"])
        #expect(!Self.programs(plan, "archive")[0].contains("-allowProvisioningUpdates"))
        let export = try #require(plan.stages.first { $0.name == "export" })
        #expect(export.phase == .afterPush)
        #expect(export.when == .always)
        #expect(export.secretFiles.isEmpty)
    }

    @Test("ExportOptions.plist is a property list plistlib reads, with the team from the spec")
    func exportOptionsPlist() throws {
        let plan = try Self.plan("ship:\n  method: app-store\n  uploadSymbols: false\n")
        let file = try #require(plan.stages.first { $0.name == "export" }?.files.first)
        #expect(file.path == "build/MyApp-ExportOptions.plist")
        let parsed = try Self.plistlib(file.contents)
        #expect(
            parsed == [
                "destination": "export", "manageAppVersionAndBuildNumber": false, "method": "app-store-connect",
                "signingStyle": "automatic", "teamID": "ABCDE12345", "uploadSymbols": false,
            ] as NSDictionary)
        #expect(plan.ship?.notes.contains { $0.contains("'app-store' is the name before Xcode 15.3") } == true)
    }

    @Test("manual signing names a profile for the app and its embedded watch app, and refuses a missing one")
    func manualSigning() throws {
        let profiles = """
            ship:
              signingStyle: manual
              teamID: ZZZ
              provisioningProfiles:
                com.example.myapp.MyApp: "MyApp <Store> & Co"
            """
        let error = #expect(throws: Failure.self) { try Self.plan(profiles) }
        #expect(error?.message.contains("com.example.myapp.MyApp.watchkitapp (MyAppWatch, application)") == true)
        let plan = try Self.plan(profiles + "\n    com.example.myapp.MyApp.watchkitapp: Watch Store\n")
        let file = try #require(plan.stages.first { $0.name == "export" }?.files.first)
        let parsed = try Self.plistlib(file.contents)
        #expect(parsed["signingStyle"] as? String == "manual")
        #expect(parsed["teamID"] as? String == "ABCDE12345")
        #expect(
            parsed["provisioningProfiles"] as? NSDictionary == [
                "com.example.myapp.MyApp": "MyApp <Store> & Co", "com.example.myapp.MyApp.watchkitapp": "Watch Store",
            ] as NSDictionary)
    }

    @Test("ship: mistakes are reported at their line")
    func badInput() throws {
        let yaml = "ship:\n  method: appstore\n  destination: cloud\n  provisioningProfiles: [a]\n"
        let error = #expect(throws: YAMLError.self) {
            try Configuration.parse(try YAMLFile(path: ".slipway.yml", text: yaml))
        }
        let text = error?.rendered ?? ""
        #expect(text.contains(".slipway.yml:2:11"))
        #expect(text.contains("'ship.destination' must be one of export, upload"))
        #expect(text.contains("'ship.provisioningProfiles' must be a mapping"))
        let phase = "stages:\n  - name: up\n    run: x\n    phase: later\n"
        let phaseError = #expect(throws: YAMLError.self) {
            try Configuration.parse(try YAMLFile(path: ".slipway.yml", text: phase))
        }
        #expect(phaseError?.rendered.contains("must be one of before-commit, after-push") == true)
    }

    /// The plist as Python's plistlib reads it, converted to JSON and back.
    static func plistlib(_ text: String) throws -> NSDictionary {
        let script = "import sys, plistlib, json; print(json.dumps(plistlib.loads(sys.stdin.buffer.read())))"
        let result = try runProcess("/usr/bin/env", ["python3", "-c", script], input: text)
        guard result.status == 0 else { throw TestFailure("plistlib refused the plist: \(result.stderr)") }
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        guard let dictionary = object as? NSDictionary else { throw TestFailure("not a dictionary: \(result.stdout)") }
        return dictionary
    }
}
