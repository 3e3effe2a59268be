import Foundation
import SlipwayCore
import SlipwaySpec

extension ProjectModel {
    /// The model of a spec already read by `SpecLoader`; `environment` gives `${VAR}` values, as XcodeGen takes them
    /// from its own environment.
    public static func resolve(_ spec: LoadedSpec, environment: [String: String]) throws(SpecError) -> ProjectModel {
        var resolution = SpecResolution()
        let merged = resolution.resolveProject(try resolution.merge(spec, environment: environment))
        var builder = ProjectModelBuilder(merged: merged)
        var model = builder.build()
        // A value templates or anchors copy into several targets is one mistake, said once.
        let skipped = spec.skipped.map {
            ProjectWarning(
                "the include \($0.path) could not be read, so the model goes without it", at: $0.includedFrom,
                hint: "XcodeGen fails on it; fix the path, or set the variable it names")
        }
        var seen = Set<String>()
        model.warnings = (skipped + resolution.warnings + model.warnings).filter {
            seen.insert($0.description).inserted
        }
        return model
    }

    /// Reads the spec at `location` with its includes from `files` and resolves it. An include that points
    /// nowhere is a warning, as the model reads what there is.
    package static func read(_ location: SpecLocation, files: SpecLoader<WorkingTreeSpecFiles>) throws(SpecError)
        -> ProjectModel
    {
        let spec = try files.load(location, access: .read, policy: .missingIncludesSkipped)
        return try resolve(spec, environment: files.environment)
    }
}

/// From the resolved dictionary to the typed model.
struct ProjectModelBuilder {
    let merged: ProjectValue
    var warnings: [ProjectWarning] = []

    static let projectKeys: Set<String> = [
        "name", "include", "options", "attributes", "configs", "configFiles", "settings", "settingGroups",
        "settingPresets", "targets", "aggregateTargets", "schemes", "schemeTemplates", "targetTemplates", "packages",
        "projectReferences", "fileGroups", "localPackages", "breakpoints", "swiftPackages",
    ]

    init(merged: ProjectValue) {
        self.merged = merged
    }

    mutating func build() -> ProjectModel {
        var reader = TargetReader(project: merged)
        reader.schemes.warnUnknown(merged, known: Self.projectKeys, what: "the spec")
        let settings = SettingsReader.read(merged["settings"], warnings: &warnings)
        var groups: [String: ProjectSettings] = [:]
        for entry in (merged["settingGroups"] ?? merged["settingPresets"])?.entries ?? [] {
            groups[entry.key] = SettingsReader.read(entry.value, warnings: &warnings)
        }
        let options = merged["options"]
        let prefix = options?["bundleIdPrefix"].flatMap { value in value.string.map { Located($0, at: value.location) }
        }
        var deployments: [String: Located<String>] = [:]
        for entry in options?["deploymentTarget"]?.entries ?? [] {
            if let text = entry.value.string { deployments[entry.key] = Located(text, at: entry.value.location) }
        }
        var targets = (merged["targets"]?.entries ?? []).compactMap { reader.target($0) }.sorted { $0.name < $1.name }
        for index in targets.indices {
            if targets[index].deploymentTarget == nil, let platform = targets[index].platform?.value {
                targets[index].deploymentTarget = deployments[platform]
            }
            targets[index].bundleIdentifiers = Self.bundleIdentifiers(
                targets[index], project: settings, groups: groups, prefix: prefix)
        }
        let schemes = buildSchemes(targets: targets, reader: &reader.schemes)
        warnings += reader.warnings + reader.schemes.warnings
        let name = merged["name"].flatMap { value in value.string.map { Located($0, at: value.location) } }
        if name == nil {
            warnings.append(
                ProjectWarning("the spec has no 'name'", at: merged.location, hint: "XcodeGen needs 'name: <Project>'"))
        }
        var configFiles: [String: Located<String>] = [:]
        for entry in merged["configFiles"]?.entries ?? [] {
            if let text = entry.value.string { configFiles[entry.key] = Located(text, at: entry.value.location) }
        }
        let configs = merged["configs"]?.entries.map(\.key) ?? []
        return ProjectModel(
            name: name, targets: targets, schemes: schemes, settings: settings, settingGroups: groups,
            bundleIdPrefix: prefix, deploymentTargets: deployments,
            configs: configs.isEmpty ? ["Debug", "Release"] : configs.sorted(), configFiles: configFiles,
            warnings: warnings, merged: merged)
    }

    /// `schemes:` sorted by name, then each target's `scheme:` in target order, as `SchemeGenerator` lists them.
    private mutating func buildSchemes(targets: [ProjectTarget], reader: inout SchemeReader) -> [ProjectScheme] {
        var schemes: [ProjectScheme] = []
        for entry in (merged["schemes"]?.entries ?? []).sorted(by: { $0.key < $1.key }) {
            guard entry.value.isMapping else { continue }
            schemes.append(reader.scheme(entry.key, entry.value, at: entry.keyLocation))
        }
        var named: [String: Int] = [:]
        for (position, scheme) in schemes.enumerated() where named[scheme.name] == nil { named[scheme.name] = position }
        for target in targets {
            guard let spec = target.scheme else { continue }
            for scheme in SchemeReader.schemes(for: target, spec) {
                if let other = named[scheme.name].map({ schemes[$0] }) {
                    warnings.append(
                        ProjectWarning(
                            "target '\(target.name)' makes a scheme named like the scheme at \(other.location)",
                            at: scheme.location, hint: "XcodeGen writes both to one file; rename one of them"))
                }
                if named[scheme.name] == nil { named[scheme.name] = schemes.count }
                schemes.append(scheme)
            }
        }
        let names = Set(targets.map(\.name))
        for scheme in schemes {
            for reference in scheme.buildTargets.map(\.name) + scheme.testTargets.map(\.name)
            where !names.contains(reference.value) && !reference.value.contains("/") {
                warnings.append(
                    ProjectWarning(
                        "scheme '\(scheme.name)' names the target '\(reference.value)', which the spec does not define",
                        at: reference.location, hint: "XcodeGen refuses an unknown target; fix the name"))
            }
        }
        return schemes
    }

    /// The target's `PRODUCT_BUNDLE_IDENTIFIER`: its own settings (and groups), else `bundleIdPrefix.<name>` (the
    /// name with `_` as `-` and only letters, digits, `-` and `.` kept), else the project's settings.
    static func bundleIdentifiers(
        _ target: ProjectTarget, project: ProjectSettings, groups: [String: ProjectSettings], prefix: Located<String>?
    ) -> [BundleIdentifier] {
        let setting = "PRODUCT_BUNDLE_IDENTIFIER"
        var result = target.settings.values(of: setting, groups: groups).compactMap { found -> BundleIdentifier? in
            found.value.string.map {
                BundleIdentifier(
                    value: $0, location: found.value.location, config: found.config, origin: .targetSettings)
            }
        }
        if result.contains(where: { $0.config == nil }) { return result }
        if let prefix {
            let escaped = BundleIdentifierName.escaped(target.name)
            result.append(
                BundleIdentifier(
                    value: prefix.value + "." + escaped, location: prefix.location, config: nil, origin: .bundleIdPrefix
                ))
            return result
        }
        result += project.values(of: setting, groups: groups).compactMap { found in
            found.value.string.map {
                BundleIdentifier(
                    value: $0, location: found.value.location, config: found.config, origin: .projectSettings)
            }
        }
        return result
    }
}
