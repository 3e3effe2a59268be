import SlipwayCore
import SlipwaySpec

/// What changes between two resolved models (a commit's parent and the commit) for what XcodeGen would generate:
/// per target, its settings as layered from the project, its sources, dependencies, platforms, info and
/// entitlements properties, config files, packages and configs. Positions are never compared, and mappings are
/// compared by key, so comments, formatting and key order change nothing; schemes are left out (they build no
/// product).
public struct ProjectModelDiff: Sendable, Equatable {
    public enum Aspect: String, Sendable, Equatable, CaseIterable {
        case settings, sources, dependencies, platforms, info, entitlements, packages, configs, definition, project
    }

    /// One fact of a target that differs: `settings`, `SWIFT_VERSION`, `5.9`, `6.0`.
    public struct Change: Sendable, Equatable {
        public var aspect: Aspect
        public var key: String
        public var before: String?
        public var after: String?

        /// `SWIFT_VERSION 5.9 → 6.0`, `+ Shared/Sources`, `- Alamofire`.
        public var text: String {
            switch (before, after) {
            case (nil, let after?): return "+ \(key)" + (after.isEmpty ? "" : " \(after)")
            case (let before?, nil): return "- \(key)" + (before.isEmpty ? "" : " \(before)")
            default: return "\(key) \(before ?? "") → \(after ?? "")"
            }
        }

        /// A marketing version or build number, and nothing else.
        public var isVersion: Bool {
            (aspect == .settings || aspect == .info)
                && ProjectModelDiff.versionKeys.contains(key.prefix { $0 != " " }.description)
        }
    }

    /// A target and what differs for it.
    public struct TargetChange: Sendable, Equatable {
        public var name: String
        public var changes: [Change]
    }

    /// Targets that ship (apps and what they embed or link) whose generated definition differs.
    public var shipped: [TargetChange]
    /// Other targets (tests, test hosts, tools) whose definition differs.
    public var unshipped: [TargetChange]
    /// Whether the specs say the same once positions, comments, formatting and key order are set aside.
    public var sameContent: Bool
    /// Whether `schemes:` or a target's `scheme:` differs.
    public var schemesChanged: Bool

    /// Every shipped change is a marketing version or build number.
    public var isVersionOnly: Bool {
        !shipped.isEmpty && shipped.allSatisfy { $0.changes.allSatisfy(\.isVersion) }
    }

    static let versionKeys = Set(VersionDefinition.Kind.allCases.flatMap(\.settings))

    /// What a comparison reads of one model, worked out once: `detect --each` compares each model with the one
    /// before and the one after it.
    public struct Snapshot: Sendable {
        let facts: [String: [String: String]]
        let shippedNames: Set<String>
        let merged: ProjectValue

        public init(_ model: ProjectModel) {
            self.init(model, shippedNames: model.shippedTargetNames)
        }

        /// `shippedNames`: the model's `shippedTargetNames`, when the caller has them already.
        public init(_ model: ProjectModel, shippedNames: Set<String>) {
            facts = ProjectModelDiff.facts(of: model)
            self.shippedNames = shippedNames
            merged = model.merged
        }
    }

    /// Compares the model before a change with the model after it.
    public static func compare(_ before: ProjectModel, _ after: ProjectModel) -> ProjectModelDiff {
        compare(Snapshot(before), Snapshot(after))
    }

    public static func compare(_ before: Snapshot, _ after: Snapshot) -> ProjectModelDiff {
        let beforeFacts = before.facts
        let afterFacts = after.facts
        let shippedNames = after.shippedNames.union(before.shippedNames)
        var shipped: [TargetChange] = []
        var unshipped: [TargetChange] = []
        for name in Set(beforeFacts.keys).union(afterFacts.keys).sorted() {
            let old = beforeFacts[name]
            let new = afterFacts[name]
            var changes: [Change] = []
            switch (old, new) {
            case (nil, .some):
                changes = [Change(aspect: .definition, key: "target", before: nil, after: "")]
            case (.some, nil):
                changes = [Change(aspect: .definition, key: "target", before: "", after: nil)]
            case (let old?, let new?):
                guard old != new else { continue }
                for key in Set(old.keys).union(new.keys).sorted() where old[key] != new[key] {
                    let aspect = Aspect(rawValue: String(key.prefix { $0 != "\u{0}" })) ?? .definition
                    let name = String(key.drop { $0 != "\u{0}" }.dropFirst())
                    changes.append(Change(aspect: aspect, key: name, before: old[key], after: new[key]))
                }
            case (nil, nil):
                break
            }
            guard !changes.isEmpty else { continue }
            let change = TargetChange(name: name, changes: changes)
            if shippedNames.contains(name) { shipped.append(change) } else { unshipped.append(change) }
        }
        // Same content means no target's facts differ either (a fact also reads whether a scalar is quoted, which
        // the content comparison sets aside): it is asked for only when none does.
        let sameContent = shipped.isEmpty && unshipped.isEmpty && Self.sameContent(before.merged, after.merged)
        return ProjectModelDiff(
            shipped: shipped, unshipped: unshipped, sameContent: sameContent,
            schemesChanged: !sameContent && !Self.sameSchemes(before.merged, after.merged))
    }

    /// Whether `schemes:`, `schemeTemplates:` and every target's `scheme:` say the same.
    static func sameSchemes(_ before: ProjectValue, _ after: ProjectValue) -> Bool {
        func same(_ old: ProjectValue?, _ new: ProjectValue?) -> Bool {
            switch (old, new) {
            case (nil, nil): return true
            case (let old?, let new?): return sameContent(old, new)
            default: return false
            }
        }
        guard same(before["schemes"], after["schemes"]),
            same(before["schemeTemplates"], after["schemeTemplates"])
        else { return false }
        func targetSchemes(_ merged: ProjectValue) -> [String: ProjectValue] {
            var found: [String: ProjectValue] = [:]
            for entry in merged["targets"]?.entries ?? [] {
                if let scheme = entry.value["scheme"] { found[entry.key] = scheme }
            }
            return found
        }
        let old = targetSchemes(before)
        let new = targetSchemes(after)
        return old.count == new.count
            && old.allSatisfy { name, scheme in new[name].map { sameContent(scheme, $0) } ?? false }
    }

    /// Whether two values say the same once positions, quoting, comments, formatting and key order are set aside:
    /// what `canonical` writes, compared without writing it.
    static func sameContent(_ before: ProjectValue, _ after: ProjectValue) -> Bool {
        switch (before.content, after.content) {
        case (.scalar(let old), .scalar(let new)):
            return old.isNull == new.isNull && (old.isNull || old.text == new.text)
        case (.sequence(let old), .sequence(let new)):
            return old.count == new.count && zip(old, new).allSatisfy { sameContent($0, $1) }
        case (.mapping(var old), .mapping(var new)):
            guard old.count == new.count else { return false }
            // Keys mostly keep their order from one version of a spec to the next: sorted only when they moved.
            if !zip(old, new).allSatisfy({ $0.key == $1.key }) {
                old.sort { $0.key < $1.key }
                new.sort { $0.key < $1.key }
            }
            return zip(old, new).allSatisfy { $0.key == $1.key && sameContent($0.value, $1.value) }
        default:
            return false
        }
    }

    /// Every fact of every target, by `aspect\0key`, each value as text without positions.
    static func facts(of model: ProjectModel) -> [String: [String: String]] {
        var project: [String: String] = [:]
        flatten(model.settings, groups: model.settingGroups, config: nil, into: &project, seen: [])
        var projectLevel: [String: String] = [:]
        let own: Set<String> = [
            "targets", "schemes", "targetTemplates", "schemeTemplates", "include", "settings", "settingGroups",
            "settingPresets", "packages", "localPackages", "configs", "configFiles", "options",
        ]
        for entry in model.merged.entries where !own.contains(entry.key) {
            projectLevel["project\u{0}\(entry.key)"] = canonical(entry.value)
        }
        let optionsKeptElsewhere: Set<String> = ["deploymentTarget", "bundleIdPrefix"]
        for entry in model.merged["options"]?.entries ?? [] where !optionsKeptElsewhere.contains(entry.key) {
            projectLevel["project\u{0}options.\(entry.key)"] = canonical(entry.value)
        }
        for config in model.configs.types {
            projectLevel["configs\u{0}\(config.name)"] = config.type ?? "none"
        }
        var packages: [String: String] = [:]
        for key in ["packages", "localPackages"] {
            for entry in model.merged[key]?.entries ?? [] { packages[entry.key] = canonical(entry.value) }
        }
        var result: [String: [String: String]] = [:]
        for target in model.targets {
            var facts = projectLevel
            var settings = project
            flatten(target.settings, groups: model.settingGroups, config: nil, into: &settings, seen: [])
            for (key, value) in settings { facts["settings\u{0}\(key)"] = value }
            for identifier in target.bundleIdentifiers {
                facts["settings\u{0}bundle id" + (identifier.config.map { " [\($0)]" } ?? "")] = identifier.value
            }
            facts["definition\u{0}type"] = target.typeName
            facts["definition\u{0}productName"] = target.productName
            facts["platforms\u{0}platforms"] = target.platforms.joined(separator: ", ")
            if let deployment = target.deploymentTarget { facts["platforms\u{0}deploymentTarget"] = deployment.value }
            for source in target.sources {
                let excludes = source.excludes.map(\.value).sorted().joined(separator: ",")
                let includes = source.includes.map(\.value).sorted().joined(separator: ",")
                var parts: [String] = []
                if let type = source.type { parts.append("type \(type)") }
                if let phase = source.buildPhase { parts.append("buildPhase \(phase)") }
                if source.optional { parts.append("optional") }
                if !excludes.isEmpty { parts.append("excludes \(excludes)") }
                if !includes.isEmpty { parts.append("includes \(includes)") }
                facts["sources\u{0}\(SpecPath.normalize(source.path.value))"] = parts.joined(separator: "; ")
            }
            for dependency in target.dependencies {
                var parts: [String] = []
                if let product = dependency.product { parts.append("product \(product)") }
                if let embed = dependency.embed { parts.append("embed \(embed)") }
                if let link = dependency.link { parts.append("link \(link)") }
                let name = "\(dependency.kind.rawValue) \(dependency.name.value)"
                facts["dependencies\u{0}\(name)"] = parts.joined(separator: "; ")
                if dependency.kind == .package, let package = packages[dependency.name.value] {
                    facts["packages\u{0}\(dependency.name.value)"] = package
                }
            }
            for (aspect, plist) in [(Aspect.info, target.info), (.entitlements, target.entitlements)] {
                guard let plist else { continue }
                if let path = plist.path { facts["\(aspect.rawValue)\u{0}path"] = path.value }
                for property in plist.properties {
                    facts["\(aspect.rawValue)\u{0}\(property.key)"] = canonical(property.value)
                }
            }
            for (config, file) in model.configFiles.merging(target.configFiles, uniquingKeysWith: { $1 }) {
                facts["configs\u{0}configFile [\(config)]"] = file.value
            }
            result[target.name] = facts
        }
        return result
    }

    /// Settings as XcodeGen layers them (groups first, then base, then each config), by `NAME` or `NAME [Config]`.
    static func flatten(
        _ settings: ProjectSettings, groups: [String: ProjectSettings], config: String?,
        into result: inout [String: String], seen: Set<String>
    ) {
        var seen = seen
        for group in settings.groups where seen.insert(group.value).inserted {
            if let found = groups[group.value] {
                flatten(found, groups: groups, config: config, into: &result, seen: seen)
            }
        }
        for entry in settings.base {
            result[config.map { "\(entry.key) [\($0)]" } ?? entry.key] = canonical(entry.value)
        }
        for (name, nested) in settings.configs {
            flatten(nested, groups: groups, config: name, into: &result, seen: seen)
        }
    }

    /// A value's content as text: a scalar's text, mappings by sorted key, no positions.
    public static func canonical(_ value: ProjectValue) -> String {
        switch value.content {
        case .scalar(let scalar):
            return scalar.isNull ? "~" : scalar.text
        case .sequence(let items):
            return "[" + items.map(canonical).joined(separator: ", ") + "]"
        case .mapping(let entries):
            let sorted = entries.sorted { $0.key < $1.key }
            return "{" + sorted.map { "\($0.key): \(canonical($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}

extension ProjectModel {
    /// Application targets that ship on their own: an application no other application embeds (a watch app ships
    /// inside its iOS app), sorted by name. `ShippingApp` archives these.
    public var shippingApplications: [ProjectTarget] {
        let apps = targets.filter(\.isApplication)
        let embedded = Set(apps.flatMap { app in dependencyClosure(of: app.name).filter(\.isApplication).map(\.name) })
        return apps.filter { !embedded.contains($0.name) }
    }

    /// The targets whose change reaches a user: every shipping application and what it embeds or links. A spec
    /// without an application ships its frameworks and libraries: every target but tests.
    public var shippedTargetNames: Set<String> {
        let apps = shippingApplications
        guard !apps.isEmpty else { return Set(targets.filter { !$0.isTest }.map(\.name)) }
        var names = Set(apps.map(\.name))
        for app in apps { names.formUnion(dependencyClosure(of: app.name).filter { !$0.isTest }.map(\.name)) }
        return names
    }
}

extension ProjectTarget {
    static let applicationTypes: Set<String> = [
        "application", "application.watchapp2-container", "application.messages",
    ]
    static let watchApplicationTypes: Set<String> = ["application.watchapp", "application.watchapp2"]

    /// An application, a watch app among them.
    public var isApplication: Bool {
        ProjectTarget.applicationTypes.contains(typeName) || ProjectTarget.watchApplicationTypes.contains(typeName)
    }
}
