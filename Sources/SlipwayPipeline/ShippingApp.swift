import SlipwayConfig
import SlipwayCore
import SlipwayProject

/// One app on one platform that ships on its own: an application target of the spec that no other app embeds (a
/// watch app inside an iOS app ships inside it), once for each platform it builds for (`supportedDestinations`),
/// or only those `ship.platforms` lists. Each has its own archive, export folder and options file.
public struct ShippingApp: Sendable, Equatable {
    public var target: ProjectTarget
    /// The scheme `xcodebuild archive` uses: one of the model's schemes that archives the target (its own first),
    /// or, when the spec writes no scheme at all, the one Xcode makes for the target.
    public var scheme: String
    /// The configuration the scheme archives with (`archive.config`, else the project's release configuration).
    public var configuration: String
    /// The platform archived (`iOS`, `macOS`, `tvOS`, `visionOS`, or `watchOS` for a watch-only app).
    public var platform: String
    /// Whether the target ships for more than this platform (its paths then carry the platform's name).
    public var multiplatform: Bool
    /// The app's bundle id in the archived configuration, when the spec tells it.
    public var bundleIdentifier: String?
    /// The extensions, system extensions, App Clips and watch apps it embeds on this platform (each signed with a
    /// profile of its own under manual signing).
    public var embedded: [ProjectTarget]

    public var name: String { target.name }

    /// `<name>`, or `<name>-<platform>` for a target that ships for several platforms.
    public var folderName: String { multiplatform ? "\(name)-\(platform)" : name }
    /// `build/<name>.xcarchive`.
    public var archivePath: String { "build/\(folderName).xcarchive" }
    /// Slipway's own plist, outside the export folder (where `-exportArchive` writes its own `ExportOptions.plist`).
    public var exportOptionsPath: String { "build/\(folderName)-ExportOptions.plist" }
    /// The folder `-exportArchive` writes into.
    public var exportPath: String { "build/\(folderName)" }

    /// What the export writes for `method`: an `.ipa`; for a Mac, a `.pkg` for the Mac App Store, else the `.app`.
    public func exportedFile(method: String) -> String {
        let product = target.productName
        guard platform == "macOS" else { return "\(exportPath)/\(product).ipa" }
        return "\(exportPath)/\(product).\(method == "app-store-connect" ? "pkg" : "app")"
    }

    /// `testflight upload --platform`, so a visionOS or tvOS `.ipa` is not taken for an iOS one (App Store Connect
    /// files a watch-only app under iOS).
    public var uploadPlatform: String { platform == "watchOS" ? "ios" : platform.lowercased() }

    /// What is signed with a profile of its own inside an app (XcodeGen's product type names).
    static let embeddedTypes: Set<String> = [
        "application", "application.watchapp", "application.watchapp2", "application.on-demand-install-capable",
        "app-extension", "app-extension.messages", "app-extension.messages-sticker-pack",
        "app-extension.intents-service", "extensionkit-extension", "tv-app-extension", "watchkit-extension",
        "watchkit2-extension", "system-extension", "driver-extension",
    ]

    /// The apps of `model` that ship, sorted by name then platform; `scope` limits them to one app's targets
    /// (`--app`), `targets` to the ones named (`ship.targets`). Without `platforms`, every platform each app
    /// builds for. `location` is the `ship:` section's, for messages.
    public static func all(
        in model: ProjectModel, scope: Set<String>? = nil, platforms: [String] = [], targets: [String] = [],
        location: SourceLocation? = nil
    ) throws(Failure) -> [ShippingApp] {
        let at = location.map { "\($0): " } ?? ""
        let shippable = model.shippingApplications
        if let unknown = targets.first(where: { name in !shippable.contains { $0.name == name } }) {
            throw Failure(
                at
                    + "ship.targets lists \(unknown), which is not an application target of the spec that ships on its own",
                hint: "the apps that can ship: \(shippable.map(\.name).joined(separator: ", "))")
        }
        var result: [ShippingApp] = []
        for app in shippable
        where scope.map({ $0.contains(app.name) }) != false && (targets.isEmpty || targets.contains(app.name)) {
            let own = app.platforms.filter { ShipConfig.shippablePlatforms.contains($0) }
            let chosen = platforms.isEmpty ? own : platforms.filter { own.contains($0) }
            if !platforms.isEmpty, chosen.isEmpty {
                throw Failure(
                    at + "ship.platforms lists \(platforms.joined(separator: ", ")), and \(app.name) (\(app.location)) "
                        + "builds for \(own.isEmpty ? "none of the platforms an app ships for" : own.joined(separator: ", "))",
                    hint: "list the platforms \(app.name) should ship for, or leave out ship.platforms")
            }
            let (scheme, configuration) = try archiveScheme(for: app, in: model)
            for platform in chosen {
                let closure = model.dependencyClosure(of: app.name)
                result.append(
                    ShippingApp(
                        target: app, scheme: scheme, configuration: configuration, platform: platform,
                        multiplatform: own.count > 1, bundleIdentifier: bundleIdentifier(app, configuration),
                        embedded: closure.filter { embeddedTypes.contains($0.typeName) && builds($0, for: platform) }))
            }
        }
        return result
    }

    /// Whether an embedded target goes into the app on `platform` (a watch app into the iOS one).
    static func builds(_ target: ProjectTarget, for platform: String) -> Bool {
        let platforms = target.platforms
        return platforms.isEmpty || platforms.contains(platform) || (platform == "iOS" && platforms == ["watchOS"])
    }

    /// The scheme that archives the app (the one named after it first) and its archive configuration. A spec
    /// that writes schemes but none archiving the app, or a configuration the project does not define, is an
    /// error naming what is there: xcodebuild would fail on it only after the build started.
    static func archiveScheme(for app: ProjectTarget, in model: ProjectModel) throws(Failure) -> (String, String) {
        let configurations = model.configs.names
        guard !model.schemes.isEmpty else {
            // No scheme in the spec: Xcode makes one per target, which archives the release configuration.
            guard let release = model.configs.release else {
                throw Failure(
                    "cannot archive \(app.name): the project has no release configuration (its configurations: "
                        + "\(configurations.joined(separator: ", ")))",
                    hint: "mark one as a release configuration under 'configs:' in the spec")
            }
            return (app.name, release)
        }
        let archiving = model.schemes.filter { scheme in
            scheme.buildTargets.contains { $0.name.value == app.name && $0.buildTypes.contains("archiving") }
        }
        guard let scheme = archiving.first(where: { $0.name == app.name }) ?? archiving.first else {
            throw Failure(
                "cannot archive \(app.name) (\(app.location)): none of the spec's schemes archives it (the schemes: "
                    + "\(model.schemes.map(\.name).joined(separator: ", ")))",
                hint: "add 'scheme: {}' to the target \(app.name), or a scheme under 'schemes:' that builds it for "
                    + "archiving")
        }
        guard let configuration = scheme.archiveConfiguration ?? model.configs.release,
            configurations.contains(configuration)
        else {
            throw Failure(
                "cannot archive \(app.name): the scheme \(scheme.name) (\(scheme.location)) archives with "
                    + "'\(scheme.archiveConfiguration ?? "a release configuration")', which the project does not "
                    + "define (its configurations: \(configurations.joined(separator: ", ")))",
                hint: "set the scheme's archive config to one of those")
        }
        return (scheme.name, configuration)
    }

    /// The bundle id for `configuration` (or every configuration).
    static func bundleIdentifier(_ target: ProjectTarget, _ configuration: String = "Release") -> String? {
        let ids = target.bundleIdentifiers
        return (ids.first { $0.config == configuration } ?? ids.first { $0.config == nil })?.value
    }

    /// `name` for the archived configuration: the target's settings, then the project's.
    public func setting(_ name: String, in model: ProjectModel) -> String? {
        ShippingApp.setting(name, of: target, configuration: configuration, in: model)
    }

    static func setting(_ name: String, of target: ProjectTarget, configuration: String, in model: ProjectModel)
        -> String?
    {
        for settings in [target.settings, model.settings] {
            let values = settings.values(of: name, groups: model.settingGroups)
            if let found = values.last(where: { $0.config == configuration })
                ?? values.last(where: { $0.config == nil })
            {
                return found.value.string
            }
        }
        return nil
    }
}
