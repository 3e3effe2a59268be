import SlipwayCore
import SlipwaySpec

/// The files a target is built from besides its sources, and the paths its sources cover, as XcodeGen reads them
/// (all relative to the project root).
public enum ProjectTargetFiles {
    /// `info.path`, `entitlements.path`, its and the project's `configFiles`, and the `INFOPLIST_FILE` and
    /// `CODE_SIGN_ENTITLEMENTS` settings.
    public static func paths(of target: ProjectTarget, model: ProjectModel) -> [String] {
        var paths: [String] = []
        if let path = target.info?.path?.value { paths.append(path) }
        if let path = target.entitlements?.path?.value { paths.append(path) }
        paths += target.configFiles.values.map(\.value) + model.configFiles.values.map(\.value)
        for name in ["INFOPLIST_FILE", "CODE_SIGN_ENTITLEMENTS"] {
            for entry in target.settings.base + target.settings.configs.flatMap(\.settings.base) where entry.key == name
            {
                if let path = entry.value.string, !path.contains("$(") { paths.append(path) }
            }
        }
        return paths.map(SpecPath.normalize)
    }

    /// Whether `path` (project-root-relative) is the source or inside it, and not left out by its `excludes` or
    /// `includes` (globs relative to the source's folder, as XcodeGen matches them).
    public static func source(_ source: ProjectSource, contains path: String) -> Bool {
        let root = SpecPath.normalize(source.path.value)
        if root == "." { return matchesFilters(source, path) }
        if path == root { return true }
        guard path.hasPrefix(root + "/") else { return false }
        return matchesFilters(source, String(path.dropFirst(root.count + 1)))
    }

    private static func matchesFilters(_ source: ProjectSource, _ relative: String) -> Bool {
        if source.excludes.contains(where: { Glob($0.value).matches(relative) }) { return false }
        if source.includes.isEmpty { return true }
        return source.includes.contains { Glob($0.value).matches(relative) }
    }

    /// Whether a part of the target's definition (its key, type, platform, sources, dependencies, settings,
    /// `info`, `entitlements`, or a template's lines merged into it) is written in one of `files`.
    static func isDefined(_ target: ProjectTarget, in files: Set<String>) -> Bool {
        guard !files.isEmpty else { return false }
        var locations: [SourceLocation] = [target.location]
        locations += [target.type?.location, target.platform?.location, target.deploymentTarget?.location]
            .compactMap { $0 }
        locations += target.sources.map(\.path.location) + target.dependencies.map(\.name.location)
        locations += target.settings.base.map(\.keyLocation) + target.configFiles.values.map(\.location)
        locations += [target.info?.location, target.entitlements?.location].compactMap { $0 }
        return locations.contains { files.contains($0.file) }
    }

    /// Whether one of `files` writes a project-level key every target builds with (settings, options, config
    /// files, setting groups, packages).
    static func holdsProjectKeys(_ merged: ProjectValue, in files: Set<String>) -> Bool {
        guard !files.isEmpty else { return false }
        let shared: Set<String> = [
            "settings", "options", "configFiles", "settingGroups", "settingPresets", "configs", "packages",
            "attributes",
        ]
        return merged.entries.contains { entry in
            guard shared.contains(entry.key) else { return false }
            return files.contains(entry.keyLocation.file)
                || entry.value.entries.contains {
                    files.contains($0.keyLocation.file)
                }
        }
    }
}
