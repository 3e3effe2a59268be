import SlipwayYAML

/// The walk of a file without anchors or merge keys (no `&`, no `<<` anywhere in it, as most specs are): every node
/// is reached once, where it is written, no alias or merge key is followed and nothing is charged, so the walk reads
/// the tree by index (`YAMLTreeView`) and the keys from the file's bytes, and makes a `YAMLNode` only for what it
/// finds. It visits the keys `walkRoot` visits through `YAMLExpansion`, in the same order, and finds the same hits.
extension VersionLocator {
    mutating func walkInPlace(_ view: YAMLTreeView, root: Int) {
        let file = document.file.bytes
        file.withUnsafeBufferPointer { bytes in walkInPlace(view, root: root, bytes: bytes) }
    }

    private mutating func walkInPlace(_ view: YAMLTreeView, root: Int, bytes: UnsafeBufferPointer<UInt8>) {
        for (key, value) in view.pairs(of: root) where view.isScalar(key) {
            let specKey = SpecKey(view, key, bytes: bytes)
            switch specKey {
            case .settings:
                enter(view, key, bytes: bytes)
                walkSettingsInPlace(view, value, depth: 0, bytes: bytes)
                leave()
            case .settingGroups, .settingPresets, .targets, .targetTemplates, .aggregateTargets:
                enter(view, key, bytes: bytes)
                for (name, entry) in view.pairs(of: value) where view.isScalar(name) {
                    enter(view, name, bytes: bytes)
                    if specKey == .settingGroups || specKey == .settingPresets {
                        walkSettingsInPlace(view, entry, depth: 0, bytes: bytes)
                    } else {
                        walkTargetInPlace(view, entry, bytes: bytes)
                    }
                    leave()
                }
                leave()
            default:
                break
            }
        }
    }

    private mutating func walkTargetInPlace(_ view: YAMLTreeView, _ target: Int, bytes: UnsafeBufferPointer<UInt8>) {
        for (key, value) in view.pairs(of: target) where view.isScalar(key) {
            switch SpecKey(view, key, bytes: bytes) {
            case .settings:
                enter(view, key, bytes: bytes)
                walkSettingsInPlace(view, value, depth: 0, bytes: bytes)
                leave()
            case .info:
                enter(view, key, bytes: bytes)
                for (infoKey, properties) in view.pairs(of: value)
                where view.isScalar(infoKey) && SpecKey(view, infoKey, bytes: bytes) == .properties {
                    enter(view, infoKey, bytes: bytes)
                    for (property, setting) in view.pairs(of: properties) where view.isScalar(property) {
                        hitIfVersion(view, property, setting, settings: false, bytes: bytes)
                    }
                    leave()
                }
                leave()
            default:
                break
            }
        }
    }

    /// `walkSettings`: structured when `base`, `configs`, `groups` or `presets` is present, else plain.
    private mutating func walkSettingsInPlace(
        _ view: YAMLTreeView, _ settings: Int, depth: Int, bytes: UnsafeBufferPointer<UInt8>
    ) {
        let structured = view.pairs(of: settings).contains { key, _ in
            guard view.isScalar(key) else { return false }
            switch SpecKey(view, key, bytes: bytes) {
            case .base, .configs, .groups, .presets: return true
            default: return false
            }
        }
        guard structured, depth < 32 else {
            for (key, value) in view.pairs(of: settings) where view.isScalar(key) {
                hitIfVersion(view, key, value, settings: true, bytes: bytes)
            }
            return
        }
        for (key, value) in view.pairs(of: settings) where view.isScalar(key) {
            switch SpecKey(view, key, bytes: bytes) {
            case .base:
                enter(view, key, bytes: bytes)
                for (setting, definition) in view.pairs(of: value) where view.isScalar(setting) {
                    hitIfVersion(view, setting, definition, settings: true, bytes: bytes)
                }
                leave()
            case .configs:
                enter(view, key, bytes: bytes)
                for (config, configSettings) in view.pairs(of: value) where view.isScalar(config) {
                    enter(view, config, bytes: bytes)
                    walkSettingsInPlace(view, configSettings, depth: depth + 1, bytes: bytes)
                    leave()
                }
                leave()
            default:
                break
            }
        }
    }

    private mutating func hitIfVersion(
        _ view: YAMLTreeView, _ key: Int, _ value: Int, settings: Bool, bytes: UnsafeBufferPointer<UInt8>
    ) {
        guard let (setting, kind) = Self.lookUp(view, key, settings: settings, bytes: bytes) else { return }
        hit(view, key: key, value: view.node(value), setting: setting, kind: kind, bytes: bytes)
    }

    /// `lookUp(_:_:settings:)` reading an ASCII key from the file's bytes.
    private static func lookUp(
        _ view: YAMLTreeView, _ key: Int, settings: Bool, bytes: UnsafeBufferPointer<UInt8>
    ) -> (setting: String, kind: VersionDefinition.Kind)? {
        if let range = view.sourceRange(key) {
            let name = UnsafeBufferPointer(rebasing: bytes[range])
            if YAMLBytes.isASCII(name) { return named(name, settings: settings).map { versionSettings[$0] } }
        }
        return lookUp(view, key, settings: settings)
    }
}
