import Foundation
import SlipwayCore
import SlipwaySpec

extension ProjectModel {
    /// The model of a spec already read by `SpecLoader`; `environment` gives `${VAR}` values, as XcodeGen takes them
    /// from its own environment.
    /// `values`: files read before (by the resolutions of other versions of the same spec), read again only when
    /// their bytes changed. `warnings: false` leaves `warnings` and `unsetVariables` empty: a caller that only
    /// compares models (`detect`, once for every version of the spec in a history) skips looking for them.
    public static func resolve(
        _ spec: LoadedSpec, environment: [String: String], values: SpecValueCache? = nil, warnings: Bool = true
    ) throws(SpecError) -> ProjectModel {
        var resolution = SpecResolution()
        let merged = resolution.resolveProject(try resolution.merge(spec, environment: environment, values: values))
        var builder = ProjectModelBuilder(merged: merged)
        var model = builder.build(findingUnsetVariables: warnings)
        guard warnings else {
            model.warnings = []
            return model
        }
        // A value templates or anchors copy into several targets is one mistake, said once.
        let skipped = spec.skipped.map {
            ProjectWarning(
                "the include \($0.path) could not be read, so the model goes without it", at: $0.includedFrom,
                hint: "XcodeGen fails on it; fix the path, or set the variable it names")
        }
        let unset = model.unsetVariables.map {
            ProjectWarning(
                "the spec reads ${\($0.value)}, which the environment does not set, so XcodeGen leaves it as written",
                at: $0.location,
                hint: "set \($0.value) where xcodegen runs (the generate stage inherits Slipway's environment)")
        }
        var seen = Set<String>()
        model.warnings = (skipped + resolution.warnings + model.warnings + unset).filter {
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
        var model = try resolve(spec, environment: files.environment)
        model.readTestPlans(
            projectRoot: location.projectRoot ?? location.spec.deletingLastPathComponent(), boundary: files.root)
        return model
    }

    /// The largest test plan read: plans are a few kilobytes; a bigger file is not one Xcode wrote.
    static let testPlanLimit = 4 << 20

    /// Reads each test plan a scheme names from the working tree (paths are relative to `projectRoot`), so the
    /// model knows which bundles the plans run. A plan that is missing, unreadable or outside `boundary` (the
    /// repository's real path) is a warning.
    mutating func readTestPlans(projectRoot: URL, boundary: String) {
        var read: [String: TestPlanFile] = [:]
        var failed = Set<String>()
        for schemeIndex in schemes.indices {
            for planIndex in schemes[schemeIndex].testPlans.indices {
                let path = schemes[schemeIndex].testPlans[planIndex].path
                if let file = read[path.value] {
                    schemes[schemeIndex].testPlans[planIndex].file = file
                    continue
                }
                guard !failed.contains(path.value) else { continue }
                do {
                    let file = try Self.readTestPlan(
                        projectRoot.appendingPathComponent(path.value), path: path.value, boundary: boundary)
                    read[path.value] = file
                    schemes[schemeIndex].testPlans[planIndex].file = file
                } catch {
                    failed.insert(path.value)
                    warnings.append(
                        ProjectWarning(
                            error.description, at: path.location,
                            hint: "XcodeGen refuses a test plan it cannot find; fix the path, or commit the plan"))
                }
            }
        }
    }

    static func readTestPlan(_ url: URL, path: String, boundary: String) throws(TestPlanError) -> TestPlanFile {
        // Judged before it is opened: a plan outside the repository, a FIFO or a device is never read.
        let real = RealPath.resolve(url.path)
        guard RealPath.relative(real, inside: boundary) != nil else {
            throw TestPlanError(path: path, reason: "it is outside the repository (\(real.cQuotedIfNeeded))")
        }
        let bytes: [UInt8]?
        do {
            bytes = try BoundedFile.read(real, limit: testPlanLimit)
        } catch {
            throw TestPlanError(path: path, reason: "it is \(error.reason)")
        }
        guard let bytes else { throw TestPlanError(path: path, reason: String(cString: strerror(ENOENT))) }
        let data = Data(bytes)
        return try TestPlanFile.parse(data, path: path)
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

    mutating func build(findingUnsetVariables: Bool) -> ProjectModel {
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
        let configs = Self.configs(merged["configs"])
        let schemes = buildSchemes(targets: targets, configs: configs, reader: &reader.schemes)
        checkReferences(targets, groups: groups)
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
        return ProjectModel(
            name: name, targets: targets, schemes: schemes, settings: settings, settingGroups: groups,
            bundleIdPrefix: prefix, deploymentTargets: deployments, configs: configs, configFiles: configFiles,
            warnings: warnings, merged: merged, packages: packages(),
            unsetVariables: findingUnsetVariables ? UnsetVariables.find(in: merged) : [])
    }

    /// `aggregateTargets:` that have a `scheme:`, as targets of type `aggregate` (XcodeGen makes their schemes after
    /// the targets').
    private func aggregates(reader: inout SchemeReader) -> [ProjectTarget] {
        (merged["aggregateTargets"]?.entries ?? []).sorted { $0.key < $1.key }.compactMap { entry in
            guard let scheme = entry.value["scheme"], scheme.isMapping else { return nil }
            return ProjectTarget(
                name: entry.key, location: entry.keyLocation, productName: entry.key,
                type: Located("aggregate", at: entry.keyLocation), platform: nil, supportedDestinations: [],
                deploymentTarget: nil, settings: ProjectSettings(), configFiles: [:], sources: [], dependencies: [],
                info: nil, entitlements: nil, bundleIdentifiers: [],
                scheme: reader.targetScheme(scheme, target: entry.key),
                templates: [])
        }
    }

    /// `configs:` sorted by name, or XcodeGen's two.
    static func configs(_ value: ProjectValue?) -> ProjectConfigs {
        let entries = value?.entries ?? []
        guard !entries.isEmpty else { return ProjectConfigs(types: [("Debug", "debug"), ("Release", "release")]) }
        return ProjectConfigs(
            types: entries.map { ($0.key, $0.value.string.map { $0.lowercased() }) }.sorted { $0.name < $1.name })
    }

    /// `packages:` and the older `localPackages:` (a list of folders, each named after its last component).
    private func packages() -> [ProjectPackage] {
        var result: [ProjectPackage] = []
        for entry in merged["packages"]?.entries ?? [] {
            let path = entry.value["path"].flatMap { value in value.string.map { Located($0, at: value.location) } }
            var url = entry.value["url"]?.string
            if url == nil, let github = entry.value["github"]?.string { url = "https://github.com/\(github)" }
            result.append(ProjectPackage(name: entry.key, location: entry.keyLocation, path: path, url: url))
        }
        for item in merged["localPackages"]?.items ?? [] {
            guard let path = item.string else { continue }
            let name = SpecPath.normalize(path).split(separator: "/").last.map(String.init) ?? path
            if !result.contains(where: { $0.name == name }) {
                result.append(
                    ProjectPackage(
                        name: name, location: item.location, path: Located(path, at: item.location), url: nil))
            }
        }
        return result.sorted { $0.name < $1.name }
    }

    /// What XcodeGen's validation refuses among the names targets use: a setting group that is not defined, a
    /// target dependency on a target the spec does not have.
    private mutating func checkReferences(_ targets: [ProjectTarget], groups: [String: ProjectSettings]) {
        let names = Set(targets.map(\.name))
        var seenGroups = Set<String>()
        for target in targets {
            for group in target.settings.groups + target.settings.configs.flatMap(\.settings.groups)
            where groups[group.value] == nil && seenGroups.insert(group.value).inserted {
                warnings.append(
                    ProjectWarning(
                        "the setting group '\(group.value)' is not defined", at: group.location,
                        hint: "XcodeGen refuses an unknown setting group; define it under settingGroups: or remove it"))
            }
            for dependency in target.dependencies
            where dependency.kind == .target && !names.contains(dependency.name.value)
                && !dependency.name.value.contains("/")
            {
                warnings.append(
                    ProjectWarning(
                        "target '\(target.name)' depends on the target '\(dependency.name.value)', which the spec does "
                            + "not define", at: dependency.name.location,
                        hint: "XcodeGen refuses an unknown dependency; fix the name or include the file that defines it"
                    ))
            }
        }
    }

    /// `schemes:` sorted by name, then each target's `scheme:` in target order, as `SchemeGenerator` lists them.
    private mutating func buildSchemes(
        targets: [ProjectTarget], configs: ProjectConfigs, reader: inout SchemeReader
    ) -> [ProjectScheme] {
        var schemes: [ProjectScheme] = []
        for entry in (merged["schemes"]?.entries ?? []).sorted(by: { $0.key < $1.key }) {
            guard entry.value.isMapping else { continue }
            schemes.append(reader.scheme(entry.key, entry.value, at: entry.keyLocation, configs: configs))
        }
        // Where each scheme name is, and each target's first dependent: worked out once, not searched for per target.
        var named: [String: Int] = [:]
        for (position, scheme) in schemes.enumerated() where named[scheme.name] == nil { named[scheme.name] = position }
        var hosts: [String: Int] = [:]
        for (position, other) in targets.enumerated() {
            for dependency in other.dependencies where dependency.kind == .target && hosts[dependency.name.value] == nil
            {
                hosts[dependency.name.value] = position
            }
        }
        var replaced = Set<Int>()
        for target in targets + aggregates(reader: &reader) {
            guard let spec = target.scheme else { continue }
            // A watch app's scheme builds the first target that depends on it too (its host app).
            let host = hosts[target.name].map { targets[$0] }
            for scheme in SchemeReader.schemes(
                for: target, spec, configs: configs, host: host, warnings: &warnings)
            {
                if let other = named[scheme.name] {
                    warnings.append(
                        ProjectWarning(
                            "target '\(target.name)' makes a scheme named like the scheme at \(schemes[other].location)",
                            at: scheme.location,
                            hint:
                                "XcodeGen writes both to one file, and the target's is the one left; rename one of them"
                        ))
                    replaced.insert(other)
                }
                named[scheme.name] = schemes.count
                schemes.append(scheme)
            }
        }
        if !replaced.isEmpty { schemes = schemes.indices.filter { !replaced.contains($0) }.map { schemes[$0] } }
        let names = Set(targets.map(\.name))
        let aggregateNames = Set((merged["aggregateTargets"]?.entries ?? []).map(\.key))
        for scheme in schemes {
            for reference in scheme.buildTargets.map(\.name) + scheme.testTargets.map(\.name)
            where !names.contains(reference.value) && !aggregateNames.contains(reference.value)
                && !reference.value.contains("/")
            {
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
