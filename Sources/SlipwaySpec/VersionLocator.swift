import SlipwayCore
import SlipwayYAML

/// Finds every definition of the marketing version and the build number in one spec file.
///
/// Looks where XcodeGen reads build settings and Info.plist properties:
/// - `settings` of the project, of every entry of `settingGroups` (or the older `settingPresets`), and of every
///   target, target template and aggregate target, in each of XcodeGen's forms: a plain map of settings, or
///   `base:` plus `configs.<name>:` (itself any form, so nesting works) when `base`, `configs` or `groups` is present;
/// - `info.properties` of every target and target template (`CFBundleShortVersionString`, `CFBundleVersion`).
/// Merge keys (`<<: *common`) are followed, explicit keys overriding merged ones, as YAML and XcodeGen do, through
/// one `YAMLExpansion` per file: a file whose aliases and merge keys expand too far is an error at the alias.
package struct VersionLocator {
    let document: SpecDocument
    let documentIndex: Int

    private struct Hit {
        var node: YAMLNode
        var setting: String
        var kind: VersionDefinition.Kind
        var path: String
    }

    private var hits: [Hit] = []
    /// Whether a hit was reached through an alias or merge key: only then can a value's written place differ from
    /// the path the walk took to it.
    private var reachedThroughAliases = false

    init(document: SpecDocument, documentIndex: Int) {
        self.document = document
        self.documentIndex = documentIndex
    }

    package static let settingsKinds: [String: VersionDefinition.Kind] = [
        "MARKETING_VERSION": .marketing, "CURRENT_PROJECT_VERSION": .build,
    ]
    package static let infoKinds: [String: VersionDefinition.Kind] = [
        "CFBundleShortVersionString": .marketing, "CFBundleVersion": .build,
    ]

    /// The definitions in document order, each anchored value once.
    mutating func locate() throws(SpecError) -> [VersionDefinition] {
        guard let root = document.file.root, root.kind == .mapping else { return [] }
        let expansion = YAMLExpansion(file: document.file, subject: "the spec")
        do {
            try walkRoot(root, expansion)
        } catch {
            throw SpecError(error)
        }
        return try definitions()
    }

    private mutating func walkRoot(_ root: YAMLNode, _ expansion: YAMLExpansion) throws(YAMLError) {
        for entry in try expansion.entries(of: root) {
            let path = entry.key
            switch Self.structural(entry.key) {
            case "settings":
                try walkSettings(entry, path: path, depth: 0, expansion)
            case "settingGroups", "settingPresets":
                for group in try expansion.entries(of: entry.value, via: entry.via) {
                    try walkSettings(group, path: Self.join(path, group.key), depth: 0, expansion)
                }
            case "targets", "targetTemplates", "aggregateTargets":
                for target in try expansion.entries(of: entry.value, via: entry.via) {
                    try walkTarget(target, path: Self.join(path, target.key), expansion)
                }
            default:
                break
            }
        }
    }

    private mutating func walkTarget(_ target: Entry, path: String, _ expansion: YAMLExpansion) throws(YAMLError) {
        for entry in try expansion.entries(of: target.value, via: target.via) {
            switch Self.structural(entry.key) {
            case "settings":
                try walkSettings(entry, path: Self.join(path, entry.key), depth: 0, expansion)
            case "info":
                for info in try expansion.entries(of: entry.value, via: entry.via)
                where Self.structural(info.key) == "properties" {
                    let propertiesPath = Self.join(Self.join(path, entry.key), info.key)
                    for property in try expansion.entries(of: info.value, via: info.via) {
                        hitIfVersion(property, path: propertiesPath, in: Self.infoKinds)
                    }
                }
            default:
                break
            }
        }
    }

    /// XcodeGen's `Settings`: structured when `base`, `configs`, `groups` or `presets` is present, else plain.
    private mutating func walkSettings(_ settings: Entry, path: String, depth: Int, _ expansion: YAMLExpansion)
        throws(YAMLError)
    {
        let entries = try expansion.entries(of: settings.value, via: settings.via)
        let structured = entries.contains {
            ["base", "configs", "groups", "presets"].contains(Self.structural($0.key))
        }
        guard structured, depth < 32 else {
            for entry in entries { hitIfVersion(entry, path: path, in: Self.settingsKinds) }
            return
        }
        for entry in entries {
            switch Self.structural(entry.key) {
            case "base":
                for setting in try expansion.entries(of: entry.value, via: entry.via) {
                    hitIfVersion(setting, path: Self.join(path, entry.key), in: Self.settingsKinds)
                }
            case "configs":
                for config in try expansion.entries(of: entry.value, via: entry.via) {
                    try walkSettings(
                        config, path: Self.join(Self.join(path, entry.key), config.key), depth: depth + 1, expansion)
                }
            default:
                break
            }
        }
    }

    /// Records `entry` (in the mapping at `path`) when its key is one of `table`'s settings.
    private mutating func hitIfVersion(_ entry: Entry, path: String, in table: [String: VersionDefinition.Kind]) {
        guard let kind = table[entry.key] else { return }
        if entry.via != nil { reachedThroughAliases = true }
        hits.append(Hit(node: entry.value, setting: entry.key, kind: kind, path: Self.join(path, entry.key)))
    }

    // MARK: From hits to definitions

    /// The hits of each node in order of first appearance: each node's first hit, and the next hit of the same node
    /// after each hit (-1 for none). Chains, not an array per node, since a large spec has one per definition.
    private func chains() -> (firsts: [Int32], next: [Int32]) {
        // Reached only in place, every node is reached once: each hit its own (no table of a large spec's nodes).
        guard reachedThroughAliases else {
            return (hits.indices.map { Int32($0) }, [Int32](repeating: -1, count: hits.count))
        }
        var groupOf: [YAMLNode: Int] = [:]
        var firsts: [Int32] = []
        var lasts: [Int32] = []
        var next = [Int32](repeating: -1, count: hits.count)
        for (index, hit) in hits.enumerated() {
            if let group = groupOf[hit.node] {
                next[Int(lasts[group])] = Int32(index)
                lasts[group] = Int32(index)
            } else {
                groupOf[hit.node] = firsts.count
                firsts.append(Int32(index))
                lasts.append(Int32(index))
            }
        }
        return (firsts, next)
    }

    private func definitions() throws(SpecError) -> [VersionDefinition] {
        let file = document.file
        let (firsts, next) = chains()
        let written = writtenPaths(of: firsts)
        var result: [VersionDefinition] = []
        result.reserveCapacity(firsts.count)
        for head in firsts {
            var group: [Hit] = []
            var member = Int(head)
            while member >= 0 {
                group.append(hits[member])
                member = Int(next[member])
            }
            guard let first = group.first else { continue }
            let node = first.node
            if let other = group.first(where: { $0.kind != first.kind }) {
                throw SpecError(
                    "one value is used both as \(first.setting) (\(first.path)) and as \(other.setting) (\(other.path))",
                    at: node, in: file,
                    hint: "the marketing version and the build number change differently; give each its own value")
            }
            guard node.kind == .scalar else {
                throw SpecError(
                    "\(first.setting) must be a single value, found a \(node.kindName)", at: node, in: file,
                    hint: "write it as '\(first.setting): 1.0'")
            }
            if node.isNull, node.tag == nil {
                throw SpecError(
                    "\(first.setting) has no value", at: node.start, in: file,
                    hint:
                        "write a version such as '\(first.setting): \(first.kind == .marketing ? "1.0" : "1")', or remove the key"
                )
            }
            let keyPath = written[node] ?? first.path
            var usedBy: [String] = []
            for hit in group where hit.path != keyPath && !usedBy.contains(hit.path) { usedBy.append(hit.path) }
            let value = node.scalar
            var misread: String?
            if node.style == .plain, !Self.isStringTag(node.tag),
                case .changedNumber(let printed) = PlainScalar.reading(value)
            {
                misread = printed.map { "the number \($0)" } ?? "a number"
            }
            result.append(
                VersionDefinition(
                    kind: first.kind, setting: first.setting, documentIndex: documentIndex, node: node,
                    keyPath: keyPath, usedBy: usedBy, value: value, isReference: VersionDefinition.isReference(value),
                    misread: misread, location: file.location(node.valueStart)))
        }
        return result
    }

    package static func isStringTag(_ tag: String?) -> Bool {
        tag == "tag:yaml.org,2002:str" || tag == "!!str"
    }

    /// Where each node's text is written: the key path of its first appearance in document order, which for an
    /// aliased value is the anchor (YAML requires the anchor before any alias).
    private func writtenPaths(of firsts: [Int32]) -> [YAMLNode: String] {
        guard reachedThroughAliases else { return [:] }
        let wanted = Set(firsts.map { hits[Int($0)].node })
        var found: [YAMLNode: String] = [:]
        var visited = Set<YAMLNode>()
        var keys: [String] = []
        func walk(_ node: YAMLNode) {
            let id = node
            if wanted.contains(id), found[id] == nil {
                found[id] = keys.reduce("") { $1.hasPrefix("[") || $0.isEmpty ? $0 + $1 : $0 + "." + $1 }
            }
            guard node.kind != .scalar, visited.insert(id).inserted else { return }
            switch node.kind {
            case .mapping:
                for pair in node.pairs {
                    keys.append(pair.key.kind == .scalar ? pair.key.scalar : "?")
                    walk(pair.value)
                    keys.removeLast()
                }
            case .sequence:
                for (index, item) in node.items.enumerated() {
                    keys.append("[\(index)]")
                    walk(item)
                    keys.removeLast()
                }
            case .scalar:
                break
            }
        }
        if let root = document.file.root { walk(root) }
        return found
    }

    // MARK: Mapping entries

    /// A mapping's entry with merge keys expanded, and the alias or merge key it was reached through.
    typealias Entry = YAMLExpansion.Entry

    /// A structural key without XcodeGen's `:REPLACE` suffix (used by included files to replace instead of merge).
    static func structural(_ key: String) -> String {
        key.hasSuffix(":REPLACE") ? String(key.dropLast(8)) : key
    }

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }
}
