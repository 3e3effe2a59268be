import SlipwayCore
import SlipwayYAML

/// The `ship:` section of `.slipway.yml`: how the derived `archive`, `export` and `upload` stages sign, export and
/// hand a build to TestFlight. Every key has a default; the section's presence is what adds those stages to a
/// configured `stages:` list.
public struct ShipConfig: Sendable, Equatable {
    public enum SigningStyle: String, Sendable, CaseIterable, Codable {
        case automatic, manual
    }

    /// How a Developer ID app leaves the machine.
    public enum Packaging: String, Sendable, CaseIterable, Codable {
        /// `ditto -c -k --keepParent`: what Sparkle and most downloads use.
        case zip
        /// `hdiutil create`: a disk image, signed with `applicationIdentity`, notarized and stapled itself.
        case dmg
        /// `productbuild --component`: an installer package, signed with `installerIdentity`.
        case pkg
    }

    public enum Destination: String, Sendable, CaseIterable, Codable {
        /// Export an `.ipa`/`.pkg` into `build/`; the after-push `upload` stage sends it.
        case export
        /// `xcodebuild -exportArchive` uploads itself (then after the push, so what is uploaded is tagged).
        case upload
    }

    /// `ExportOptions.plist` `method`, in Xcode 15.3's names.
    public var method = "app-store-connect"
    /// Set when `method` was written in a pre-15.3 name, saying what it was mapped to.
    public var methodNote: String?
    /// `teamID` when the spec has no `DEVELOPMENT_TEAM`.
    public var teamID: String?
    /// `nil`: the spec's `CODE_SIGN_STYLE` for Release (automatic when it sets none).
    public var signingStyle: SigningStyle?
    /// Bundle id → provisioning profile name or UUID (manual signing needs one for every embedded bundle); a
    /// bundle not listed takes its target's `PROVISIONING_PROFILE_SPECIFIER` for Release.
    public var provisioningProfiles: [String: String] = [:]
    /// The platforms shipped (`iOS`, `macOS`, `tvOS`, `visionOS`); empty: every one the app builds for.
    public var platforms: [String] = []
    /// The application targets that ship; empty: every one no other app embeds (a UI-test host app is one).
    public var targets: [String] = []
    /// What a Developer ID export is packaged as, in order; empty: a zip.
    public var packaging: [Packaging] = []
    /// Whether a Developer ID export is notarized and stapled (`notarytool`, `stapler`).
    public var notarize = true
    /// The identity `productbuild` signs a Developer ID pkg with.
    public var installerIdentity = "Developer ID Installer"
    /// The identity `codesign` signs a Developer ID dmg with (the app inside is signed by the export).
    public var applicationIdentity = "Developer ID Application"
    public var destination = Destination.export
    public var uploadSymbols = true
    /// The file Xcode Cloud reads "What to Test" from (e.g. `TestFlight/WhatToTest.en-US.txt`), committed by the
    /// release; `nil`: not written.
    public var whatToTestFile: String?
    /// TestFlight groups the upload adds the build to.
    public var groups: [String] = []
    /// When archive, export and upload run; `major` by default, as archiving every small change is slow.
    public var when = Stage.When.major
    /// Seconds an App Store Connect request may take in all, and to connect (`testflight`); `nil`: the defaults
    /// (120 and 30), or `SLIPWAY_HTTP_TIMEOUT` and `SLIPWAY_HTTP_CONNECT_TIMEOUT`.
    public var requestTimeout: Int?
    public var connectTimeout: Int?
    /// Where the section is, for messages.
    public var location: SourceLocation?
    /// Whether the section adds the archive, export and upload stages: not when it only sets the App Store Connect
    /// timeouts, which `testflight` commands read without shipping anything.
    public var derivesStages = true
    /// `sparkle:`: the appcast a Developer ID release adds its item to; `nil`: none.
    public var sparkle: SparkleConfig?
    /// `github:`: the GitHub release made for the pushed tag; `nil`: none.
    public var github: GitHubReleaseConfig?

    public init() {}

    static let keys = [
        "method", "teamID", "signingStyle", "provisioningProfiles", "destination", "uploadSymbols", "whatToTestFile",
        "groups", "when", "requestTimeout", "connectTimeout", "sparkle", "github", "platforms", "packaging",
        "notarize", "installerIdentity", "applicationIdentity", "targets",
    ]

    /// The platforms an app is archived and exported for on its own (a watch app inside an iOS app ships with it;
    /// a watch-only app on its own).
    public static let shippablePlatforms = ["iOS", "macOS", "tvOS", "visionOS", "watchOS"]

    /// Xcode 15.3 renamed three methods; the old names still work in Xcode but are deprecated.
    public static let renamedMethods = [
        "app-store": "app-store-connect", "ad-hoc": "release-testing", "development": "debugging",
    ]
    public static let methods = [
        "app-store-connect", "release-testing", "debugging", "enterprise", "developer-id", "mac-application",
        "validation",
    ]

    /// Builds of this method can go to TestFlight.
    public var uploadsToTestFlight: Bool { method == "app-store-connect" }
    /// Developer ID: exported, notarized, stapled and packaged for download.
    public var isDeveloperID: Bool { method == "developer-id" }
    /// `packaging`, or a zip when none is given.
    public var packages: [Packaging] { packaging.isEmpty ? [.zip] : packaging }
}

extension ShipConfig {
    static func read(_ node: YAMLNode, _ reader: ConfigReader) throws(YAMLError) -> ShipConfig {
        var config = ShipConfig()
        config.location = reader.file.location(node.start)
        if node.isNull { return config }
        let entries = try reader.mapping(node, keyPath: "ship", allowed: keys)
        for (key, value) in entries {
            let path = "ship.\(key)"
            reader.collecting { () throws(YAMLError) in
                try config.read(key, value, path: path, reader)
            }
        }
        let timeouts: Set<String> = ["requestTimeout", "connectTimeout"]
        config.derivesStages = entries.isEmpty || !entries.allSatisfy { timeouts.contains($0.0) }
        return config
    }

    private mutating func read(_ key: String, _ value: YAMLNode, path: String, _ reader: ConfigReader)
        throws(YAMLError)
    {
        switch key {
        case "method":
            let name = try reader.choice(
                value, keyPath: path, from: ShipConfig.methods + ShipConfig.renamedMethods.keys.sorted())
            method = ShipConfig.renamedMethods[name] ?? name
            if method != name {
                methodNote =
                    "ship.method '\(name)' is the name before Xcode 15.3; ExportOptions.plist gets '\(method)' "
                    + "(write that in \(Configuration.fileName) to silence this note)"
            }
        case "teamID": teamID = try ShipConfig.nonEmpty(value, path: path, reader)
        case "signingStyle":
            signingStyle =
                SigningStyle(
                    rawValue: try reader.choice(value, keyPath: path, from: SigningStyle.allCases.map(\.rawValue)))
        case "provisioningProfiles":
            provisioningProfiles = try ShipConfig.profiles(value, path: path, reader)
        case "destination":
            destination =
                Destination(
                    rawValue: try reader.choice(value, keyPath: path, from: Destination.allCases.map(\.rawValue)))
                ?? .export
        case "uploadSymbols": uploadSymbols = try reader.bool(value, keyPath: path)
        case "whatToTestFile":
            let text = try ShipConfig.nonEmpty(value, path: path, reader)
            guard !text.hasPrefix("/"), !text.split(separator: "/").contains("..") else {
                throw reader.file.error(
                    "'\(path)' must be a path inside the repository, relative to its root", at: value,
                    hint: "for example TestFlight/WhatToTest.en-US.txt, where Xcode Cloud looks for it")
            }
            whatToTestFile = text
        case "groups": groups = try reader.strings(value, keyPath: path)
        case "sparkle": sparkle = try SparkleConfig.read(value, reader)
        case "github": github = try GitHubReleaseConfig.read(value, reader)
        case "platforms":
            platforms = try reader.strings(value, keyPath: path)
            for name in platforms where !ShipConfig.shippablePlatforms.contains(name) {
                throw reader.file.error(
                    "'\(path)' lists '\(name)', which is not a platform an app ships for on its own", at: value,
                    hint: "use \(ShipConfig.shippablePlatforms.joined(separator: ", "))")
            }
        case "packaging":
            let names = try reader.strings(value, keyPath: path)
            packaging = []
            for name in names {
                guard let kind = Packaging(rawValue: name) else {
                    throw reader.file.error(
                        "'\(path)' lists '\(name)'", at: value,
                        hint: "use \(Packaging.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                if !packaging.contains(kind) { packaging.append(kind) }
            }
        case "targets": targets = try reader.strings(value, keyPath: path)
        case "notarize": notarize = try reader.bool(value, keyPath: path)
        case "installerIdentity": installerIdentity = try ShipConfig.nonEmpty(value, path: path, reader)
        case "applicationIdentity": applicationIdentity = try ShipConfig.nonEmpty(value, path: path, reader)
        case "requestTimeout": requestTimeout = try reader.int(value, keyPath: path, minimum: 1)
        case "connectTimeout": connectTimeout = try reader.int(value, keyPath: path, minimum: 1)
        case "when":
            when =
                Stage.When(rawValue: try reader.choice(value, keyPath: path, from: Stage.When.allCases.map(\.rawValue)))
                ?? .major
        default: break
        }
    }

    private static func nonEmpty(_ node: YAMLNode, path: String, _ reader: ConfigReader) throws(YAMLError) -> String {
        let text = try reader.string(node, keyPath: path)
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw reader.file.error("'\(path)' must not be empty", at: node, hint: "give a value or leave the key out")
        }
        return text
    }

    private static func profiles(_ node: YAMLNode, path: String, _ reader: ConfigReader) throws(YAMLError)
        -> [String: String]
    {
        guard node.kind == .mapping else {
            throw reader.file.error(
                "'\(path)' must be a mapping of bundle ids to profile names, found \(node.kindName)", at: node,
                hint: "write it as 'com.example.app: \"App Store profile\"' lines")
        }
        var profiles: [String: String] = [:]
        for pair in node.pairs {
            guard pair.key.kind == .scalar, !pair.key.scalar.isEmpty else {
                throw reader.file.error("keys in '\(path)' must be bundle ids", at: pair.key)
            }
            guard profiles[pair.key.scalar] == nil else {
                throw reader.file.error("'\(pair.key.scalar)' is given twice", at: pair.key, hint: "keep one of them")
            }
            profiles[pair.key.scalar] = try nonEmpty(pair.value, path: "\(path).\(pair.key.scalar)", reader)
        }
        return profiles
    }
}
