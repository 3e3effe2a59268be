import SlipwayCore
import SlipwaySpec

/// A target a change reaches: through its own files (sources, `Info.plist`, entitlements, config files, the spec
/// lines that define it) or through a target it depends on.
public struct AffectedTarget: Sendable, Equatable {
    public var name: String
    public var platforms: [String]
    /// The schemes that build or test it (for a spec without schemes, an application target's own name, as Xcode
    /// makes one scheme per target).
    public var schemes: [String]
    /// The changed paths (repository-relative) that reach it directly; empty when only a dependency changed.
    public var paths: [String]
    /// The dependency it is affected through, when no path of its own changed.
    public var via: String?

    public init(name: String, platforms: [String], schemes: [String], paths: [String], via: String?) {
        self.name = name
        self.platforms = platforms
        self.schemes = schemes
        self.paths = paths
        self.via = via
    }

    /// `MyApp (iOS)`, `Canvas (iOS, macOS)`: how the text report names it.
    public var label: String {
        platforms.isEmpty ? name : "\(name) (\(platforms.joined(separator: ", ")))"
    }
}

/// Which targets of a model a set of changed paths reaches.
public struct AffectedTargets {
    public let model: ProjectModel
    /// XcodeGen's project root, relative to the repository root (`""` for the root itself): model paths are
    /// relative to it, changed paths to the repository root.
    public let projectRoot: String
    let files: [String: [String]]

    public init(model: ProjectModel, projectRoot: String) {
        self.model = model
        self.projectRoot = projectRoot == "." ? "" : projectRoot
        var files: [String: [String]] = [:]
        for target in model.targets { files[target.name] = ProjectTargetFiles.paths(of: target, model: model) }
        self.files = files
    }

    /// The targets `paths` reach, sorted by name. `specFiles` are the changed spec documents as the model's
    /// locations name them: a target whose definition is written in one is affected, and one that holds
    /// project-level keys (settings, options, config files) affects every target.
    public func compute(changed paths: [String], specFiles: Set<String> = []) -> [AffectedTarget] {
        var direct: [String: [String]] = [:]
        let everything = ProjectTargetFiles.holdsProjectKeys(model.merged, in: specFiles)
        for target in model.targets {
            var hits = paths.filter { compiles(target, $0) }
            if everything || ProjectTargetFiles.isDefined(target, in: specFiles) {
                hits += paths.filter { specFiles.contains($0) && !hits.contains($0) }
                if hits.isEmpty { hits = specFiles.sorted() }
            }
            if !hits.isEmpty { direct[target.name] = hits }
        }
        return spread(direct).sorted { $0.name < $1.name }
    }

    /// Whether the target's own files include `path` (repository-relative).
    public func compiles(_ target: ProjectTarget, _ path: String) -> Bool {
        let relative = relativeToProjectRoot(path)
        return (files[target.name] ?? []).contains { $0 == relative }
            || target.sources.contains { source in
                ProjectTargetFiles.source(source, contains: relative)
            }
    }

    /// Direct hits, then every target that depends on one of them, transitively.
    private func spread(_ direct: [String: [String]]) -> [AffectedTarget] {
        var via: [String: String] = [:]
        var pending = Array(direct.keys).sorted()
        while let next = pending.popLast() {
            for target in model.targets
            where direct[target.name] == nil && via[target.name] == nil
                && target.dependencies.contains(where: { $0.kind == .target && $0.name.value == next })
            {
                via[target.name] = next
                pending.append(target.name)
            }
        }
        let names = Set(direct.keys).union(via.keys)
        return model.targets.filter { names.contains($0.name) }.map { target in
            AffectedTarget(
                name: target.name, platforms: target.platforms, schemes: schemes(of: target),
                paths: direct[target.name] ?? [], via: via[target.name])
        }
    }

    /// The schemes that build or test the target.
    public func schemes(of target: ProjectTarget) -> [String] {
        if model.schemes.isEmpty {
            return target.typeName.hasPrefix("application") ? [target.name] : []
        }
        return model.schemes.filter { scheme in
            scheme.buildTargets.contains { $0.name.value == target.name }
                || scheme.testTargets.contains { $0.name.value == target.name }
        }.map(\.name)
    }

    private func relativeToProjectRoot(_ path: String) -> String {
        guard !projectRoot.isEmpty else { return path }
        if path.hasPrefix(projectRoot + "/") { return String(path.dropFirst(projectRoot.count + 1)) }
        // Outside the project root: a source written with `../` names it this way.
        var up = ""
        var base = projectRoot
        while !base.isEmpty {
            up += "../"
            base = SpecPathParent.parent(base)
            if path.hasPrefix(base.isEmpty ? "" : base + "/") {
                return SpecPath.normalize(up + String(path.dropFirst(base.isEmpty ? 0 : base.count + 1)))
            }
        }
        return up + path
    }
}

/// `SpecPath.parent` for repository-relative paths: `""` above a single segment.
enum SpecPathParent {
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
