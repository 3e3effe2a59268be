import SlipwayCore

/// XcodeGen's `Settings`: a mapping with `base`, `configs` or `groups` is the structured form (other keys are then
/// ignored); any other mapping is a plain list of build settings.
enum SettingsReader {
    static func read(_ value: ProjectValue?, warnings: inout [ProjectWarning]) -> ProjectSettings {
        guard let value, value.isMapping else { return ProjectSettings() }
        guard value["base"] != nil || value["configs"] != nil || value["groups"] != nil || value["presets"] != nil
        else {
            return ProjectSettings(base: value.entries)
        }
        for entry in value.entries where !["base", "configs", "groups", "presets"].contains(entry.key) {
            warnings.append(
                ProjectWarning(
                    "'\(entry.key)' sits beside base/configs/groups, so XcodeGen ignores it", at: entry.keyLocation,
                    hint: "move it under 'base:'"))
        }
        let configs = (value["configs"]?.entries ?? []).map { ($0.key, read($0.value, warnings: &warnings)) }
        let groups = ((value["groups"] ?? value["presets"])?.items ?? []).compactMap { item in
            item.string.map { Located($0, at: item.location) }
        }
        return ProjectSettings(base: value["base"]?.entries ?? [], configs: configs, groups: groups)
    }
}

extension ProjectSettings {
    /// Every value of `name`: base first (with `config == nil`), then per config, then from the groups named (each
    /// group once), as XcodeGen layers them.
    package func values(
        of name: String, groups: [String: ProjectSettings], config: String? = nil, seen: Set<String> = []
    )
        -> [(config: String?, value: ProjectValue)]
    {
        var result: [(config: String?, value: ProjectValue)] = []
        var seen = seen
        for group in self.groups where seen.insert(group.value).inserted {
            result += groups[group.value]?.values(of: name, groups: groups, config: config, seen: seen) ?? []
        }
        if let entry = base(name) { result.append((config, entry.value)) }
        for (configName, settings) in configs {
            result += settings.values(of: name, groups: groups, config: configName, seen: seen)
        }
        return result
    }
}
