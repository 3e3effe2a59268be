import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwayProject
import SlipwaySpec

/// Which files concern one app of several, from the project model of each app's spec: templates applied, includes
/// merged, `info`/`entitlements`/config files counted, and the targets an app's targets depend on (a framework it
/// embeds) counted as the app's. A file one of the app's targets builds is its change; a file only other apps'
/// targets build is not; anything else (the spec, docs, files no target claims) is every app's.
public struct ProjectModelScope: AppFileScope {
    /// One app's targets in its spec's model.
    struct Members: Sendable {
        var reach: AffectedTargets
        var targets: [ProjectTarget]

        func compile(_ path: String) -> Bool { targets.contains { reach.compiles($0, path) } }
    }

    let own: Members
    let others: [Members]

    public func concerns(_ path: String) -> Bool {
        if own.compile(path) { return true }
        return !others.contains { $0.compile(path) }
    }

    /// The scope of the configuration's selected app at `commit`; `nil` without a selected app, with one app, or
    /// when an app's spec does not resolve there (then `DeclaredSourcesScope` judges from the written `sources:`).
    public static func make(
        configuration: Configuration, repository: Repository, commit: OID, environment: [String: String]
    ) -> ProjectModelScope? {
        guard let selected = configuration.selectedApp else { return nil }
        return scopes(configuration: configuration, repository: repository, commit: commit, environment: environment)?[
            selected.name]
    }

    /// Every app's scope by name, for judging all of them (the hook, `detect` without `--app`); `nil` with one app
    /// or when an app's spec does not resolve. Each spec is resolved once, however many apps share it.
    public static func scopes(
        configuration: Configuration, repository: Repository, commit: OID, environment: [String: String]
    ) -> [String: ProjectModelScope]? {
        guard configuration.apps.count > 1 else { return nil }
        var models: [String: (model: ProjectModel, targets: SpecTargets, root: String)] = [:]
        var members: [(name: String, members: Members)] = []
        for app in configuration.apps {
            let scoped = configuration.scoped(to: app)
            let key = app.spec + "\u{0}" + (scoped.projectRoot ?? "")
            do {
                if models[key] == nil {
                    let loader = SpecLoader(repository: repository, commit: commit, environment: environment)
                    let spec = try loader.load(
                        loader.location(spec: app.spec, projectRoot: scoped.projectRoot), access: .read,
                        policy: .missingIncludesSkipped)
                    let root = SpecPath.normalize(
                        scoped.projectRoot ?? (app.spec as NSString).deletingLastPathComponent)
                    models[key] = (
                        try ProjectModel.resolve(spec, environment: environment, warnings: false),
                        SpecTargets(spec: spec),
                        root
                    )
                }
                guard let found = models[key],
                    let names = try AppScope.of(scoped, targets: found.targets, spec: app.spec)?.targets
                else { return nil }
                members.append(
                    (
                        app.name,
                        Members(
                            reach: AffectedTargets(model: found.model, projectRoot: found.root),
                            targets: withDependencies(names, in: found.model))
                    ))
            } catch {
                return nil
            }
        }
        var scopes: [String: ProjectModelScope] = [:]
        for (index, app) in members.enumerated() {
            let others = members.enumerated().filter { $0.offset != index }.map(\.element.members)
            scopes[app.name] = ProjectModelScope(own: app.members, others: others)
        }
        return scopes
    }

    /// The targets named and every target they depend on, transitively.
    static func withDependencies(_ names: Set<String>, in model: ProjectModel) -> [ProjectTarget] {
        var found = names
        var pending = Array(names)
        while let name = pending.popLast() {
            guard let target = model.targets.first(where: { $0.name == name }) else { continue }
            for dependency in target.dependencies where dependency.kind == .target {
                if found.insert(dependency.name.value).inserted { pending.append(dependency.name.value) }
            }
        }
        return model.targets.filter { found.contains($0.name) }
    }
}
