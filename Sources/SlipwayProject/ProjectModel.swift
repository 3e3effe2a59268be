import SlipwayCore

/// The project as XcodeGen would generate it from the spec and its includes: one value that version lookup, stage
/// derivation, affected targets and doctor read, never the YAML again. Every value keeps its `file:line:column`.
///
/// Built by `ProjectModel.resolve(_:environment:)` from the files `SpecLoader` read (the one include follower).
public struct ProjectModel: Sendable, Equatable {
    /// The project's `name:` (the `.xcodeproj` XcodeGen writes is `<name>.xcodeproj`, next to the spec).
    public var name: Located<String>?
    /// Targets after includes, templates and platform lists are resolved, sorted by name as XcodeGen sorts them.
    public var targets: [ProjectTarget]
    /// The schemes XcodeGen writes: `schemes:` (templates applied) and one per target with `scheme:` (per config
    /// variant). Empty when the spec asks for none: Xcode then makes its own, which no file records.
    public var schemes: [ProjectScheme]
    /// Project-level `settings:`.
    public var settings: ProjectSettings
    /// `settingGroups:` (or the older `settingPresets:`), by name.
    public var settingGroups: [String: ProjectSettings]
    /// `options.bundleIdPrefix`.
    public var bundleIdPrefix: Located<String>?
    /// `options.deploymentTarget`, by platform.
    public var deploymentTargets: [String: Located<String>]
    /// `configs:` with their types, or XcodeGen's `Debug` and `Release`.
    public var configs: ProjectConfigs
    /// `packages:` (and the older `localPackages:`), sorted by name.
    public var packages: [ProjectPackage]
    /// `${VAR}` references the spec makes that the environment did not set: XcodeGen leaves them as written.
    public var unsetVariables: [Located<String>]
    /// Project-level `configFiles:`, by config name (paths relative to the project root).
    public var configFiles: [String: Located<String>]
    /// What the model could not tell or XcodeGen would ignore, each with its position.
    public var warnings: [ProjectWarning]
    /// The merged spec the model was read from, for readers that need a key the model does not name.
    public var merged: ProjectValue

    public init(
        name: Located<String>?, targets: [ProjectTarget], schemes: [ProjectScheme], settings: ProjectSettings,
        settingGroups: [String: ProjectSettings], bundleIdPrefix: Located<String>?,
        deploymentTargets: [String: Located<String>], configs: ProjectConfigs, configFiles: [String: Located<String>],
        warnings: [ProjectWarning], merged: ProjectValue, packages: [ProjectPackage] = [],
        unsetVariables: [Located<String>] = []
    ) {
        self.name = name
        self.targets = targets
        self.schemes = schemes
        self.settings = settings
        self.settingGroups = settingGroups
        self.bundleIdPrefix = bundleIdPrefix
        self.deploymentTargets = deploymentTargets
        self.configs = configs
        self.configFiles = configFiles
        self.warnings = warnings
        self.merged = merged
        self.packages = packages
        self.unsetVariables = unsetVariables
    }

    /// The first target of that name: a binary search, as `targets` is sorted by name (a name the spec does not
    /// define costs a search too, not a scan: specs whose every target depends on one missing name are common).
    public func target(named name: String) -> ProjectTarget? {
        var low = 0
        var high = targets.count
        while low < high {
            let middle = (low + high) / 2
            if targets[middle].name < name { low = middle + 1 } else { high = middle }
        }
        return low < targets.count && targets[low].name == name ? targets[low] : nil
    }

    /// The targets `name` depends on, directly and through them, each once (unknown names left out).
    public func dependencyClosure(of name: String) -> [ProjectTarget] {
        var seen: Set<String> = [name]
        var order: [ProjectTarget] = []
        var pending = [name]
        while let next = pending.popLast() {
            for dependency in target(named: next)?.dependencies ?? [] where dependency.kind == .target {
                guard seen.insert(dependency.name.value).inserted, let found = target(named: dependency.name.value)
                else { continue }
                order.append(found)
                pending.append(found.name)
            }
        }
        return order
    }
}

/// One target as XcodeGen generates it.
public struct ProjectTarget: Sendable, Equatable {
    public var name: String
    /// Where the target is named (its key under `targets:`).
    public var location: SourceLocation
    /// `productName`, or the name before a platform suffix was added.
    public var productName: String
    public var type: Located<String>?
    /// `platform:` after a list is split (`iOS`, `macOS`, `auto`…).
    public var platform: Located<String>?
    /// `supportedDestinations:` (Xcode 14 multi-destination targets).
    public var supportedDestinations: [Located<String>]
    /// The target's own `deploymentTarget`, else `options.deploymentTarget` for its platform.
    public var deploymentTarget: Located<String>?
    public var settings: ProjectSettings
    public var configFiles: [String: Located<String>]
    public var sources: [ProjectSource]
    public var dependencies: [ProjectDependency]
    public var info: ProjectPlist?
    public var entitlements: ProjectPlist?
    /// The effective `PRODUCT_BUNDLE_IDENTIFIER`, per config where they differ (`config == nil`: every config).
    public var bundleIdentifiers: [BundleIdentifier]
    /// The target's `scheme:` (XcodeGen generates a scheme named after the target from it).
    public var scheme: TargetSchemeSpec?
    /// The `targetTemplates` applied, outermost first.
    public var templates: [String]

    /// The platforms the target builds for: its destinations, else its platform.
    public var platforms: [String] {
        if !supportedDestinations.isEmpty { return supportedDestinations.map(\.value) }
        return platform.map { [$0.value] } ?? []
    }

    public var typeName: String { type?.value ?? "" }

    public var isTest: Bool { ProjectTarget.testTypes.contains(typeName) }
    public var isUITest: Bool { typeName == "bundle.ui-testing" }
    /// Applications, app extensions and frameworks: what a build stage builds.
    public var isBuildable: Bool { ProjectTarget.buildableTypes.contains(typeName) }

    public static let testTypes: Set<String> = ["bundle.unit-test", "bundle.ui-testing", "bundle.ocunit-test"]
    public static let buildableTypes: Set<String> = [
        "application", "application.watchapp", "application.watchapp2", "application.watchapp2-container",
        "application.messages", "application.on-demand-install-capable", "app-extension", "app-extension.messages",
        "app-extension.messages-sticker-pack", "app-extension.intents-service", "extensionkit-extension",
        "tv-app-extension", "watchkit-extension", "watchkit2-extension", "framework", "framework.static",
        "xcframework",
    ]
}

public struct BundleIdentifier: Sendable, Equatable {
    public enum Origin: String, Sendable, Equatable {
        /// `PRODUCT_BUNDLE_IDENTIFIER` in the target's settings (or a setting group it names).
        case targetSettings
        /// `options.bundleIdPrefix` + `.` + the target's name, as XcodeGen writes it.
        case bundleIdPrefix
        /// `PRODUCT_BUNDLE_IDENTIFIER` in the project's settings.
        case projectSettings
    }

    public var value: String
    public var location: SourceLocation
    public var config: String?
    public var origin: Origin
}

/// `settings:` in any of XcodeGen's forms: a plain mapping of settings, or `base`/`configs`/`groups`.
public struct ProjectSettings: Sendable, Equatable {
    public var base: [ProjectValue.Entry]
    /// Per-config settings (themselves any form), in the order written.
    public var configs: [(name: String, settings: ProjectSettings)]
    public var groups: [Located<String>]

    public init(
        base: [ProjectValue.Entry] = [], configs: [(name: String, settings: ProjectSettings)] = [],
        groups: [Located<String>] = []
    ) {
        self.base = base
        self.configs = configs
        self.groups = groups
    }

    public static func == (lhs: ProjectSettings, rhs: ProjectSettings) -> Bool {
        lhs.base == rhs.base && lhs.groups == rhs.groups && lhs.configs.map(\.name) == rhs.configs.map(\.name)
            && zip(lhs.configs, rhs.configs).allSatisfy { $0.settings == $1.settings }
    }

    public var isEmpty: Bool { base.isEmpty && configs.isEmpty && groups.isEmpty }

    /// `name` in `base`.
    public func base(_ name: String) -> ProjectValue.Entry? {
        base.first { $0.key == name }
    }
}

/// One entry of `sources:`.
public struct ProjectSource: Sendable, Equatable {
    /// Relative to the project root (an included file's folder already put in front).
    public var path: Located<String>
    public var excludes: [Located<String>]
    public var includes: [Located<String>]
    /// `optional: true`: XcodeGen accepts a missing path.
    public var optional: Bool
    /// `type:` (`file`, `group`, `folder`, `syncedFolder`).
    public var type: String?
    public var buildPhase: String?
}

/// An entry of `packages:`: a local package (`path:`) or a remote one (`url:`, `github:`).
public struct ProjectPackage: Sendable, Equatable {
    public var name: String
    public var location: SourceLocation
    /// A local package's folder, relative to the project root.
    public var path: Located<String>?
    /// A remote package's URL (`github: owner/repo` written out).
    public var url: String?

    public init(name: String, location: SourceLocation, path: Located<String>?, url: String?) {
        self.name = name
        self.location = location
        self.path = path
        self.url = url
    }
}

public struct ProjectDependency: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case target, framework, carthage, sdk, package, bundle
    }

    public var kind: Kind
    /// The target, framework path, SDK, package or bundle name.
    public var name: Located<String>
    /// `package` dependencies' `product:`.
    public var product: String?
    public var embed: Bool?
    public var link: Bool?
}

/// `info:` or `entitlements:`: the file XcodeGen writes and the properties it writes into it.
public struct ProjectPlist: Sendable, Equatable {
    public var path: Located<String>?
    public var properties: [ProjectValue.Entry]
    public var location: SourceLocation
}

/// A target's `scheme:`.
public struct TargetSchemeSpec: Sendable, Equatable {
    public var location: SourceLocation
    public var testTargets: [ProjectScheme.TestTarget]
    public var configVariants: [String]
    public var testPlans: [ProjectScheme.TestPlan]
    public var gatherCoverageData: Bool?
    public var shared: Bool
}

/// `configs:`: each configuration's name and type (`debug`, `release`, or none), sorted by name as XcodeGen sorts
/// them; XcodeGen's `Debug` and `Release` when the spec names none.
public struct ProjectConfigs: Sendable, Equatable {
    public var types: [(name: String, type: String?)]

    public init(types: [(name: String, type: String?)]) {
        self.types = types
    }

    public static func == (lhs: ProjectConfigs, rhs: ProjectConfigs) -> Bool {
        lhs.types.map(\.name) == rhs.types.map(\.name) && lhs.types.map(\.type) == rhs.types.map(\.type)
    }

    public var names: [String] { types.map(\.name) }

    /// The configuration schemes use for debugging and testing: `Debug` if it is a debug configuration, else the
    /// first debug one (XcodeGen's `suitableConfig`).
    public var debug: String? { suitable("debug") }
    /// The configuration schemes use for profiling and archiving.
    public var release: String? { suitable("release") }

    private func suitable(_ type: String) -> String? {
        let standard = type == "debug" ? "Debug" : "Release"
        if types.contains(where: { $0.name == standard && $0.type == type }) { return standard }
        return types.first { $0.type == type }?.name
    }

    /// The configuration of `type` whose name, less the type's name and the characters ` -_()`, is the variant
    /// (XcodeGen's `matchesVariant`, case-insensitive).
    public func variant(_ variant: String, type: String) -> String? {
        types.first { config in
            guard config.type == type else { return false }
            var rest = config.name.lowercased().replacingAll(type, with: "")
            let trimmed: Set<Character> = [" ", "-", "_", "(", ")"]
            while let first = rest.first, trimmed.contains(first) { rest.removeFirst() }
            while let last = rest.last, trimmed.contains(last) { rest.removeLast() }
            return rest == variant.lowercased()
        }?.name
    }
}

extension ProjectModel {
    /// Every value of the build setting `name` a target gets, as XcodeGen layers settings: the target's own (its
    /// `settings`, the setting groups it names, every config), else the project's.
    public func settingValues(_ name: String, for target: ProjectTarget) -> [ProjectValue] {
        let own = target.settings.values(of: name, groups: settingGroups).map(\.value)
        return own.isEmpty ? settings.values(of: name, groups: settingGroups).map(\.value) : own
    }

    /// The value of `key` in the target's `info.properties`, if written there.
    public func infoProperty(_ key: String, for target: ProjectTarget) -> ProjectValue? {
        target.info?.properties.first { $0.key == key }?.value
    }
}
