import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwaySpec
import SlipwayWorkspace

/// Which changed files concern one app of several: the question per-app detection asks of every path.
///
/// A file only other apps compile is not this app's change; everything else (its own sources, files no target
/// claims, the spec) is. `ProjectModelScope` answers from the project model; `DeclaredSourcesScope`, from the
/// targets' declared `sources:`, when a spec does not resolve into one.
public protocol AppFileScope: Sendable {
    /// Whether a change to `path` (repository-relative) can change what the app builds.
    func concerns(_ path: String) -> Bool
}

/// The app's targets' `sources:` paths against the other apps', as the specs at a commit declare them.
public struct DeclaredSourcesScope: AppFileScope {
    /// Repository-relative folders or files the app's targets compile.
    public let own: [String]
    /// Repository-relative folders or files only other apps' targets compile.
    public let others: [String]

    public init(own: [String], others: [String]) {
        self.own = own
        self.others = others
    }

    public func concerns(_ path: String) -> Bool {
        if own.contains(where: { DeclaredSourcesScope.path(path, isUnder: $0) }) { return true }
        return !others.contains { DeclaredSourcesScope.path(path, isUnder: $0) }
    }

    static func path(_ path: String, isUnder folder: String) -> Bool {
        folder.isEmpty || folder == "." || path == folder || path.hasPrefix(folder + "/")
    }

    /// The scope of the configuration's selected app among all of `apps:`, from the specs at `commit`; `nil`
    /// without a selected app or with one app only (then every file is its own).
    public static func make(
        configuration: Configuration, repository: Repository, commit: OID, environment: [String: String]
    ) -> DeclaredSourcesScope? {
        guard let selected = configuration.selectedApp, configuration.apps.count > 1 else { return nil }
        var own: [String] = []
        var others: [String] = []
        for app in configuration.apps {
            let paths = sources(
                of: configuration.scoped(to: app), repository: repository, commit: commit,
                environment: environment)
            if app.name == selected.name { own += paths } else { others += paths }
        }
        return DeclaredSourcesScope(own: own, others: others.filter { !own.contains($0) })
    }

    /// The repository-relative `sources:` paths of the app's targets (relative to the spec's folder, or the
    /// project root when one is set); none when the spec cannot be read at that commit.
    static func sources(
        of configuration: Configuration, repository: Repository, commit: OID, environment: [String: String]
    ) -> [String] {
        guard let spec = configuration.spec else { return [] }
        let loader = SpecLoader(repository: repository, commit: commit, environment: environment)
        let loaded: LoadedSpec
        let targets: SpecTargets
        let scope: AppScope?
        do {
            loaded = try loader.load(
                loader.location(spec: spec, projectRoot: configuration.projectRoot), access: .read)
            targets = SpecTargets(spec: loaded)
            scope = try AppScope.of(configuration, targets: targets, spec: spec)
        } catch {
            // A spec that does not read at that commit claims no files: every change counts for every app.
            return []
        }
        let base = SpecPath.normalize(configuration.projectRoot ?? (spec as NSString).deletingLastPathComponent)
        let names = scope.map { Array($0.targets) } ?? targets.names
        return names.flatMap { targets.sources[$0] ?? [] }.map {
            SpecPath.normalize(base.isEmpty ? $0 : SpecPath.join(base, $0))
        }
    }
}
