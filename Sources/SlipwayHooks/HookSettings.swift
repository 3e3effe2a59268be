import SlipwayConfig
import SlipwayGit

/// Where the hooks' per-clone settings live: the repository's own git config, which linked worktrees share and
/// which never travels with a push, so a path on one Mac never reaches another.
public enum HookSettings {
    /// The absolute path of the slipway that installed the hooks; the hook scripts call it.
    public static let pathKey = "slipway.path"
    /// The developer's own choice of post-commit action (`--action`); it wins over `.slipway.yml`.
    public static let actionKey = "slipway.hookAction"
    /// The topmost folder `hooks install` had to create, removed again by `hooks uninstall` when empty.
    static let createdFolderKey = "slipway.createdHooksFolder"

    /// The post-commit action in force and where it comes from.
    public struct Action {
        public var action: HookAction
        public var source: String
        /// Set when git config holds a value that is no action.
        public var warning: String?
    }

    public static func action(repository: Repository, configuration: Configuration) -> Action {
        var warning: String?
        if let value = repository.configString(actionKey) {
            if let action = HookAction(rawValue: value.lowercased()) {
                return Action(action: action, source: "git config \(actionKey)")
            }
            let names = HookAction.allCases.map(\.rawValue).joined(separator: ", ")
            warning =
                "git config \(actionKey) is '\(value)', not one of \(names); fix it with "
                + "'slipway hooks install --action <action>'"
        }
        if let action = configuration.hooks.action {
            return Action(action: action, source: ".slipway.yml hooks.action", warning: warning)
        }
        return Action(action: .notify, source: "default", warning: warning)
    }
}
