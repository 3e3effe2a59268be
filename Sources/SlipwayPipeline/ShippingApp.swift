import SlipwayCore
import SlipwayProject

/// One app that goes to App Store Connect on its own: an application target of the spec that no other app embeds
/// (a watch app inside an iOS app ships inside it; a macOS app is its own upload).
public struct ShippingApp: Sendable, Equatable {
    public var target: ProjectTarget
    /// The scheme `xcodebuild archive` uses: one that archives the target (its own first), else the target's name.
    public var scheme: String
    /// The platform archived (`iOS`, `macOS`, `tvOS`, `visionOS`, `watchOS`).
    public var platform: String
    /// The app's bundle id in the Release configuration, when the spec tells it.
    public var bundleIdentifier: String?
    /// The extensions and watch apps it embeds (their bundle ids need profiles under manual signing).
    public var embedded: [ProjectTarget]

    public var name: String { target.name }

    /// `build/<name>.xcarchive`.
    public var archivePath: String { "build/\(name).xcarchive" }
    /// Slipway's own plist, not `build/ExportOptions.plist`, which `-exportArchive` writes into the export folder.
    public var exportOptionsPath: String { "build/\(name)-ExportOptions.plist" }
    /// What `-exportArchive -exportPath build/` writes: `<product>.ipa`, or a `.pkg` for a Mac app.
    public var exportedFile: String { "build/\(target.productName).\(platform == "macOS" ? "pkg" : "ipa")" }

    /// `altool --type` for the platform.
    public var uploadType: String {
        switch platform {
        case "macOS": return "macos"
        case "tvOS": return "appletvos"
        case "visionOS": return "visionos"
        default: return "ios"
        }
    }

    /// What is signed with a profile of its own inside an app.
    static let embeddedTypes: Set<String> = [
        "application", "application.watchapp", "application.watchapp2", "app-extension", "app-extension.messages",
        "app-extension.messages-sticker-pack", "app-extension.intents-service", "extensionkit-extension",
        "tv-app-extension", "watchkit-extension", "watchkit2-extension",
    ]

    /// The apps of `model` that ship, sorted by name.
    public static func all(in model: ProjectModel) -> [ShippingApp] {
        model.shippingApplications.compactMap { app in
            guard let platform = app.platforms.first else { return nil }
            return ShippingApp(
                target: app, scheme: scheme(for: app, in: model), platform: platform,
                bundleIdentifier: releaseBundleIdentifier(app),
                embedded: model.dependencyClosure(of: app.name).filter { embeddedTypes.contains($0.typeName) })
        }
    }

    /// A scheme that archives the app, the one named after it first.
    static func scheme(for app: ProjectTarget, in model: ProjectModel) -> String {
        let archiving = model.schemes.filter { scheme in
            scheme.buildTargets.contains { $0.name.value == app.name && $0.buildTypes.contains("archiving") }
        }
        return (archiving.first { $0.name == app.name } ?? archiving.first)?.name ?? app.name
    }

    /// The bundle id for `Release` (or every configuration).
    static func releaseBundleIdentifier(_ target: ProjectTarget) -> String? {
        let ids = target.bundleIdentifiers
        return (ids.first { $0.config == "Release" } ?? ids.first { $0.config == nil })?.value
    }

    /// `name` for Release: the target's settings, then the project's (`DEVELOPMENT_TEAM`, `INFOPLIST_KEY_…`).
    public func setting(_ name: String, in model: ProjectModel) -> String? {
        for settings in [target.settings, model.settings] {
            let values = settings.values(of: name, groups: model.settingGroups)
            if let found = values.last(where: { $0.config == "Release" }) ?? values.last(where: { $0.config == nil }) {
                return found.value.string
            }
        }
        return nil
    }
}
