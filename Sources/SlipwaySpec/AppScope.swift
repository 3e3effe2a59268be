import SlipwayConfig
import SlipwayCore

/// The targets one app of `apps:` owns in its spec, and which version definitions are therefore its own.
public struct AppScope: Sendable {
    public let name: String
    /// The app's targets: those it lists, else every target of the spec no other app on the same spec lists.
    public let targets: Set<String>
    /// Whether the app owns every target of its spec (then definitions nobody inherits are its own too).
    public let ownsEverything: Bool

    /// The scope of the configuration's selected app, or `nil` without one; a listed target the spec does not
    /// declare is an error naming the ones it does.
    public static func of(_ configuration: Configuration, targets: SpecTargets, spec: String) throws(SpecError)
        -> AppScope?
    {
        guard let app = configuration.selectedApp else { return nil }
        let declared = Set(targets.names)
        if let listed = app.targets {
            for name in listed where !declared.contains(name) {
                throw SpecError(
                    "the app '\(app.name)' lists the target \(name), which \(spec) does not declare",
                    location: app.location,
                    hint: "the targets there are: \(targets.names.joined(separator: ", "))")
            }
            return AppScope(name: app.name, targets: Set(listed), ownsEverything: Set(listed) == declared)
        }
        let others = configuration.apps.filter { $0.name != app.name && $0.spec == app.spec }
        let mine = Self.targets(of: app, declared: targets.names, apps: configuration.apps)
        return AppScope(name: app.name, targets: mine, ownsEverything: others.allSatisfy { ($0.targets ?? []).isEmpty })
    }

    /// The targets `app` owns among a spec's `declared` ones: those it lists, else every declared target that no
    /// other app on the same spec lists.
    public static func targets(of app: AppConfig, declared: [String], apps: [AppConfig]) -> Set<String> {
        if let listed = app.targets { return Set(listed) }
        let others = apps.filter { $0.name != app.name && $0.spec == app.spec }
        return Set(declared).subtracting(others.flatMap { $0.targets ?? [] })
    }

    /// Whether the definition is this app's value: it sets the version of one of its targets.
    func includes(_ users: Set<String>) -> Bool {
        users.isEmpty ? ownsEverything : !users.isDisjoint(with: targets)
    }

    /// Whether editing the definition would change a target of another app too.
    func isShared(_ users: Set<String>) -> Bool {
        !users.isDisjoint(with: targets) && !users.isSubset(of: targets)
    }
}
