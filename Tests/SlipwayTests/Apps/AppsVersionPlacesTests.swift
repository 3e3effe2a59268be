import Foundation
import Testing

/// Several apps of `apps:` whose versions live outside their specs (an xcconfig `configFiles` names, the Info.plist
/// `INFOPLIST_FILE` names): bumps and releases read and edit them as a one-app bump does.
@Suite("several apps: versions in xcconfig files and Info.plists")
struct AppsVersionPlacesTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleShortVersionString</key>
        \t<string>2.4.0</string>
        \t<key>CFBundleVersion</key>
        \t<string>30</string>
        </dict>
        </plist>

        """

    /// The white-label brands with alpha's versions in `Config/Version.xcconfig` and beta's in its Info.plist
    /// (`xcconfig` set: both brands take MARKETING_VERSION from `Apps/Shared/Version.xcconfig` instead, and keep
    /// their build numbers in their specs).
    static func repository(sharedXCConfig: Bool, configuration: String = "") throws -> TestRepository {
        let fixture = try AppFixture("white-label", configuration: SharedVersionAppsTests.apps + configuration)
        let repo = fixture.repo
        func spec(_ name: String, settings: String, configFile: String?, target: String) -> String {
            var text = "name: \(name)\ninclude:\n  - ../Shared/base.yml\n"
            if let configFile { text += "configFiles:\n  Debug: \(configFile)\n  Release: \(configFile)\n" }
            text += settings
            return text + "targets:\n  \(name):\n    type: application\n    platform: iOS\n    sources: [Sources]\n"
                + target
        }
        if sharedXCConfig {
            try repo.write("Apps/Shared/Version.xcconfig", "MARKETING_VERSION = 2.4.0\n")
            for (brand, build) in [("Alpha", 80), ("Beta", 30)] {
                try repo.write(
                    "Apps/\(brand)/project.yml",
                    spec(
                        brand, settings: "settings:\n  base:\n    CURRENT_PROJECT_VERSION: \(build)\n",
                        configFile: "../Shared/Version.xcconfig", target: ""))
            }
        } else {
            try repo.write(
                "Apps/Alpha/Config/Version.xcconfig",
                "// the version alpha ships\nMARKETING_VERSION = 2.4.0 // alpha\nCURRENT_PROJECT_VERSION = 80\n")
            try repo.write(
                "Apps/Alpha/project.yml", spec("Alpha", settings: "", configFile: "Config/Version.xcconfig", target: "")
            )
            try repo.write("Apps/Beta/Info.plist", plist)
            try repo.write(
                "Apps/Beta/project.yml",
                spec(
                    "Beta", settings: "", configFile: nil,
                    target: "    settings:\n      base:\n        INFOPLIST_FILE: Info.plist\n"))
        }
        try repo.commit("versions outside the specs")
        try repo.git(["tag", "-a", "alpha-v2.4.0", "-m", "Release alpha 2.4.0"])
        try repo.git(["tag", "-a", "beta-v2.4.0", "-m", "Release beta 2.4.0"])
        try repo.write("Apps/Alpha/Sources/Feature.swift", "let feature = 1\n")
        try repo.commit("feat: a feature")
        return repo
    }

    @Test("bump --set <app>=<value> edits each app's xcconfig and Info.plist, byte for byte")
    func appsBumpEditsPlaces() throws {
        let repo = try Self.repository(sharedXCConfig: false)
        let arguments = [
            "bump", "--set", "alpha=2.5.0", "--set", "beta=2.6.0", "--build", "alpha=81", "--build", "beta=31",
        ]
        let dryRun = try repo.slipway(arguments: arguments + ["--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("+MARKETING_VERSION = 2.5.0 // alpha\n"), "\(dryRun.stdout)")
        #expect(dryRun.stdout.contains("+\t<string>2.6.0</string>\n"), "\(dryRun.stdout)")
        #expect(try repo.read("Apps/Beta/Info.plist") == Self.plist)

        let bump = try repo.slipway(arguments: arguments)
        #expect(bump.status == 0, "\(bump.stderr)")
        #expect(
            try repo.read("Apps/Alpha/Config/Version.xcconfig")
                == "// the version alpha ships\nMARKETING_VERSION = 2.5.0 // alpha\nCURRENT_PROJECT_VERSION = 81\n")
        #expect(
            try repo.read("Apps/Beta/Info.plist")
                == Self.plist.replacingOccurrences(of: "2.4.0", with: "2.6.0").replacingOccurrences(
                    of: "<string>30<", with: "<string>31<"))
        #expect(try repo.git(["status", "--porcelain"]).split(separator: "\n").count == 2)
    }

    @Test("an xcconfig both apps ship is shared: one app's bump is refused naming it; set together, written once")
    func sharedXCConfig() throws {
        let repo = try Self.repository(sharedXCConfig: true)
        let alone = try repo.slipway("bump", "patch", "--app", "alpha")
        #expect(alone.status == 2, "\(alone.stderr)")
        #expect(
            alone.stderr.contains(
                "Apps/Shared/Version.xcconfig:1:21 MARKETING_VERSION = 2.4.0  (shared by alpha, beta)"),
            "\(alone.stderr)")
        let differing = try repo.slipway("bump", "--set", "alpha=2.5.0", "--set", "beta=2.6.0")
        #expect(differing.status == 2, "\(differing.stderr)")
        #expect(differing.stderr.contains("were given different values"))
        #expect(try repo.read("Apps/Shared/Version.xcconfig") == "MARKETING_VERSION = 2.4.0\n")

        let together = try repo.slipway("bump", "--set", "alpha=2.5.0", "--set", "beta=2.5.0")
        #expect(together.status == 0, "\(together.stderr)")
        #expect(try repo.read("Apps/Shared/Version.xcconfig") == "MARKETING_VERSION = 2.5.0\n")
    }

    @Test(
        "sharedByApps: without --app the xcconfig bump is planned once with each tag; per app, bumped once, each tagged"
    )
    func releaseSharedXCConfig() throws {
        let repo = try Self.repository(sharedXCConfig: true, configuration: "version: {sharedByApps: true}\n")
        let together = try repo.slipway("release", "minor", "--dry-run")
        #expect(together.status == 0, "\(together.stderr)")
        #expect(together.stdout.contains("+MARKETING_VERSION = 2.5.0\n"), "\(together.stdout)")
        #expect(together.stdout.contains("alpha-v2.5.0 (annotated"), "\(together.stdout)")
        #expect(together.stdout.contains("beta-v2.5.0 (annotated"), "\(together.stdout)")

        let alpha = try repo.slipway("release", "minor", "--app", "alpha")
        #expect(alpha.status == 0, "\(alpha.stderr)")
        #expect(try repo.read("Apps/Shared/Version.xcconfig") == "MARKETING_VERSION = 2.5.0\n")
        #expect(try repo.read("Apps/Alpha/project.yml").contains("CURRENT_PROJECT_VERSION: 81\n"))
        let beta = try repo.slipway("release", "--app", "beta")
        #expect(beta.status == 0, "\(beta.stderr)")
        #expect(try repo.read("Apps/Shared/Version.xcconfig") == "MARKETING_VERSION = 2.5.0\n", "bumped once")
        #expect(try repo.read("Apps/Beta/project.yml").contains("CURRENT_PROJECT_VERSION: 31\n"))
        #expect(try repo.git(["tag", "--list", "*-v2.5.0"]) == "alpha-v2.5.0\nbeta-v2.5.0\n")
        #expect(
            try repo.git(["show", "--format=", "--name-only", "alpha-v2.5.0^{commit}"]).contains(
                "Apps/Shared/Version.xcconfig"))
    }

    @Test(
        "a marketing version App Store Connect refuses in an xcconfig or Info.plist is refused at its line and column",
        arguments: [
            ("Config/Version.xcconfig", "MARKETING_VERSION = 1.2.3.4\n", "Config/Version.xcconfig:1:21", "1.2.3.4"),
            ("Info.plist", plist.replacingOccurrences(of: "2.4.0", with: "2.0 beta"), "Info.plist:6:10", "2.0 beta"),
        ])
    func refusedOutsideSpec(_ path: String, _ content: String, _ position: String, _ value: String) throws {
        let repo = try TestRepository()
        let setting = path.hasSuffix(".plist") ? "CFBundleShortVersionString" : "MARKETING_VERSION"
        let wiring =
            path.hasSuffix(".plist")
            ? "    settings:\n      base:\n        INFOPLIST_FILE: Info.plist\n"
            : ""
        let configFiles = path.hasSuffix(".plist") ? "" : "configFiles:\n  Debug: \(path)\n  Release: \(path)\n"
        try repo.write(
            "project.yml",
            "name: App\n\(configFiles)targets:\n  App:\n    type: application\n    platform: iOS\n    sources: [Sources]\n"
                + wiring)
        try repo.write(path, content)
        try repo.write("Sources/App.swift")
        try repo.write(".slipway.yml", "stages:\n  - name: check\n    run: \"true\"\n")
        try repo.commit("init")
        for arguments in [["bump", "patch"], ["release", "build", "--dry-run"]] {
            let result = try repo.slipway(arguments: arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.hasPrefix(
                    "\(position): error: \(setting) '\(value)' is not a marketing version App Store Connect accepts"),
                "\(result.stderr)")
            #expect(result.stderr.contains("hint: write one to three integers separated by periods there"))
        }
        #expect(try repo.read(path) == content)
        // The fix the hint names works: --set writes a value App Store Connect takes there.
        let fixed = try repo.slipway("bump", "--set", "1.2.3")
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(try repo.read(path) == content.replacingOccurrences(of: value, with: "1.2.3"))
    }
}
