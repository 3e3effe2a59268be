import Foundation
import SlipwayCore

/// Reading one resolved target (XcodeGen's `Target(name:jsonDictionary:)`) into a `ProjectTarget`.
struct TargetReader {
    var warnings: [ProjectWarning] = []
    var schemes = SchemeReader()
    let project: ProjectValue

    static let targetKeys: Set<String> = [
        "name", "type", "platform", "supportedDestinations", "deploymentTarget", "settings", "configFiles", "sources",
        "dependencies", "buildToolPlugins", "info", "entitlements", "transitivelyLinkDependencies",
        "directlyEmbedCarthageDependencies", "requiresObjCLinking", "preBuildScripts", "prebuildScripts",
        "postCompileScripts", "postBuildScripts", "postbuildScripts", "buildRules", "scheme", "attributes",
        "onlyCopyFilesOnInstall", "putResourcesBeforeSourcesBuildPhase", "productName", "legacy", "templates",
        "templateAttributes", "platformSuffix", "platformPrefix", "isMultiPlatformTarget",
    ]
    static let sourceKeys: Set<String> = [
        "path", "name", "group", "compilerFlags", "excludes", "includes", "type", "optional", "buildPhase",
        "headerVisibility", "createIntermediateGroups", "attributes", "resourceTags", "inferDestinationFiltersByPath",
        "destinationFilters", "buildRules",
    ]
    static let platforms: Set<String> = ["iOS", "macOS", "tvOS", "watchOS", "visionOS", "auto"]
    static let destinations: Set<String> = ["iOS", "macOS", "macCatalyst", "tvOS", "watchOS", "visionOS"]

    mutating func target(_ entry: ProjectValue.Entry) -> ProjectTarget? {
        let value = entry.value
        guard value.isMapping else {
            warnings.append(
                ProjectWarning(
                    "target '\(entry.key)' is \(value.kindName), not a mapping; XcodeGen cannot read it",
                    at: value.location, hint: "write the target's keys (type:, platform:, sources:) under its name"))
            return nil
        }
        schemes.warnUnknown(value, known: Self.targetKeys, what: "target '\(entry.key)'")
        let name = value["name"]?.string ?? entry.key
        var target = ProjectTarget(
            name: name, location: entry.keyLocation, productName: value["productName"]?.string ?? name,
            type: located(value["type"]), platform: located(value["platform"]),
            supportedDestinations: (value["supportedDestinations"]?.items ?? []).compactMap(located),
            deploymentTarget: located(value["deploymentTarget"]),
            settings: SettingsReader.read(value["settings"], warnings: &warnings), configFiles: configFiles(value),
            sources: sources(value["sources"]), dependencies: [], info: plist(value["info"]),
            entitlements: plist(value["entitlements"]), bundleIdentifiers: [], scheme: nil,
            templates: value["templates"]?.strings ?? [])
        checkPlatform(&target, value)
        target.dependencies = dependencies(value["dependencies"], platform: target.platform?.value)
        if let scheme = value["scheme"], scheme.isMapping {
            target.scheme = schemes.targetScheme(scheme, target: name)
        }
        return target
    }

    /// XcodeGen refuses an unknown type or platform; the model keeps the target and says so.
    private mutating func checkPlatform(_ target: inout ProjectTarget, _ value: ProjectValue) {
        if target.type == nil {
            warnings.append(
                ProjectWarning(
                    "target '\(target.name)' has no 'type'", at: target.location,
                    hint: "XcodeGen refuses a target without a type; add e.g. 'type: application'"))
        }
        if target.platform == nil, !target.supportedDestinations.isEmpty {
            target.platform = Located("auto", at: target.location)
        }
        if let platform = target.platform, !Self.platforms.contains(platform.value) {
            warnings.append(
                ProjectWarning(
                    "target '\(target.name)' has the platform '\(platform.value)', which XcodeGen does not know",
                    at: platform.location, hint: "use iOS, macOS, tvOS, watchOS, visionOS or auto"))
        } else if target.platform == nil {
            warnings.append(
                ProjectWarning(
                    "target '\(target.name)' has no 'platform'", at: target.location,
                    hint: "XcodeGen refuses a target without a platform; add e.g. 'platform: iOS'"))
        }
        for destination in target.supportedDestinations where !Self.destinations.contains(destination.value) {
            warnings.append(
                ProjectWarning(
                    "unknown supported destination '\(destination.value)'", at: destination.location,
                    hint: "use iOS, macOS, macCatalyst, tvOS, watchOS or visionOS"))
        }
        if target.supportedDestinations.contains(where: { $0.value == "macCatalyst" }),
            !target.supportedDestinations.contains(where: { $0.value == "iOS" }),
            let first = target.supportedDestinations.first
        {
            // XcodeGen adds iOS to a Mac Catalyst-only target.
            target.supportedDestinations.append(Located("iOS", at: first.location))
        }
        if value["isMultiPlatformTarget"] != nil, !target.supportedDestinations.isEmpty {
            warnings.append(
                ProjectWarning(
                    "target '\(target.name)' has both a platform list and 'supportedDestinations'", at: target.location,
                    hint: "XcodeGen refuses this: use one of them"))
        }
        if let deployment = value["deploymentTarget"], deployment.isMapping {
            warnings.append(
                ProjectWarning(
                    "'deploymentTarget' of '\(target.name)' is a mapping, which XcodeGen reads only for a platform list",
                    at: deployment.location, hint: "give one version, e.g. deploymentTarget: \"17.0\""))
        }
    }

    private func located(_ value: ProjectValue?) -> Located<String>? { Self.located(value) }

    private static func located(_ value: ProjectValue?) -> Located<String>? {
        guard let value, let text = value.string else { return nil }
        return Located(text, at: value.location)
    }

    private func configFiles(_ value: ProjectValue) -> [String: Located<String>] {
        var files: [String: Located<String>] = [:]
        for entry in value["configFiles"]?.entries ?? [] {
            if let path = located(entry.value) { files[entry.key] = path }
        }
        return files
    }

    private mutating func sources(_ value: ProjectValue?) -> [ProjectSource] {
        guard let value else { return [] }
        let items = value.string != nil ? [value] : value.items
        return items.compactMap { item in
            if let path = located(item) {
                return ProjectSource(
                    path: path, excludes: [], includes: [], optional: false, type: nil, buildPhase: nil)
            }
            guard item.isMapping, let path = located(item["path"]) else {
                warnings.append(
                    ProjectWarning(
                        "a source without a 'path'", at: item.location,
                        hint: "give each source a path: '- path: Sources'"))
                return nil
            }
            schemes.warnUnknown(item, known: Self.sourceKeys, what: "source '\(path.value)'")
            return ProjectSource(
                path: path, excludes: (item["excludes"]?.items ?? []).compactMap(located),
                includes: (item["includes"]?.items ?? []).compactMap(located),
                optional: item["optional"]?.bool ?? false,
                type: item["type"]?.string, buildPhase: item["buildPhase"]?.string)
        }
    }

    /// Dependencies, less those whose `platforms:` leaves this target's platform out (XcodeGen drops them).
    private mutating func dependencies(_ value: ProjectValue?, platform: String?) -> [ProjectDependency] {
        var result: [ProjectDependency] = []
        for item in value?.items ?? [] {
            let named = ProjectDependency.Kind.allCases.compactMap { kind in
                Self.located(item[kind.rawValue]).map { (kind, $0) }
            }
            guard let (kind, name) = named.first else {
                warnings.append(
                    ProjectWarning(
                        "a dependency XcodeGen cannot read: it names none of target, framework, carthage, sdk, package, bundle",
                        at: item.location, hint: "write it as '- target: Name' (or framework:, sdk:, package:)"))
                continue
            }
            if let platforms = item["platforms"], let platform, !platforms.strings.contains(platform) { continue }
            result.append(
                ProjectDependency(
                    kind: kind, name: name, product: item["product"]?.string, embed: item["embed"]?.bool,
                    link: item["link"]?.bool))
        }
        return result
    }

    private func plist(_ value: ProjectValue?) -> ProjectPlist? {
        guard let value, value.isMapping else { return nil }
        return ProjectPlist(
            path: located(value["path"]), properties: value["properties"]?.entries ?? [], location: value.location)
    }
}
