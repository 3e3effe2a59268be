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
        // ASCII bytes equal a name exactly when the strings are equal; anything else is compared as `String`s are.
        let ascii: SpecKey? = node.withScalarBytes { bytes in
            guard YAMLBytes.isASCII(bytes) else { return nil }
            return SpecKey.named(bytes)
        }
        self = ascii ?? SpecKey(structural: node.scalar)
    }

    private init(structural key: String) {
        let name = key.hasSuffix(":REPLACE") ? String(key.dropLast(8)) : key
        self = SpecKey.allCases.first { $0 != .other && $0.rawValue == name } ?? .other
    }

    private static let suffix = Array(":REPLACE".utf8)
    private static let names: [(bytes: [UInt8], key: SpecKey)] = allCases.filter { $0 != .other }.map {
        (Array($0.rawValue.utf8), $0)
    }

    private static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> SpecKey {
        var count = bytes.count
        if count >= suffix.count,
            suffix.withUnsafeBufferPointer({
                YAMLBytes.equal(UnsafeBufferPointer(rebasing: bytes[(count - $0.count)...]), $0)
            })
        {
            count -= suffix.count
        }
        let name = UnsafeBufferPointer(rebasing: bytes[..<count])
        for (candidate, key) in names where candidate.count == count {
            if candidate.withUnsafeBufferPointer({ YAMLBytes.equal($0, name) }) { return key }
        }
        return .other
    }
}
