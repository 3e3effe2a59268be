import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayProject

/// The ship stages, derived from the project model and `ship:`: one xcodebuild archive → export → distribute
/// chain per app and platform that ships, with an `ExportOptions.plist` Slipway writes. What "distribute" is
/// depends on `ship.method`: a TestFlight upload after the push (`app-store-connect`); notarization, stapling and
/// packaging before the commit, then a Sparkle appcast item and a GitHub release (`developer-id`); the exported
/// file alone (`release-testing`, `enterprise`). A value: the dry run prints it and the runner carries it out.
public struct ShipPlan: Sendable, Equatable {
    public var apps: [ShippingApp]
    public var stages: [Stage]
    /// What the user should know (a method's old name mapped, an option the model could not fill).
    public var notes: [String]
    /// The `ship:` settings the stages were made from (defaults when the section is absent).
    public var config: ShipConfig
    /// Whether archive and export sign with the App Store Connect API key (it was configured when planning).
    public var usesAPIKey: Bool
    /// What each chain leaves behind, for the manifest.
    public var shipments: [Shipment]
    /// The release's version, build, tag and notes the appcast and GitHub release are made with.
    public var values: Values
    /// The `.xcodeproj` archived, the slipway run by the stages, the key, and each app's options file.
    private var inputs: Inputs

    /// The placeholder the runner replaces with the key file's path.
    public static let keyPlaceholder = "<App Store Connect key file>"

    /// One app on one platform: its archive, what the export writes, the files that leave the machine, and the
    /// notarization results `slipway notarize` writes.
    public struct Shipment: Sendable, Equatable {
        public var app: String
        public var platform: String
        public var archive: String
        public var exported: String
        /// The files handed on (uploaded, attached to the release, in the appcast), in packaging order.
        public var packages: [String]
        /// Packaged file → the JSON `slipway notarize` writes for it.
        public var notarizations: [String: String]
        /// `testflight` when the chain uploads to App Store Connect.
        public var upload: String?
    }

    /// The values a release fills in; `run` gives the spec's current version and build.
    public struct Values: Sendable, Equatable {
        public var version: String
        public var build: String
        public var tag: String
        /// The release notes file (written by the stages that read it), and its text.
        public var notesFile: String?
        public var notes: String?

        public init(version: String, build: String, tag: String, notesFile: String? = nil, notes: String? = nil) {
            self.version = version
            self.build = build
            self.tag = tag
            self.notesFile = notesFile
            self.notes = notes
        }

        static let placeholders = Values(version: "{version}", build: "{build}", tag: "{tag}")
    }

    private struct Inputs: Sendable, Equatable {
        var project: String
        var slipway: String
        var key: AppStoreConnectKey?
        var options: [StageFile]
    }

    /// The stages for `model`, the project XcodeGen writes at `project`; `environment` says whether a key is set;
    /// `scope` limits them to one app's targets (`--app`).
    public static func derive(
        _ model: ProjectModel, project: String, config: ShipConfig, environment: [String: String],
        scope: Set<String>? = nil, slipway: String = ShipPlan.slipwayExecutable
    ) throws(Failure) -> ShipPlan {
        let apps = try ShippingApp.all(
            in: model, scope: scope, platforms: config.platforms, targets: config.targets, location: config.location)
        var notes = config.methodNote.map { [$0] } ?? []
        try check(apps, config: config)
        var options: [StageFile] = []
        for app in apps {
            let plist = try exportOptions(app, model: model, config: config, notes: &notes)
            options.append(StageFile(path: app.exportOptionsPath, contents: plist.plist))
        }
        let key = AppStoreConnectKey.configured(in: environment)
        var plan = ShipPlan(
            apps: apps, stages: [], notes: notes, config: config, usesAPIKey: key != nil, shipments: [],
            values: .placeholders, inputs: Inputs(project: project, slipway: slipway, key: key, options: options))
        plan.makeStages()
        return plan
    }

    /// The plan with the release's values: the appcast item's version and download URL, the GitHub release's tag,
    /// and the notes file every stage that sends notes reads.
    public func withValues(_ values: Values) -> ShipPlan {
        var plan = self
        plan.values = values
        plan.makeStages()
        return plan
    }

    /// The methods that have no chain for a platform, and a Sparkle feed without a Developer ID download.
    private static func check(_ apps: [ShippingApp], config: ShipConfig) throws(Failure) {
        let at = config.location.map { "\($0): " } ?? ""
        if config.destination == .upload, !config.uploadsToTestFlight {
            // Xcode's `destination: upload` sends the build to App Store Connect (or, for Developer ID, to the
            // notary service, leaving nothing exported for the notarize and package stages).
            throw Failure(
                at + "ship.destination upload is for method app-store-connect, and the method is \(config.method)",
                hint: "remove 'destination: upload' (the export then writes the file into build/)")
        }
        if config.isDeveloperID, let app = apps.first(where: { $0.platform != "macOS" }) {
            throw Failure(
                at + "ship.method developer-id is for Mac apps, and \(app.name) ships for \(app.platform)",
                hint: "list only macOS under ship.platforms, or choose another method")
        }
        if config.sparkle != nil {
            guard config.isDeveloperID else {
                throw Failure(
                    at
                        + "ship.sparkle needs ship.method developer-id (Sparkle updates apps shipped outside the App Store); "
                        + "the method is \(config.method)",
                    hint: "set 'method: developer-id', or remove ship.sparkle")
            }
            guard config.packages.contains(where: { $0 != .pkg }) else {
                throw Failure(
                    at + "ship.sparkle needs a zip or a dmg to point the appcast at, and ship.packaging is only pkg",
                    hint: "add zip (or dmg) to ship.packaging")
            }
        }
    }

    // MARK: - Stages

    private mutating func makeStages() {
        var chains = Chains()
        for (index, app) in apps.enumerated() { chains.add(app, options: inputs.options[index], plan: self) }
        shipments = chains.shipments
        guard !apps.isEmpty else {
            stages = []
            return
        }
        let secrets = inputs.key.map { [$0.secretFile] } ?? []
        let notesFiles = values.notesFile.flatMap { file in values.notes.map { [StageFile(path: file, contents: $0)] } }
        var archive = Stage(name: "archive", command: .programs(chains.archive), when: config.when)
        var export = Stage(
            name: "export", command: .programs(chains.export), when: config.when,
            phase: config.destination == .upload ? .afterPush : .beforeCommit)
        archive.secretFiles = secrets
        export.secretFiles = secrets
        export.files = inputs.options
        var result = [archive, export]
        if !chains.notarize.isEmpty {
            result.append(Stage(name: "notarize", command: .programs(chains.notarize), when: config.when))
        }
        if !chains.package.isEmpty {
            result.append(Stage(name: "package", command: .programs(chains.package), when: config.when))
        }
        if !chains.appcast.isEmpty {
            // Before the commit: the feed the release commits is the one with this release's item.
            var appcast = Stage(name: "appcast", command: .programs(chains.appcast), when: config.when)
            appcast.files = notesFiles ?? []
            result.append(appcast)
        }
        if config.destination == .export, config.uploadsToTestFlight {
            var upload = Stage(
                name: "upload", command: .programs(chains.upload), when: config.when, phase: .afterPush)
            upload.files = notesFiles ?? []
            result.append(upload)
        }
        if let github = config.github {
            var command = [inputs.slipway, "github-release", "--tag", values.tag]
            if let file = values.notesFile, values.notes != nil { command += ["--notes-file", file] }
            for file in chains.shipments.flatMap(\.packages) { command += ["--asset", file] }
            if github.draft { command.append("--draft") }
            if github.prerelease { command.append("--prerelease") }
            var release = Stage(
                name: "github-release", command: .programs([command]), when: config.when, phase: .afterPush)
            release.files = notesFiles ?? []
            result.append(release)
        }
        stages = result
    }

    /// The programs of each stage, chain by chain.
    private struct Chains {
        var archive: [[String]] = []
        var export: [[String]] = []
        var notarize: [[String]] = []
        var package: [[String]] = []
        var appcast: [[String]] = []
        var upload: [[String]] = []
        var shipments: [Shipment] = []

        mutating func add(_ app: ShippingApp, options: StageFile, plan: ShipPlan) {
            let config = plan.config
            let signing = plan.inputs.key.map(ShipPlan.signingArguments) ?? []
            archive.append(
                [
                    "xcodebuild", "archive", "-project", plan.inputs.project, "-scheme", app.scheme,
                    "-configuration", app.configuration, "-destination", "generic/platform=\(app.platform)",
                    "-archivePath", app.archivePath,
                ] + signing)
            export.append(
                [
                    "xcodebuild", "-exportArchive", "-archivePath", app.archivePath, "-exportPath", app.exportPath,
                    "-exportOptionsPlist", options.path,
                ] + signing)
            let exported = app.exportedFile(method: config.method)
            var shipment = Shipment(
                app: app.name, platform: app.platform, archive: app.archivePath, exported: exported,
                packages: [exported], notarizations: [:])
            if config.isDeveloperID {
                developerID(app, exported: exported, plan: plan, shipment: &shipment)
            } else if config.uploadsToTestFlight, config.destination == .export {
                let bundle = app.bundleIdentifier.flatMap { $0.contains("$") ? nil : ["--bundle-id", $0] } ?? []
                var command = [plan.inputs.slipway, "testflight", "upload", exported, "--platform", app.uploadPlatform]
                command += bundle
                if app.platform == "macOS" {
                    // `testflight upload` reads the versions from an .ipa only; a Mac App Store .pkg needs them given.
                    command += ["--set", plan.values.version, "--build", plan.values.build]
                }
                command += ShipPlan.groupArguments(config)
                if let file = plan.values.notesFile, plan.values.notes != nil { command += ["--notes-file", file] }
                upload.append(command)
                shipment.upload = "testflight"
            } else if config.uploadsToTestFlight {
                // `destination: upload`: the export itself uploads, and leaves no file.
                shipment.packages = []
                shipment.upload = "testflight"
            }
            shipments.append(shipment)
        }

        /// Notarize the app (a zip of it is what notarytool takes) and staple it, then package the stapled app;
        /// a dmg or pkg is notarized and stapled itself, as Gatekeeper checks the file a user opens.
        mutating func developerID(_ app: ShippingApp, exported: String, plan: ShipPlan, shipment: inout Shipment) {
            let config = plan.config
            let slipway = plan.inputs.slipway
            let base = "\(app.exportPath)/\(app.target.productName)"
            func notarized(_ file: String) -> [[String]] {
                let result = file + ".notarization.json"
                shipment.notarizations[file] = result
                return [[slipway, "notarize", file, "--result", result], ["xcrun", "stapler", "staple", file]]
            }
            if config.notarize {
                let submission = base + "-notarization.zip"
                let result = submission + ".json"
                shipment.notarizations[exported] = result
                notarize += [
                    ["ditto", "-c", "-k", "--keepParent", exported, submission],
                    [slipway, "notarize", submission, "--result", result],
                    ["xcrun", "stapler", "staple", exported],
                ]
            }
            var packages: [String] = []
            for kind in config.packages {
                let file = "\(base).\(kind.rawValue)"
                packages.append(file)
                switch kind {
                case .zip:
                    package.append(["ditto", "-c", "-k", "--keepParent", exported, file])
                case .dmg:
                    // The image holds a folder with the app (as Apple's packaging guide builds one), and is signed
                    // with the Developer ID Application identity and a secure timestamp before notarization.
                    let folder = "\(base)-dmg"
                    let name = (exported as NSString).lastPathComponent
                    package += [
                        ["rm", "-rf", folder],
                        ["ditto", exported, "\(folder)/\(name)"],
                        [
                            "hdiutil", "create", "-volname", app.target.productName, "-srcfolder", folder, "-ov",
                            "-format", "UDZO", file,
                        ],
                        ["codesign", "--sign", config.applicationIdentity, "--timestamp", file],
                    ]
                    if config.notarize { package += notarized(file) }
                case .pkg:
                    package.append(
                        [
                            "productbuild", "--component", exported, "/Applications", "--sign",
                            config.installerIdentity, file,
                        ])
                    if config.notarize { package += notarized(file) }
                }
            }
            shipment.packages = packages
            guard let sparkle = config.sparkle, let file = packages.first(where: { !$0.hasSuffix(".pkg") }) else {
                return
            }
            let values = plan.values
            let url = sparkle.downloadURL.render([
                "version": values.version, "build": values.build, "tag": values.tag,
                "file": (file as NSString).lastPathComponent,
            ])
            var command = [
                slipway, "appcast", "add", "--feed", sparkle.feed, "--file", file, "--version", values.version,
                "--build", values.build, "--url", url,
            ]
            if let channel = sparkle.channel { command += ["--channel", channel] }
            if let minimum = sparkle.minimumSystemVersion { command += ["--minimum-system-version", minimum] }
            if let notes = values.notesFile, values.notes != nil { command += ["--notes-file", notes] }
            appcast.append(command)
        }
    }

    /// The release's "What to Test" (and appcast and GitHub release notes): the notes file becomes part of each
    /// stage that reads it (written when it runs).
    public func withNotes(_ notes: String, file: String) -> ShipPlan {
        var values = self.values
        values.notes = notes
        values.notesFile = file
        return withValues(values)
    }

    static func signingArguments(_ key: AppStoreConnectKey) -> [String] {
        var arguments = ["-allowProvisioningUpdates", "-authenticationKeyPath", keyPlaceholder]
        arguments += ["-authenticationKeyID", key.keyID]
        if let issuer = key.issuerID { arguments += ["-authenticationKeyIssuerID", issuer] }
        return arguments
    }

    static func groupArguments(_ config: ShipConfig) -> [String] {
        config.groups.isEmpty ? [] : ["--groups", config.groups.joined(separator: ",")]
    }

    /// The running slipway when it can be found (so a stage runs the same binary), else `slipway` on PATH.
    public static var slipwayExecutable: String {
        if let path = Bundle.main.executablePath, (path as NSString).lastPathComponent == "slipway" { return path }
        return "slipway"
    }
}
