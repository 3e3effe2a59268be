import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
import SlipwayYAML
import Testing

/// Each way an app ships, as a real repository and the built binary: `run --dry-run --json` holds exactly the
/// stages, argv and files the method needs, and `release --dry-run` the same with the release's version, tag and
/// notes, and nothing for a platform or an app that does not ship.
@Suite("Ship methods")
struct ShipMethodTests {
    static let key = [
        "APP_STORE_CONNECT_API_KEY_ID": "KEY123", "APP_STORE_CONNECT_API_ISSUER_ID": "ISSUER-1",
        "APP_STORE_CONNECT_API_KEY": "-----BEGIN PRIVATE KEY-----\nTOPSECRET\n-----END PRIVATE KEY-----",
    ]
    static let signing = [
        "-allowProvisioningUpdates", "-authenticationKeyPath", "<App Store Connect key file>", "-authenticationKeyID",
        "KEY123", "-authenticationKeyIssuerID", "ISSUER-1",
    ]
    static let shipStages: Set<String> = [
        "archive", "export", "notarize", "package", "appcast", "upload", "github-release",
    ]

    static func repository(spec: String, config: String) throws -> TestRepository {
        let repo = try TestRepository()
        try repo.write("project.yml", spec)
        try repo.write(".slipway.yml", config)
        try repo.write(".gitignore", "build/\n")
        try repo.write("Sources/App.swift")
        try repo.commit("feat: the app")
        return repo
    }

    /// `run --dry-run --json --major`'s ship stages: name → (argv of each command, files written).
    static func planned(_ repo: TestRepository, _ extra: [String] = [], environment: [String: String] = key)
        throws -> [(name: String, argv: [[String]], files: [String])]
    {
        let result = try repo.slipway(
            arguments: ["run", "--dry-run", "--json", "--major"] + extra, extraEnvironment: environment)
        guard result.status == 0 else { throw TestFailure("run --dry-run failed: \(result.stderr)") }
        #expect(!result.stdout.contains("TOPSECRET"))
        let json = try JSON.parse(result.stdout)
        return (json["stages"]?.arrayValue ?? []).compactMap { stage in
            guard let name = stage["name"]?.stringValue, shipStages.contains(name) else { return nil }
            let argv = (stage["commands"]?.arrayValue ?? []).map { command in
                (command["argv"]?.arrayValue ?? []).compactMap(\.stringValue).map(slipwayShown)
            }
            return (name, argv, (stage["files"]?.arrayValue ?? []).compactMap(\.stringValue))
        }
    }

    /// The running binary's path as `slipway`, so expectations do not depend on where the build is.
    static func slipwayShown(_ argument: String) -> String {
        argument.hasSuffix("/slipway") ? "slipway" : argument
    }

    static let developerIDSpec = """
        name: Relay
        options:
          bundleIdPrefix: com.example
        settings:
          base:
            MARKETING_VERSION: "2.0.0"
            CURRENT_PROJECT_VERSION: "7"
            DEVELOPMENT_TEAM: TEAM123456
        targets:
          Relay:
            type: application
            platform: macOS
            sources: [Sources]
            scheme: {}

        """

    @Test("a Developer ID Mac app: export, notarize and staple, zip and DMG, an appcast item and a GitHub release")
    func developerID() throws {
        let config = """
            ship:
              method: developer-id
              packaging: [zip, dmg]
              sparkle:
                feed: appcast.xml
                downloadURL: https://downloads.example.com/{tag}/{file}
                minimumSystemVersion: "13.0"
              github: true

            """
        let repo = try Self.repository(spec: Self.developerIDSpec, config: config)
        let plan = try Self.planned(repo)
        #expect(plan.map(\.name) == ["archive", "export", "notarize", "package", "appcast", "github-release"])
        let stages = Dictionary(uniqueKeysWithValues: plan.map { ($0.name, $0) })
        #expect(
            stages["archive"]?.argv == [
                [
                    "xcodebuild", "archive", "-project", "Relay.xcodeproj", "-scheme", "Relay", "-configuration",
                    "Release", "-destination", "generic/platform=macOS", "-archivePath", "build/Relay.xcarchive",
                ] + Self.signing
            ])
        #expect(
            stages["export"]?.argv == [
                [
                    "xcodebuild", "-exportArchive", "-archivePath", "build/Relay.xcarchive", "-exportPath",
                    "build/Relay", "-exportOptionsPlist", "build/Relay-ExportOptions.plist",
                ] + Self.signing
            ])
        #expect(stages["export"]?.files == ["build/Relay-ExportOptions.plist"])
        #expect(
            stages["notarize"]?.argv == [
                ["ditto", "-c", "-k", "--keepParent", "build/Relay/Relay.app", "build/Relay/Relay-notarization.zip"],
                [
                    "slipway", "notarize", "build/Relay/Relay-notarization.zip", "--result",
                    "build/Relay/Relay-notarization.zip.json",
                ],
                ["xcrun", "stapler", "staple", "build/Relay/Relay.app"],
            ])
        #expect(
            stages["package"]?.argv == [
                ["ditto", "-c", "-k", "--keepParent", "build/Relay/Relay.app", "build/Relay/Relay.zip"],
                ["rm", "-rf", "build/Relay/Relay-dmg"],
                ["ditto", "build/Relay/Relay.app", "build/Relay/Relay-dmg/Relay.app"],
                [
                    "hdiutil", "create", "-volname", "Relay", "-srcfolder", "build/Relay/Relay-dmg", "-ov", "-format",
                    "UDZO", "build/Relay/Relay.dmg",
                ],
                ["codesign", "--sign", "Developer ID Application", "--timestamp", "build/Relay/Relay.dmg"],
                [
                    "slipway", "notarize", "build/Relay/Relay.dmg", "--result",
                    "build/Relay/Relay.dmg.notarization.json",
                ],
                ["xcrun", "stapler", "staple", "build/Relay/Relay.dmg"],
            ])
        // `run` names the spec's version as it stands, and the tag release.tag makes of it.
        #expect(
            stages["appcast"]?.argv == [
                [
                    "slipway", "appcast", "add", "--feed", "appcast.xml", "--file", "build/Relay/Relay.zip",
                    "--version", "2.0.0", "--build", "7", "--url", "https://downloads.example.com/v2.0.0/Relay.zip",
                    "--minimum-system-version", "13.0",
                ]
            ])
        #expect(
            stages["github-release"]?.argv == [
                [
                    "slipway", "github-release", "--tag", "v2.0.0", "--asset", "build/Relay/Relay.zip", "--asset",
                    "build/Relay/Relay.dmg",
                ]
            ])

        let environment = Self.key.merging(["SPARKLE_PRIVATE_KEY": "c2VlZA==", "GITHUB_TOKEN": "t"]) { $1 }
        let release = try repo.slipway("release", "patch", "--dry-run", extraEnvironment: environment)
        #expect(release.status == 0, "\(release.stderr)")
        let text = release.stdout
        #expect(
            text.contains(
                "--version 2.0.1 --build 8 --url https://downloads.example.com/v2.0.1/Relay.zip "
                    + "--minimum-system-version 13.0 --notes-file .slipway/what-to-test.txt"), "\(text)")
        #expect(text.contains("github-release --tag v2.0.1 --notes-file .slipway/what-to-test.txt --asset"))
        #expect(!text.contains("testflight") && !text.contains("TOPSECRET") && !text.contains("c2VlZA"))
        // The appcast is written before the commit, which carries the feed; the GitHub release follows the tag.
        let appcast = try #require(text.range(of: "appcast add"))
        let tag = try #require(text.range(of: "   tag        v2.0.1"))
        let github = try #require(text.range(of: "github-release --tag"))
        #expect(appcast.lowerBound < tag.lowerBound && tag.lowerBound < github.lowerBound)
        #expect(text.contains("appcast.xml"))
    }

    @Test("a Developer ID pkg: productbuild with the installer identity; notarize: false leaves notarytool out")
    func developerIDPackage() throws {
        let config =
            "ship:\n  method: developer-id\n  packaging: [pkg]\n  notarize: false\n"
            + "  installerIdentity: \"Developer ID Installer: Example (TEAM123456)\"\n"
        let repo = try Self.repository(spec: Self.developerIDSpec, config: config)
        let plan = try Self.planned(repo)
        #expect(plan.map(\.name) == ["archive", "export", "package"])
        #expect(
            plan.last?.argv == [
                [
                    "productbuild", "--component", "build/Relay/Relay.app", "/Applications", "--sign",
                    "Developer ID Installer: Example (TEAM123456)", "build/Relay/Relay.pkg",
                ]
            ])
    }

    @Test("a Developer ID release without Sparkle's key or GitHub's token is refused before anything changes")
    func developerIDPreflight() throws {
        let config = """
            ship:
              method: developer-id
              when: always
              sparkle:
                feed: appcast.xml
                downloadURL: https://downloads.example.com/{file}
              github: {draft: true}

            """
        let repo = try Self.repository(spec: Self.developerIDSpec, config: config)
        let result = try repo.slipway("release", "patch", extraEnvironment: Self.key)
        #expect(result.status == 2)
        #expect(result.stderr.contains("SPARKLE_PRIVATE_KEY is not set"))
        #expect(result.stderr.contains("the GitHub release needs GITHUB_TOKEN"))
        let noKey = try repo.slipway("release", "patch")
        #expect(noKey.stderr.contains("notarization needs an App Store Connect API key"))
        #expect(try repo.trackedStatus() == "")
    }

    @Test("an iOS and macOS target on the App Store: one chain per platform, each upload names its platform")
    func iOSAndMacOnTheAppStore() throws {
        let spec = """
            name: Ferry
            options:
              bundleIdPrefix: com.example
            settings:
              base:
                MARKETING_VERSION: "1.0"
                CURRENT_PROJECT_VERSION: "3"
            targets:
              Ferry:
                type: application
                supportedDestinations: [iOS, macOS]
                sources: [Sources]
                info:
                  path: Info.plist
                  properties:
                    ITSAppUsesNonExemptEncryption: false
                    CFBundleShortVersionString: $(MARKETING_VERSION)
                    CFBundleVersion: $(CURRENT_PROJECT_VERSION)

            """
        let repo = try Self.repository(spec: spec, config: "ship:\n  groups: [QA]\n")
        let plan = try Self.planned(repo)
        #expect(plan.map(\.name) == ["archive", "export", "upload"])
        let stages = Dictionary(uniqueKeysWithValues: plan.map { ($0.name, $0) })
        #expect(
            stages["archive"]?.argv.map { Array($0.prefix(12)) } == [
                [
                    "xcodebuild", "archive", "-project", "Ferry.xcodeproj", "-scheme", "Ferry", "-configuration",
                    "Release", "-destination", "generic/platform=iOS", "-archivePath", "build/Ferry-iOS.xcarchive",
                ],
                [
                    "xcodebuild", "archive", "-project", "Ferry.xcodeproj", "-scheme", "Ferry", "-configuration",
                    "Release", "-destination", "generic/platform=macOS", "-archivePath",
                    "build/Ferry-macOS.xcarchive",
                ],
            ])
        #expect(
            stages["export"]?.files == ["build/Ferry-iOS-ExportOptions.plist", "build/Ferry-macOS-ExportOptions.plist"])
        #expect(
            stages["upload"]?.argv == [
                [
                    "slipway", "testflight", "upload", "build/Ferry-iOS/Ferry.ipa", "--platform", "ios", "--bundle-id",
                    "com.example.Ferry", "--groups", "QA",
                ],
                [
                    "slipway", "testflight", "upload", "build/Ferry-macOS/Ferry.pkg", "--platform", "macos",
                    "--bundle-id", "com.example.Ferry", "--set", "1.0", "--build", "3", "--groups", "QA",
                ],
            ])
        let release = try repo.slipway("release", "patch", "--dry-run", extraEnvironment: Self.key)
        #expect(release.status == 0, "\(release.stderr)")
        #expect(
            release.stdout.contains(
                "testflight upload build/Ferry-iOS/Ferry.ipa --platform ios --bundle-id com.example.Ferry --groups QA "
                    + "--notes-file .slipway/what-to-test.txt"))
        // A .pkg carries no Info.plist testflight upload reads: the release's version and build are given.
        #expect(
            release.stdout.contains(
                "build/Ferry-macOS/Ferry.pkg --platform macos --bundle-id com.example.Ferry --set 1.0.1 --build 4 "),
            "\(release.stdout)")
        #expect(!release.stdout.contains("notarize") && !release.stdout.contains("appcast"))
        // `ship.platforms` keeps one of them.
        try repo.write(".slipway.yml", "ship:\n  platforms: [macOS]\n")
        let macOnly = try Self.planned(repo)
        #expect(macOnly.flatMap(\.argv).allSatisfy { !$0.joined(separator: " ").contains("iOS") })
        #expect(macOnly.first { $0.name == "upload" }?.argv.count == 1)
        try repo.write(".slipway.yml", "ship:\n  platforms: [tvOS]\n")
        let none = try repo.slipway(arguments: ["run", "--dry-run", "--json"], extraEnvironment: Self.key)
        #expect(none.status != 0)
        #expect(none.stderr.contains("ship.platforms lists tvOS, and Ferry"))
        #expect(none.stderr.contains("builds for iOS, macOS"))
    }

    @Test("a visionOS app archives for visionOS and uploads as visionOS, not iOS")
    func visionOS() throws {
        let spec = """
            name: Orbit
            options:
              bundleIdPrefix: com.example
            settings:
              base:
                MARKETING_VERSION: "1.0"
                CURRENT_PROJECT_VERSION: "5"
            targets:
              Orbit:
                type: application
                platform: visionOS
                sources: [Sources]
                settings:
                  base:
                    INFOPLIST_KEY_ITSAppUsesNonExemptEncryption: NO

            """
        let repo = try Self.repository(spec: spec, config: "ship: {}\n")
        let plan = try Self.planned(repo)
        let stages = Dictionary(uniqueKeysWithValues: plan.map { ($0.name, $0) })
        #expect(stages["archive"]?.argv.first?.contains("generic/platform=visionOS") == true)
        #expect(
            stages["upload"]?.argv == [
                [
                    "slipway", "testflight", "upload", "build/Orbit/Orbit.ipa", "--platform", "visionos", "--bundle-id",
                    "com.example.Orbit",
                ]
            ])
        let release = try repo.slipway("release", "patch", "--dry-run", extraEnvironment: Self.key)
        #expect(release.status == 0, "\(release.stderr)")
        #expect(release.stdout.contains("-destination generic/platform=visionOS -archivePath build/Orbit.xcarchive"))
        #expect(release.stdout.contains("build/Orbit/Orbit.ipa --platform visionos"))
        #expect(!release.stdout.contains("platform=iOS ") && !release.stdout.contains("--platform ios"))
    }

    @Test("--app ships that app alone, with the scheme and configuration the spec defines")
    func twoApps() throws {
        let spec = """
            name: Pair
            options:
              bundleIdPrefix: com.example
            configs:
              Debug: debug
              Production: release
            targets:
              Holder:
                type: application
                platform: iOS
                sources: [Sources]
                scheme: {}
                settings:
                  base: {MARKETING_VERSION: "1.0", CURRENT_PROJECT_VERSION: "1"}
              Viewer:
                type: application
                platform: macOS
                sources: [Sources]
                scheme: {}
                settings:
                  base: {MARKETING_VERSION: "3.0", CURRENT_PROJECT_VERSION: "9"}

            """
        let config = """
            apps:
              - name: holder
                spec: project.yml
                targets: [Holder]
              - name: viewer
                spec: project.yml
                targets: [Viewer]
            ship:
              method: release-testing

            """
        let repo = try Self.repository(spec: spec, config: config)
        let plan = try Self.planned(repo, ["--app", "holder"])
        #expect(plan.map(\.name) == ["archive", "export"])
        let everything = plan.flatMap(\.argv).map { $0.joined(separator: " ") }.joined(separator: "\n")
        #expect(!everything.contains("Viewer"))
        #expect(everything.contains("-scheme Holder -configuration Production -destination generic/platform=iOS"))
        let release = try repo.slipway("release", "patch", "--app", "holder", "--dry-run", extraEnvironment: Self.key)
        #expect(release.status == 0, "\(release.stderr)")
        #expect(release.stdout.contains("-scheme Holder -configuration Production"))
        #expect(!release.stdout.contains("Viewer.xcarchive") && !release.stdout.contains("-scheme Viewer"))
        // The derived build stage builds holder's scheme alone; without --app, run builds both.
        #expect(release.stdout.contains("xcodebuild build -project Pair.xcodeproj -scheme Holder"))

        // ship.targets names the apps that ship (a UI-test host app is an application target too).
        try repo.write(".slipway.yml", "ship:\n  method: release-testing\n  targets: [Viewer]\n")
        let viewer = try Self.planned(repo)
        #expect(viewer.first { $0.name == "archive" }?.argv.map { $0[5] } == ["Viewer"])
        try repo.write(".slipway.yml", "ship:\n  targets: [Viewr]\n")
        let unknown = try repo.slipway(arguments: ["run", "--dry-run"], extraEnvironment: Self.key)
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains(".slipway.yml:2:3: ship.targets lists Viewr"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("the apps that can ship: Holder, Viewer"))
        try repo.write(".slipway.yml", config)

        // A spec whose schemes do not archive the app is an error naming the schemes there are.
        try repo.write(
            "project.yml",
            spec.replacingOccurrences(of: "    scheme: {}\n", with: "") + """
                schemes:
                  Tools:
                    build:
                      targets:
                        Viewer: [running]

                """)
        let refused = try repo.slipway(arguments: ["run", "--dry-run", "--app", "holder"], extraEnvironment: Self.key)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("cannot archive Holder"), "\(refused.stderr)")
        #expect(refused.stderr.contains("none of the spec's schemes archives it (the schemes: Tools)"))
    }
}

/// Manual signing from the spec's own settings: every embedded bundle that is signed on its own needs a profile.
@Suite("Ship signing")
struct ShipSigningTests {
    static func spec(extensionProfile: Bool) -> String {
        """
        name: Guard
        options:
          bundleIdPrefix: com.example
        settings:
          base:
            DEVELOPMENT_TEAM: TEAM123456
            CODE_SIGN_STYLE: Manual
        targets:
          Guard:
            type: application
            platform: macOS
            sources: [Sources]
            dependencies:
              - target: Filter
            settings:
              base:
                PROVISIONING_PROFILE_SPECIFIER: Guard Developer ID
          Filter:
            type: system-extension
            platform: macOS
            sources: [Filter]
        \(extensionProfile ? "    settings:\n      base:\n        PROVISIONING_PROFILE_SPECIFIER: Filter Developer ID\n" : "")
        """
    }

    static func plan(_ spec: String, _ ship: String) throws -> StagePlan {
        let folder = TemporaryDirectory("slipway-signing")
        try spec.write(to: folder.url.appendingPathComponent("project.yml"), atomically: true, encoding: .utf8)
        let configuration = try Configuration.parse(try YAMLFile(path: ".slipway.yml", text: ship))
        return try StagePlan.resolve(configuration: configuration, root: folder.url, specPath: "project.yml")
    }

    @Test("CODE_SIGN_STYLE Manual asks a profile for the system extension too, from its own settings or ship:")
    func systemExtension() throws {
        let config = "ship:\n  method: developer-id\n"
        let error = #expect(throws: Failure.self) { try Self.plan(Self.spec(extensionProfile: false), config) }
        #expect(error?.message.contains("the spec's CODE_SIGN_STYLE is Manual") == true)
        #expect(error?.message.contains("com.example.Filter (Filter, system-extension)") == true)
        #expect(error?.message.contains("com.example.Guard") == false)

        for (spec, ship) in [
            (Self.spec(extensionProfile: true), config),
            (
                Self.spec(extensionProfile: false),
                config + "  provisioningProfiles:\n    com.example.Filter: Filter Developer ID\n"
            ),
        ] {
            let plan = try Self.plan(spec, ship)
            let file = try #require(plan.stages.first { $0.name == "export" }?.files.first)
            let parsed = try ShipStagesTests.plistlib(file.contents)
            #expect(
                parsed == [
                    "destination": "export", "method": "developer-id", "signingStyle": "manual",
                    "teamID": "TEAM123456",
                    "provisioningProfiles": [
                        "com.example.Guard": "Guard Developer ID", "com.example.Filter": "Filter Developer ID",
                    ],
                ] as NSDictionary)
        }
        // ship.signingStyle overrides the spec's.
        let automatic = try Self.plan(Self.spec(extensionProfile: false), config + "  signingStyle: automatic\n")
        let file = try #require(automatic.stages.first { $0.name == "export" }?.files.first)
        #expect(try ShipStagesTests.plistlib(file.contents)["signingStyle"] as? String == "automatic")
    }

    @Test("destination upload with Developer ID is refused: the export would leave nothing to notarize or package")
    func developerIDUpload() throws {
        let ship = "ship:\n  method: developer-id\n  destination: upload\n"
        let error = #expect(throws: Failure.self) { try Self.plan(Self.spec(extensionProfile: true), ship) }
        #expect(
            error?.message
                == ".slipway.yml:2:3: ship.destination upload is for method app-store-connect, and the method is "
                + "developer-id")
    }
}

/// A Developer ID release carried out, with fake `xcodebuild`, `ditto`, `hdiutil`, `codesign` and `xcrun`
/// (notarytool and stapler) on PATH: the manifest records what shipped, each file's sha256 and each notarization's
/// id and status.
@Suite("Ship manifest")
struct ShipManifestTests {
    static func fakeTools(in folder: URL) throws -> String {
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let accepted = JSONSchemaCheck.packageRoot.appendingPathComponent(
            "Tests/Fixtures/Notarytool/submit-accepted.json")
        let tools = [
            "xcodebuild": """
            last=""; export_path=""; archive=""
            while [ $# -gt 0 ]; do
                case "$1" in -archivePath) archive="$2";; -exportPath) export_path="$2";; esac
                last="$1"; shift
            done
            if [ -n "$export_path" ]; then mkdir -p "$export_path/Relay.app/Contents"; echo app > "$export_path/Relay.app/Contents/Info.plist"
            else mkdir -p "$archive"; fi
            """,
            "ditto": "for a; do out=\"$a\"; done; mkdir -p \"$(dirname \"$out\")\"; echo \"zip of $5\" > \"$out\"",
            "codesign": "echo codesign \"$@\" >> xcrun-calls.txt",
            "hdiutil": "for a; do out=\"$a\"; done; echo dmg > \"$out\"",
            "xcrun": "echo \"$@\" >> xcrun-calls.txt; [ \"$1\" = notarytool ] && cat '\(accepted.path)'; exit 0",
        ]
        for (name, body) in tools {
            let path = bin.appendingPathComponent(name).path
            try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
        }
        return bin.path
    }

    @Test(
        "the manifest's shipped entry (archive, exported app, zip and dmg with their sha256, notarizations); the feed")
    func shipped() throws {
        let repo = try ShipMethodTests.repository(
            spec: ShipMethodTests.developerIDSpec,
            config: "stages:\n  - name: check\n    run: \"true\"\nship:\n  method: developer-id\n  when: always\n"
                + "  packaging: [zip, dmg]\n  sparkle:\n    feed: appcast.xml\n"
                + "    downloadURL: https://downloads.example.com/{tag}/{file}\n")
        let key = try TestAPIKey(id: "K1", issuer: "I-1")
        let bin = try Self.fakeTools(in: repo.url.appendingPathComponent(".tools"))
        try repo.write(".gitignore", "build/\n.tools/\nxcrun-calls.txt\n")
        try repo.commit("chore: ignore the tools")
        var environment = key.environment(baseURL: "http://127.0.0.1:9")
        environment["PATH"] = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        environment["SPARKLE_PRIVATE_KEY"] = Data((0..<32).map { UInt8($0 * 7 % 256) }).base64EncodedString()
        let result = try repo.slipway("release", "patch", extraEnvironment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let path = ".slipway/releases/2.0.1+8/manifest.json"
        let manifest = try ReleaseRepository.readManifest(repo, path)
        let shipped = try #require(manifest["shipped"]?.arrayValue?.first)
        #expect(shipped["app"]?.stringValue == "Relay" && shipped["platform"]?.stringValue == "macOS")
        #expect(shipped["archive"]?.stringValue == "build/Relay.xcarchive")
        #expect(shipped["exported"]?.stringValue == "build/Relay/Relay.app")
        let files = shipped["files"]?.arrayValue ?? []
        #expect(files.compactMap { $0["path"]?.stringValue } == ["build/Relay/Relay.zip", "build/Relay/Relay.dmg"])
        #expect(files.first?["sha256"]?.stringValue == (try ReleaseFixture.sha256sum(repo, "build/Relay/Relay.zip")))
        let notarizations = shipped["notarizations"]?.arrayValue ?? []
        #expect(
            notarizations.compactMap { $0["file"]?.stringValue } == ["build/Relay/Relay.app", "build/Relay/Relay.dmg"])
        #expect(notarizations.allSatisfy { $0["status"]?.stringValue == "Accepted" })
        #expect(notarizations.first?["id"]?.stringValue == "7c1e4a52-93d0-4b6f-8a21-5f0e2d9c3b17")
        #expect(shipped["upload"] == .null)
        #expect(try ReleaseFixture.schemaProblems(repo.url.appendingPathComponent(path)).isEmpty)
        // The appcast item was added before the commit, and the release commit carries the feed.
        let feed = try repo.git(["show", "HEAD:appcast.xml"])
        #expect(feed.contains("https://downloads.example.com/v2.0.1/Relay.zip"), "\(feed)")
        #expect(feed.contains("sparkle:edSignature="))
        #expect(try repo.git(["status", "--porcelain", "--", "appcast.xml"]) == "")
        let calls = try repo.read("xcrun-calls.txt")
        #expect(calls.contains("stapler staple build/Relay/Relay.app\n"))
        #expect(calls.contains("stapler staple build/Relay/Relay.dmg\n"))
        // The dmg is signed (Developer ID Application, secure timestamp) before it is notarized.
        let signed = try #require(
            calls.range(of: "codesign --sign Developer ID Application --timestamp build/Relay/Relay.dmg\n"))
        let submitted = try #require(calls.range(of: "notarytool submit build/Relay/Relay.dmg"))
        #expect(signed.lowerBound < submitted.lowerBound)
    }
}
