import SlipwayCore
import SlipwayYAML

/// Finds every definition of the marketing version and the build number in one spec file.
///
/// Looks where XcodeGen reads build settings and Info.plist properties:
/// - `settings` of the project, of every entry of `settingGroups` (or the older `settingPresets`), and of every
///   target, target template and aggregate target, in each of XcodeGen's forms: a plain map of settings, or
///   `base:` plus `configs.<name>:` (itself any form, so nesting works) when `base`, `configs` or `groups` is present;
/// - `info.properties` of every target and target template (`CFBundleShortVersionString`, `CFBundleVersion`).
/// Merge keys (`<<: *common`) are followed, explicit keys overriding merged ones, as YAML and XcodeGen do.
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

    init(document: SpecDocument, documentIndex: Int) {
        self.document = document
        self.documentIndex = documentIndex
    }

    static let settingsKinds: [String: VersionDefinition.Kind] = [
        "MARKETING_VERSION": .marketing, "CURRENT_PROJECT_VERSION": .build,
    ]
    static let infoKinds: [String: VersionDefinition.Kind] = [
        "CFBundleShortVersionString": .marketing, "CFBundleVersion": .build,
    ]

    /// The definitions in document order, each anchored value once.
    mutating func locate() throws(SpecError) -> [VersionDefinition] {
        guard let root = document.file.root, root.kind == .mapping else { return [] }
        for entry in Self.entries(of: root) {
            let path = entry.key
            switch Self.structural(entry.key) {
            case "settings":
                walkSettings(entry.value, path: path, depth: 0)
            case "settingGroups", "settingPresets":
                for group in Self.entries(of: entry.value) {
                    walkSettings(group.value, path: Self.join(path, group.key), depth: 0)
                }
            case "targets", "targetTemplates", "aggregateTargets":
                for target in Self.entries(of: entry.value) {
                    walkTarget(target.value, path: Self.join(path, target.key))
                }
            default:
                break
            }
        }
        return try definitions()
    }

    private mutating func walkTarget(_ node: YAMLNode, path: String) {
        for entry in Self.entries(of: node) {
            switch Self.structural(entry.key) {
            case "settings":
                walkSettings(entry.value, path: Self.join(path, entry.key), depth: 0)
            case "info":
                for info in Self.entries(of: entry.value) where Self.structural(info.key) == "properties" {
                    let propertiesPath = Self.join(Self.join(path, entry.key), info.key)
                    for property in Self.entries(of: info.value) {
                        if let kind = Self.infoKinds[property.key] {
                            hits.append(
                                Hit(
                                    node: property.value, setting: property.key, kind: kind,
                                    path: Self.join(propertiesPath, property.key)))
                        }
                    }
                }
            default:
                break
            }
        }
    }

    /// XcodeGen's `Settings`: structured when `base`, `configs`, `groups` or `presets` is present, else plain.
    private mutating func walkSettings(_ node: YAMLNode, path: String, depth: Int) {
        let entries = Self.entries(of: node)
        let structured = entries.contains {
            ["base", "configs", "groups", "presets"].contains(Self.structural($0.key))
        }
        guard structured, depth < 32 else {
            walkBuildSettings(entries, path: path)
            return
        }
        for entry in entries {
            switch Self.structural(entry.key) {
            case "base":
                walkBuildSettings(Self.entries(of: entry.value), path: Self.join(path, entry.key))
            case "configs":
                for config in Self.entries(of: entry.value) {
                    walkSettings(
                        config.value, path: Self.join(Self.join(path, entry.key), config.key), depth: depth + 1)
                }
            default:
                break
            }
        }
    }

    private mutating func walkBuildSettings(_ entries: [Entry], path: String) {
        for entry in entries {
            if let kind = Self.settingsKinds[entry.key] {
                hits.append(Hit(node: entry.value, setting: entry.key, kind: kind, path: Self.join(path, entry.key)))
            }
        }
    }

    // MARK: From hits to definitions

    private func definitions() throws(SpecError) -> [VersionDefinition] {
        let file = document.file
        var order: [ObjectIdentifier] = []
        var grouped: [ObjectIdentifier: [Hit]] = [:]
        for hit in hits {
            let id = ObjectIdentifier(hit.node)
            if grouped[id] == nil { order.append(id) }
            grouped[id, default: []].append(hit)
        }
        let written = writtenPaths(of: Set(order))
        var result: [VersionDefinition] = []
        for id in order {
            guard let group = grouped[id], let first = group.first else { continue }
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
            let keyPath = written[id] ?? first.path
            var usedBy: [String] = []
            for hit in group where hit.path != keyPath && !usedBy.contains(hit.path) { usedBy.append(hit.path) }
            var misread: String?
            if node.style == .plain, !Self.isStringTag(node.tag),
                case .changedNumber(let printed) = PlainScalar.reading(node.scalar)
            {
                misread = printed.map { "the number \($0)" } ?? "a number"
            }
            result.append(
                VersionDefinition(
                    kind: first.kind, setting: first.setting, documentIndex: documentIndex, node: node,
                    keyPath: keyPath,
                    usedBy: usedBy, value: node.scalar, isReference: VersionDefinition.isReference(node.scalar),
                    misread: misread, location: file.location(node.valueStart)))
        }
        return result
    }

    package static func isStringTag(_ tag: String?) -> Bool {
        tag == "tag:yaml.org,2002:str" || tag == "!!str"
    }

    /// Where each node's text is written: the key path of its first appearance in document order, which for an
    /// aliased value is the anchor (YAML requires the anchor before any alias).
    private func writtenPaths(of wanted: Set<ObjectIdentifier>) -> [ObjectIdentifier: String] {
        // Without anchors or merge keys every value is reached exactly where it is written.
        let bytes = document.file.bytes
        let ampersand = UInt8(ascii: "&")
        let less = UInt8(ascii: "<")
        guard
            bytes.contains(ampersand)
                || bytes.indices.dropLast().contains(where: { bytes[$0] == less && bytes[$0 + 1] == less })
        else {
            return [:]
        }
        var found: [ObjectIdentifier: String] = [:]
        var visited = Set<ObjectIdentifier>()
        var keys: [String] = []
        func walk(_ node: YAMLNode) {
            let id = ObjectIdentifier(node)
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

    typealias Entry = (key: String, value: YAMLNode)

    /// The entries of a mapping in order, with merge keys expanded: explicit keys first as written (duplicates kept,
    /// each is text a tool may read), then merged entries whose key is not already present.
    static func entries(of node: YAMLNode, depth: Int = 0) -> [Entry] {
        guard node.kind == .mapping, depth < 32 else { return [] }
        var result: [Entry] = []
        var merged: [YAMLNode] = []
        for pair in node.pairs where pair.key.kind == .scalar {
            if pair.key.scalar == "<<", pair.key.style == .plain {
                merged += pair.value.kind == .sequence ? pair.value.items : [pair.value]
            } else {
                result.append((pair.key.scalar, pair.value))
            }
        }
        guard !merged.isEmpty else { return result }
        var present = Set(result.map(\.key))
        for source in merged {
            for entry in entries(of: source, depth: depth + 1) where present.insert(entry.key).inserted {
                result.append(entry)
            }
        }
        return result
    }

    /// A structural key without XcodeGen's `:REPLACE` suffix (used by included files to replace instead of merge).
    static func structural(_ key: String) -> String {
        key.hasSuffix(":REPLACE") ? String(key.dropLast(8)) : key
    }

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }
}
