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

    struct Hit {
        var node: YAMLNode
        var setting: String
        var kind: VersionDefinition.Kind
        var path: String
    }

    var hits: [Hit] = []
    /// The key path from the root to where the walk is, as bytes (`join` of the keys), and its length before each
    /// key entered: a string is made only for the settings found, not for every mapping walked.
    var path: [UInt8] = []
    var lengths: [Int] = []

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

    /// The definitions in document order, each anchored value once. `walkingInPlace` (for tests, which compare the
    /// two walks) says which walk to take; by default the in-place walk reads a file without anchors or merge keys.
    mutating func locate(walkingInPlace: Bool? = nil) throws(SpecError) -> [VersionDefinition] {
        guard let root = document.file.root, root.kind == .mapping else { return [] }
        // Room for a version setting every 256 bytes, more than specs hold: a large spec's hits are not grown into
        // by copies, and room never written costs no memory.
        hits.reserveCapacity(document.file.bytes.count / 256)
        if walkingInPlace ?? !mayShareNodes {
            let view = YAMLTreeView(of: root)
            walkInPlace(view, root: view.index(of: root))
            return try definitions()
        }
        let expansion = YAMLExpansion(file: document.file, subject: "the spec")
        do {
            try walkRoot(root, expansion)
        } catch {
            throw SpecError(error)
        }
        return try definitions()
    }

    private mutating func walkRoot(_ root: YAMLNode, _ expansion: YAMLExpansion) throws(YAMLError) {
        try expansion.forEachEntry(of: root) { (entry) throws(YAMLError) in
            let key = SpecKey(entry.key)
            guard key != .other else { return }
            enter(entry.key)
            defer { leave() }
            switch key {
            case .settings:
                try walkSettings(entry, depth: 0, expansion)
            case .settingGroups, .settingPresets:
                try expansion.forEachEntry(of: entry.value, via: entry.via) { (group) throws(YAMLError) in
                    enter(group.key)
                    defer { leave() }
                    try walkSettings(group, depth: 0, expansion)
                }
            case .targets, .targetTemplates, .aggregateTargets:
                try expansion.forEachEntry(of: entry.value, via: entry.via) { (target) throws(YAMLError) in
                    enter(target.key)
                    defer { leave() }
                    try walkTarget(target, expansion)
                }
            default:
                break
            }
        }
    }

    private mutating func walkTarget(_ target: Entry, _ expansion: YAMLExpansion) throws(YAMLError) {
        try expansion.forEachEntry(of: target.value, via: target.via) { (entry) throws(YAMLError) in
            switch SpecKey(entry.key) {
            case .settings:
                enter(entry.key)
                defer { leave() }
                try walkSettings(entry, depth: 0, expansion)
            case .info:
                enter(entry.key)
                defer { leave() }
                try expansion.forEachEntry(of: entry.value, via: entry.via) { (info) throws(YAMLError) in
                    guard SpecKey(info.key) == .properties else { return }
                    enter(info.key)
                    defer { leave() }
                    try expansion.forEachEntry(of: info.value, via: info.via) { property in
                        if let (setting, kind) = Self.lookUp(property.key, settings: false) {
                            hit(property, setting: setting, kind: kind)
                        }
                    }
                }
            default:
                break
            }
        }
    }

    /// XcodeGen's `Settings`: structured when `base`, `configs`, `groups` or `presets` is present, else plain.
    private mutating func walkSettings(_ settings: Entry, depth: Int, _ expansion: YAMLExpansion) throws(YAMLError) {
        let entries = try expansion.keyedEntries(of: settings.value, via: settings.via)
        let structured = entries.contains {
            switch SpecKey($0.key) {
            case .base, .configs, .groups, .presets: return true
            default: return false
            }
        }
        guard structured, depth < 32 else {
            for entry in entries { hitIfVersion(entry) }
            return
        }
        for entry in entries {
            switch SpecKey(entry.key) {
            case .base:
                enter(entry.key)
                defer { leave() }
                try expansion.forEachEntry(of: entry.value, via: entry.via) { hitIfVersion($0) }
            case .configs:
                enter(entry.key)
                defer { leave() }
                try expansion.forEachEntry(of: entry.value, via: entry.via) { (config) throws(YAMLError) in
                    enter(config.key)
                    defer { leave() }
                    try walkSettings(config, depth: depth + 1, expansion)
                }
            default:
                break
            }
        }
    }

    /// A build setting that defines a version.
    private mutating func hitIfVersion(_ entry: Entry) {
        if let (setting, kind) = Self.lookUp(entry.key, settings: true) {
            hit(entry, setting: setting, kind: kind)
        }
    }

    // MARK: Key paths

    private mutating func enter(_ key: YAMLNode) {
        let view = YAMLTreeView(of: key)
        enter(view, view.index(of: key))
    }

    mutating func enter(_ view: YAMLTreeView, _ key: Int) {
        lengths.append(path.count)
        append(view, key)
    }

    mutating func leave() {
        path.removeLast(path.count - lengths.removeLast())
    }

    /// Joins `key` on as key paths are written (`a.b`, the first key alone), in bytes: libyaml's text is valid UTF-8,
    /// so the joined bytes decode to the joined strings.
    private mutating func append(_ view: YAMLTreeView, _ key: Int) {
        if !path.isEmpty { path.append(UInt8(ascii: ".")) }
        _ = view.withScalarBytes(key) { bytes in
            path.append(contentsOf: bytes)
            return 0
        }
    }

    private mutating func hit(_ entry: Entry, setting: String, kind: VersionDefinition.Kind) {
        let view = YAMLTreeView(of: entry.key)
        hit(view, key: view.index(of: entry.key), value: entry.value, setting: setting, kind: kind)
    }

    private mutating func hit(
        _ view: YAMLTreeView, key: Int, value: YAMLNode, setting: String, kind: VersionDefinition.Kind
    ) {
        enter(view, key)
        let keyPath = String(decoding: path, as: UTF8.self)
        leave()
        hits.append(Hit(node: value, setting: setting, kind: kind, path: keyPath))
    }

    /// The kind a setting name defines, with the name as the table spells it when the key is those very bytes: a
    /// spec with a definition in every target then keeps one copy of the name, not one a definition.
    private static func lookUp(_ node: YAMLNode, settings: Bool) -> (setting: String, kind: VersionDefinition.Kind)? {
        let view = YAMLTreeView(of: node)
        return lookUp(view, view.index(of: node), settings: settings)
    }

    /// `lookUp(_:settings:)` of the key at `index` of `view`'s file.
    static func lookUp(_ view: YAMLTreeView, _ index: Int, settings: Bool) -> (
        setting: String, kind: VersionDefinition.Kind
    )? {
        // ASCII bytes equal a name exactly when the strings are equal; anything else is left to `String`.
        // 0: not ASCII; 1: no version setting; 2 + i: the i-th of `versionSettings`.
        let ascii = view.withScalarBytes(index) { bytes in
            guard YAMLBytes.isASCII(bytes) else { return 0 }
            return Self.named(bytes, settings: settings).map { 2 + $0 } ?? 1
        }
        if ascii > 0 { return ascii == 1 ? nil : Self.versionSettings[ascii - 2] }
        let table = settings ? Self.settingsKinds : Self.infoKinds
        let key = view.scalar(index)
        guard let index = table.index(forKey: key) else { return nil }
        let (name, kind) = table[index]
        return (name.utf8.elementsEqual(key.utf8) ? name : key, kind)
    }

    static let versionSettings: [(setting: String, kind: VersionDefinition.Kind)] = [
        ("MARKETING_VERSION", .marketing), ("CURRENT_PROJECT_VERSION", .build),
        ("CFBundleShortVersionString", .marketing), ("CFBundleVersion", .build),
    ]

    /// Which of `versionSettings` an ASCII key names, among the build settings or else the Info.plist keys.
    static func named(_ bytes: UnsafeBufferPointer<UInt8>, settings: Bool) -> Int? {
        switch (settings, bytes.count) {
        case (true, 17): return YAMLBytes.equal(bytes, "MARKETING_VERSION") ? 0 : nil
        case (true, 23): return YAMLBytes.equal(bytes, "CURRENT_PROJECT_VERSION") ? 1 : nil
        case (false, 26): return YAMLBytes.equal(bytes, "CFBundleShortVersionString") ? 2 : nil
        case (false, 15): return YAMLBytes.equal(bytes, "CFBundleVersion") ? 3 : nil
        default: return nil
        }
    }

    // MARK: From hits to definitions

    /// The hits of each node in order of first appearance: each node's first hit, and the next hit of the same node
    /// after each hit (-1 for none). Chains, not an array per node, since a large spec has one per definition.
    private func chains() -> (firsts: [Int32], next: [Int32]) {
        // Without anchors or merge keys every node is reached once, where it is written: each hit its own.
        guard mayShareNodes else {
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
        var readings: [(text: String, reading: PlainScalar.Reading)] = []
        // Every value's position in one pass over the file.
        let starts = YAMLNode.valueStarts(of: firsts.map { hits[Int($0)].node })
        for (number, head) in firsts.enumerated() {
            let first = hits[Int(head)]
            let id = first.node
            // The node's other hits, following the chain (none for most: an array each would cost more).
            var group: [Hit] = []
            var member = Int(next[Int(head)])
            while member >= 0 {
                group.append(hits[member])
                member = Int(next[member])
            }
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
            let keyPath = written.isEmpty ? first.path : written[id] ?? first.path
            var usedBy: [String] = []
            if first.path != keyPath { usedBy.append(first.path) }
            for hit in group where hit.path != keyPath && !usedBy.contains(hit.path) { usedBy.append(hit.path) }
            let value = node.scalar
            let misread = Self.misread(node, value, readings: &readings)
            result.append(
                VersionDefinition(
                    kind: first.kind, setting: first.setting, documentIndex: documentIndex, node: node,
                    keyPath: keyPath,
                    usedBy: usedBy, value: value, isReference: VersionDefinition.isReference(value),
                    misread: misread, location: file.location(starts[number])))
        }
        return result
    }

    /// What YAML reads an unquoted number as when it prints differently from its text; `readings` keeps the few
    /// distinct texts read so far (a large spec repeats one value in every target): a short list, since comparing
    /// small strings costs less than hashing them.
    private static func misread(
        _ node: YAMLNode, _ value: String, readings: inout [(text: String, reading: PlainScalar.Reading)]
    ) -> String? {
        guard node.style == .plain, !isStringTag(node.tag) else { return nil }
        // Compared as bytes: equal bytes are equal strings, and a miss only reads the value again.
        let known = readings.first { Self.sameBytes($0.text, value) }?.reading
        let reading = known ?? PlainScalar.reading(value)
        if known == nil, readings.count < 8 { readings.append((value, reading)) }
        guard case .changedNumber(let printed) = reading else { return nil }
        return printed.map { "the number \($0)" } ?? "a number"
    }

    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        var left = left
        var right = right
        return left.utf8.count == right.utf8.count
            && left.withUTF8 { a in right.withUTF8 { b in YAMLBytes.equal(a, b) } }
    }

    /// Whether the file holds `&` or `<<` anywhere: without them it has no anchor and no merge key.
    private var mayShareNodes: Bool {
        let bytes = document.file.bytes
        return YAMLBytes.contains(bytes, UInt8(ascii: "&"))
            || YAMLBytes.contains(bytes, UInt8(ascii: "<"), then: UInt8(ascii: "<"))
    }

    package static func isStringTag(_ tag: String?) -> Bool {
        tag == "tag:yaml.org,2002:str" || tag == "!!str"
    }

    /// Where each node's text is written: the key path of its first appearance in document order, which for an
    /// aliased value is the anchor (YAML requires the anchor before any alias).
    private func writtenPaths(of firsts: [Int32]) -> [YAMLNode: String] {
        // Without anchors or merge keys every value is reached exactly where it is written.
        guard mayShareNodes else { return [:] }
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
    typealias Entry = YAMLExpansion.KeyedEntry
}
