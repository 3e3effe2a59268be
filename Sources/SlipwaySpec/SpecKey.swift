import SlipwayYAML

/// The structural keys of a spec `VersionLocator` walks into, told apart by a key's bytes: a spec of 200 targets has
/// thousands of keys, and only these few names matter. XcodeGen's `:REPLACE` suffix (an included file replacing
/// instead of merging) names the same key.
enum SpecKey: String, CaseIterable {
    case settings, settingGroups, settingPresets, targets, targetTemplates, aggregateTargets
    case info, properties
    case base, configs, groups, presets
    case other

    init(_ node: YAMLNode) {
        let view = YAMLTreeView(of: node)
        self.init(view, view.index(of: node))
    }

    /// The key at `index` of `view`'s file, read from its bytes: most keys are ASCII, and ASCII bytes equal a name
    /// exactly when the strings are equal; anything else is compared as `String`s are.
    init(_ view: YAMLTreeView, _ index: Int) {
        var key = SpecKey.other
        let ascii = view.withScalarBytes(index) { bytes in
            guard YAMLBytes.isASCII(bytes) else { return 0 }
            key = SpecKey.named(bytes)
            return 1
        }
        self = ascii == 1 ? key : SpecKey(structural: view.scalar(index))
    }

    private init(structural key: String) {
        let name = key.hasSuffix(":REPLACE") ? String(key.dropLast(8)) : key
        self = SpecKey.allCases.first { $0 != .other && $0.rawValue == name } ?? .other
    }

    /// The key whose value is these ASCII bytes.
    init(ascii bytes: UnsafeBufferPointer<UInt8>) {
        self = SpecKey.named(bytes)
    }

    private static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> SpecKey {
        var count = bytes.count
        if count > 8, bytes[count - 1] == UInt8(ascii: "E"),
            YAMLBytes.equal(UnsafeBufferPointer(rebasing: bytes[(count - 8)...]), ":REPLACE")
        {
            count -= 8
        }
        let name = UnsafeBufferPointer(rebasing: bytes[..<count])
        // The first byte first: most keys a walk meets are none of these, and differ there.
        func matches(_ key: StaticString) -> Bool { name[0] == key.utf8Start[0] && YAMLBytes.equal(name, key) }
        switch count {
        case 4: return matches("info") ? .info : matches("base") ? .base : .other
        case 6: return matches("groups") ? .groups : .other
        case 7:
            return matches("targets")
                ? .targets : matches("configs") ? .configs : matches("presets") ? .presets : .other
        case 8: return matches("settings") ? .settings : .other
        case 10: return matches("properties") ? .properties : .other
        case 13: return matches("settingGroups") ? .settingGroups : .other
        case 14: return matches("settingPresets") ? .settingPresets : .other
        case 15: return matches("targetTemplates") ? .targetTemplates : .other
        case 16: return matches("aggregateTargets") ? .aggregateTargets : .other
        default: return .other
        }
    }
}
