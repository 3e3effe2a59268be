import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayProject

/// The `archive`, `export` and `upload` stages, derived from the project model and `ship:`: one xcodebuild
/// archive and export per app that ships, with an `ExportOptions.plist` Slipway writes, and after the push the
/// upload of what was exported. A value: the dry run prints it and the runner carries it out.
public struct ShipPlan: Sendable, Equatable {
    public var apps: [ShippingApp]
    public var stages: [Stage]
    /// What the user should know (a method's old name mapped, an option the model could not fill).
    public var notes: [String]
    /// The `ship:` settings the stages were made from (defaults when the section is absent).
    public var config: ShipConfig
    /// Whether archive and export sign with the App Store Connect API key (it was configured when planning).
    public var usesAPIKey: Bool

    /// The placeholder the runner replaces with the key file's path.
    public static let keyPlaceholder = "<App Store Connect key file>"

    /// The stages for `model`, the project XcodeGen writes at `project`; `environment` says whether a key is set.
    public static func derive(
        _ model: ProjectModel, project: String, config: ShipConfig, environment: [String: String],
        slipway: String = ShipPlan.slipwayExecutable
    ) throws(Failure) -> ShipPlan {
        let apps = ShippingApp.all(in: model)
        var notes = config.methodNote.map { [$0] } ?? []
        let key = AppStoreConnectKey.configured(in: environment)
        let signing = key.map(signingArguments) ?? []
        var archive: [[String]] = []
        var export: [[String]] = []
        var upload: [[String]] = []
        var files: [StageFile] = []
        for app in apps {
            let options = try exportOptions(app, model: model, config: config, notes: &notes)
            files.append(StageFile(path: app.exportOptionsPath, contents: options.plist))
            archive.append(
                [
                    "xcodebuild", "archive", "-project", project, "-scheme", app.scheme, "-configuration", "Release",
                    "-destination", "generic/platform=\(app.platform)", "-archivePath", app.archivePath,
                ] + signing)
            export.append(
                [
                    "xcodebuild", "-exportArchive", "-archivePath", app.archivePath, "-exportPath", "build/",
                    "-exportOptionsPlist", app.exportOptionsPath,
                ] + signing)
            let bundle = app.bundleIdentifier.flatMap { $0.contains("$") ? nil : ["--bundle-id", $0] } ?? []
            upload.append([slipway, "testflight", "upload", app.exportedFile] + bundle + groupArguments(config))
        }
        guard !apps.isEmpty else {
            return ShipPlan(apps: [], stages: [], notes: notes, config: config, usesAPIKey: key != nil)
        }
        let secrets = key.map { [$0.secretFile] } ?? []
        var stages = [
            Stage(name: "archive", command: .programs(archive), when: config.when),
            Stage(
                name: "export", command: .programs(export), when: config.when,
                phase: config.destination == .upload ? .afterPush : .beforeCommit),
        ]
        stages[0].secretFiles = secrets
        stages[1].secretFiles = secrets
        stages[1].files = files
        if config.destination == .export, config.uploadsToTestFlight {
            stages.append(Stage(name: "upload", command: .programs(upload), when: config.when, phase: .afterPush))
        }
        return ShipPlan(apps: apps, stages: stages, notes: notes, config: config, usesAPIKey: key != nil)
    }

    /// The release's "What to Test" for the upload: the notes file becomes part of the stage (written when it runs)
    /// and `--notes-file` of every upload.
    public func withNotes(_ notes: String, file: String) -> ShipPlan {
        var plan = self
        for index in plan.stages.indices where plan.stages[index].name == "upload" {
            guard case .programs(let programs) = plan.stages[index].command else { continue }
            plan.stages[index].command = .programs(programs.map { $0 + ["--notes-file", file] })
            plan.stages[index].files.append(StageFile(path: file, contents: notes))
        }
        return plan
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

    /// The options for one app; manual signing without a profile for one of its bundles is refused here, as
    /// `-exportArchive` would fail on it only after the whole archive was built.
    static func exportOptions(_ app: ShippingApp, model: ProjectModel, config: ShipConfig, notes: inout [String])
        throws(Failure) -> ExportOptions
    {
        let team = app.setting("DEVELOPMENT_TEAM", in: model).flatMap { $0.isEmpty ? nil : $0 } ?? config.teamID
        if team == nil {
            notes.append(
                "\(app.name): no DEVELOPMENT_TEAM in the spec and no ship.teamID, so ExportOptions.plist names no "
                    + "team (Xcode uses the archive's)")
        }
        var profiles: [String: String] = [:]
        if config.signingStyle == .manual {
            var missing: [String] = []
            for target in [app.target] + app.embedded {
                guard let id = ShippingApp.releaseBundleIdentifier(target) else { continue }
                if let profile = config.provisioningProfiles[id] {
                    profiles[id] = profile
                } else {
                    missing.append("\(id) (\(target.name))")
                }
            }
            if !missing.isEmpty {
                throw Failure(
                    "ship.signingStyle is manual, but ship.provisioningProfiles has no profile for "
                        + missing.joined(separator: ", "),
                    hint: "export needs a profile for the app and every extension and watch app it embeds: add "
                        + "'<bundle id>: <profile name>' under ship.provisioningProfiles")
            }
        }
        return ExportOptions(
            method: config.method, teamID: team, signingStyle: config.signingStyle, provisioningProfiles: profiles,
            destination: config.destination, uploadSymbols: config.uploadSymbols)
    }

    /// The running slipway when it can be found (so an upload stage runs the same binary), else `slipway` on PATH.
    public static var slipwayExecutable: String {
        if let path = Bundle.main.executablePath, (path as NSString).lastPathComponent == "slipway" { return path }
        return "slipway"
    }
}
