import Foundation
import SlipwayCore
import SlipwaySpec

/// XcodeGen's dictionary operations, on positioned values.
extension ProjectValue {
    /// XcodeGen's `merged(onto:)`: this mapping's keys over `base`'s. Mappings merge key by key, lists are
    /// concatenated (base first), anything else replaces; a key ending in `:REPLACE` replaces without merging.
    /// A value that is not a mapping replaces the base.
    func merged(onto base: ProjectValue) -> ProjectValue {
        guard case .mapping(let own) = content, case .mapping(var result) = base.content else { return self }
        // Where each key first is in `result`: an include of thousands of targets merged onto another is not a
        // search of one list for every key of the other.
        var index: [String: Int] = [:]
        for (position, entry) in result.enumerated() where index[entry.key] == nil { index[entry.key] = position }
        for entry in own {
            if entry.key.hasSuffix(":REPLACE") {
                let key = String(entry.key.dropLast(":REPLACE".count))
                if let existing = index[key] {
                    result[existing].value = entry.value
                    result[existing].keyLocation = entry.keyLocation
                } else {
                    index[key] = result.count
                    result.append(Entry(key: key, keyLocation: entry.keyLocation, value: entry.value))
                }
                continue
            }
            guard let existing = index[entry.key] else {
                index[entry.key] = result.count
                result.append(entry)
                continue
            }
            let old = result[existing].value
            switch (entry.value.content, old.content) {
            case (.mapping, .mapping):
                result[existing].value = entry.value.merged(onto: old)
            case (.sequence(let items), .sequence(let baseItems)):
                result[existing].value = ProjectValue(.sequence(baseItems + items), at: entry.value.location)
            default:
                result[existing].value = entry.value
            }
            result[existing].keyLocation = entry.keyLocation
        }
        return ProjectValue(.mapping(result), at: location)
    }

    private static func set(
        _ key: String, _ value: ProjectValue, keyLocation: SourceLocation, in entries: inout [Entry]
    ) {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].value = value
            entries[index].keyLocation = keyLocation
        } else {
            entries.append(Entry(key: key, keyLocation: keyLocation, value: value))
        }
    }

    /// A mapping with `key` set (replaced, or added at the end).
    func setting(_ key: String, _ value: ProjectValue) -> ProjectValue {
        guard case .mapping(var entries) = content else { return self }
        Self.set(key, value, keyLocation: entry(key)?.keyLocation ?? value.location, in: &entries)
        return ProjectValue(.mapping(entries), at: location)
    }

    func removing(_ key: String) -> ProjectValue {
        guard case .mapping(let entries) = content else { return self }
        return ProjectValue(.mapping(entries.filter { $0.key != key }), at: location)
    }

    /// XcodeGen's `expand(variables:)`: `${name}` replaced in keys and in every string, however deep.
    func expanding(_ variables: [String: String]) -> ProjectValue {
        switch content {
        case .scalar(var scalar):
            guard !scalar.isNull, scalar.text.contains("${") else { return self }
            scalar.text = Self.expand(scalar.text, variables)
            return ProjectValue(.scalar(scalar), at: location)
        case .mapping(let entries):
            return ProjectValue(
                .mapping(
                    entries.map {
                        Entry(
                            key: Self.expand($0.key, variables), keyLocation: $0.keyLocation,
                            value: $0.value.expanding(variables))
                    }), at: location)
        case .sequence(let items):
            return ProjectValue(.sequence(items.map { $0.expanding(variables) }), at: location)
        }
    }

    static func expand(_ text: String, _ variables: [String: String]) -> String {
        var result = text
        for (name, value) in variables { result = result.replacingAll("${\(name)}", with: value) }
        return result
    }

    /// XcodeGen's `resolvingPaths`: the paths an included file writes, prefixed with its folder (`prefix`).
    func prefixingPaths(_ prefix: String) -> ProjectValue {
        guard !prefix.isEmpty, isMapping else { return self }
        var result = self
        if let files = self["configFiles"] { result = result.setting("configFiles", files.prefixingValues(prefix)) }
        for section in ["targets", "targetTemplates", "aggregateTargets"] {
            guard let targets = self[section], targets.isMapping else { continue }
            let prefixed = targets.entries.map {
                Entry(key: $0.key, keyLocation: $0.keyLocation, value: $0.value.prefixingTargetPaths(prefix))
            }
            result = result.setting(section, ProjectValue(.mapping(prefixed), at: targets.location))
        }
        if let schemes = self["schemes"], schemes.isMapping {
            let prefixed = schemes.entries.map { entry in
                guard let test = entry.value["test"], test.isMapping else { return entry }
                let value = entry.value.setting("test", test.prefixingTestPlans(prefix))
                return Entry(key: entry.key, keyLocation: entry.keyLocation, value: value)
            }
            result = result.setting("schemes", ProjectValue(.mapping(prefixed), at: schemes.location))
        }
        if let packages = self["packages"], packages.isMapping {
            let prefixed = packages.entries.map {
                Entry(key: $0.key, keyLocation: $0.keyLocation, value: $0.value.prefixingKey("path", prefix))
            }
            result = result.setting("packages", ProjectValue(.mapping(prefixed), at: packages.location))
        }
        if let local = self["localPackages"], local.isSequence {
            result = result.setting(
                "localPackages", ProjectValue(.sequence(local.items.map { $0.prefixed(prefix) }), at: local.location))
        }
        return result
    }

    /// `testPlans: [{path: …}]` under a scheme's `test:` or a target's `scheme:`.
    private func prefixingTestPlans(_ prefix: String) -> ProjectValue {
        guard let plans = self["testPlans"], plans.isSequence else { return self }
        return setting(
            "testPlans",
            ProjectValue(.sequence(plans.items.map { $0.prefixingKey("path", prefix) }), at: plans.location))
    }

    private func prefixingTargetPaths(_ prefix: String) -> ProjectValue {
        guard isMapping else { return self }
        var target = self
        if let sources = self["sources"] {
            let prefixed: ProjectValue
            switch sources.content {
            case .scalar: prefixed = sources.prefixed(prefix)
            case .sequence(let items):
                prefixed = ProjectValue(
                    .sequence(items.map { $0.isMapping ? $0.prefixingKey("path", prefix) : $0.prefixed(prefix) }),
                    at: sources.location)
            case .mapping: prefixed = sources
            }
            target = target.setting("sources", prefixed)
        }
        if let files = self["configFiles"] { target = target.setting("configFiles", files.prefixingValues(prefix)) }
        for key in ["info", "entitlements"] {
            if let plist = self[key], plist.isMapping {
                target = target.setting(key, plist.prefixingKey("path", prefix))
            }
        }
        if let scheme = self["scheme"], scheme.isMapping {
            target = target.setting("scheme", scheme.prefixingTestPlans(prefix))
        }
        if let dependencies = self["dependencies"], dependencies.isSequence {
            let prefixed = dependencies.items.map { $0.prefixingKey("framework", prefix) }
            target = target.setting("dependencies", ProjectValue(.sequence(prefixed), at: dependencies.location))
        }
        return target
    }

    private func prefixingKey(_ key: String, _ prefix: String) -> ProjectValue {
        guard let value = self[key], value.string != nil else { return self }
        return setting(key, value.prefixed(prefix))
    }

    private func prefixingValues(_ prefix: String) -> ProjectValue {
        guard case .mapping(let entries) = content else { return self }
        return ProjectValue(
            .mapping(entries.map { Entry(key: $0.key, keyLocation: $0.keyLocation, value: $0.value.prefixed(prefix)) }),
            at: location)
    }

    private func prefixed(_ prefix: String) -> ProjectValue {
        guard case .scalar(var scalar) = content, !scalar.isNull else { return self }
        scalar.text = ProjectPath.join(prefix, scalar.text)
        return ProjectValue(.scalar(scalar), at: location)
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        return components(separatedBy: target).joined(separator: replacement)
    }
}

/// PathKit's `+` with `.` and `..` folded, as XcodeGen joins an include's folder and a path it writes.
enum ProjectPath {
    static func join(_ left: String, _ right: String) -> String {
        SpecPath.normalize(SpecPath.join(left, right))
    }
}
