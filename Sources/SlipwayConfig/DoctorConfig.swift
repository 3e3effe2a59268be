import SlipwayCore
import SlipwayYAML

/// The `doctor:` section of `.slipway.yml`: which checks `slipway doctor` (and the check before a release) leaves
/// out.
public struct DoctorConfig: Sendable, Equatable {
    /// Rule ids switched off, each with where it is written (the doctor says so when an id names no rule).
    public var disable: [(rule: String, location: SourceLocation)] = []

    public init() {}

    public var disabledRules: Set<String> { Set(disable.map(\.rule)) }

    public static func == (lhs: DoctorConfig, rhs: DoctorConfig) -> Bool {
        lhs.disable.map(\.rule) == rhs.disable.map(\.rule) && lhs.disable.map(\.location) == rhs.disable.map(\.location)
    }

    static let keys = ["disable"]
}

extension DoctorConfig {
    static func read(_ node: YAMLNode, _ reader: ConfigReader) throws(YAMLError) -> DoctorConfig {
        var config = DoctorConfig()
        if node.isNull { return config }
        for (key, value) in try reader.mapping(node, keyPath: "doctor", allowed: keys) where key == "disable" {
            let names = try reader.strings(value, keyPath: "doctor.disable")
            let nodes = value.kind == .sequence ? Array(value.items) : [value]
            for (name, item) in zip(names, nodes) {
                config.disable.append((name, reader.file.location(item.start)))
            }
        }
        return config
    }
}
