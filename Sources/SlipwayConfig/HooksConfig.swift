import SlipwayYAML

/// The `hooks:` section of `.slipway.yml`: what the git hooks do. The team's defaults; a developer's
/// `slipway hooks install --action` (git config `slipway.hookAction`) takes precedence for their clone.
public struct HooksConfig: Sendable, Equatable {
    /// What the post-commit hook does on a major change; `nil` when the file does not say (then `notify`).
    public var action: HookAction?
    /// Whether the pre-push hook only reports, or refuses to push a major change that has not been released.
    public var prePush: PrePushPolicy = .report

    public init() {}

    static let keys = ["action", "prePush"]
}

extension HooksConfig {
    static func read(_ node: YAMLNode, _ reader: ConfigReader) throws(YAMLError) -> HooksConfig {
        var config = HooksConfig()
        if node.isNull { return config }
        for (key, value) in try reader.mapping(node, keyPath: "hooks", allowed: keys) {
            let path = "hooks.\(key)"
            switch key {
            case "action":
                let name = try reader.choice(value, keyPath: path, from: HookAction.allCases.map(\.rawValue))
                config.action = HookAction(rawValue: name)
            case "prePush":
                let name = try reader.choice(value, keyPath: path, from: PrePushPolicy.allCases.map(\.rawValue))
                config.prePush = PrePushPolicy(rawValue: name) ?? .report
            default: break
            }
        }
        return config
    }
}
