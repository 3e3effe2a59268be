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
public struct AffectedTargets: Sendable {
    public let model: ProjectModel
    /// XcodeGen's project root, relative to the repository root (`""` for the root itself): model paths are
    /// relative to it, changed paths to the repository root.
    public let projectRoot: String
    let files: [String: [String]]
    /// The targets that depend on each target, and the schemes that build or test it, by name: worked out once, so a
    /// spec of thousands of targets is not searched whole for each one.
    private let dependents: [String: [String]]
    private let schemesByTarget: [String: [String]]
    /// Each local package's folder (`packages: {X: {path:}}`), by package name, relative to the project root.
    let packageFolders: [String: String]

    public init(model: ProjectModel, projectRoot: String) {
        self.model = model
        self.projectRoot = projectRoot == "." ? "" : projectRoot
        var files: [String: [String]] = [:]
        var dependents: [String: [String]] = [:]
        for target in model.targets {
            files[target.name] = ProjectTargetFiles.paths(of: target, model: model)
            var named = Set<String>()
            for dependency in target.dependencies where dependency.kind == .target {
                if named.insert(dependency.name.value).inserted {
                    dependents[dependency.name.value, default: []].append(target.name)
                }
            }
        }
        var schemesByTarget: [String: [String]] = [:]
        for scheme in model.schemes {
            var named = Set<String>()
            for reference in scheme.buildTargets.map(\.name) + scheme.testTargets.map(\.name)
            where named.insert(reference.value).inserted {
                schemesByTarget[reference.value, default: []].append(scheme.name)
            }
        }
        self.files = files
        self.dependents = dependents
        self.schemesByTarget = schemesByTarget
        var folders: [String: String] = [:]
        for package in model.packages {
            if let path = package.path { folders[package.name] = SpecPath.normalize(path.value) }
        }
        self.packageFolders = folders
    }

    /// The targets `paths` reach, sorted by name. `specFiles` are the changed spec documents as the model's
    /// locations name them. With `previous` (the model before the change), a target is affected by the spec when
    /// its resolved definition differs, and every target when a project-level key (settings, options, config
    /// files) does; without it, every target whose definition is written in a changed spec document.
    public func compute(changed paths: [String], specFiles: Set<String> = [], previous: ProjectModel? = nil)
        -> [AffectedTarget]
    {
        var direct: [String: [String]] = [:]
        let bySpec = specFiles.isEmpty ? [] : specAffected(specFiles, previous: previous)
        let specPaths = paths.filter { specFiles.contains($0) }
        for target in model.targets {
            var hits = paths.filter { compiles(target, $0) }
            if bySpec.contains(target.name) {
                hits += specPaths.filter { !hits.contains($0) }
                if hits.isEmpty { hits = specFiles.sorted() }
            }
            if !hits.isEmpty { direct[target.name] = hits }
        }
        return spread(direct).sorted { $0.name < $1.name }
    }

    /// The targets a change of the spec documents reaches (see `compute`).
    private func specAffected(_ specFiles: Set<String>, previous: ProjectModel?) -> Set<String> {
        let all = Set(model.targets.map(\.name))
        guard let previous else {
            if ProjectTargetFiles.holdsProjectKeys(model.merged, in: specFiles) { return all }
            return Set(model.targets.filter { ProjectTargetFiles.isDefined($0, in: specFiles) }.map(\.name))
        }
        if ProjectFingerprint.projectLevel(model.merged) != ProjectFingerprint.projectLevel(previous.merged) {
            return all
        }
        var before: [String: ProjectValue] = [:]
        for entry in previous.merged["targets"]?.entries ?? [] where before[entry.key] == nil {
            before[entry.key] = entry.value
        }
        return Set(
            (model.merged["targets"]?.entries ?? []).filter { entry in
                before[entry.key].map(ProjectFingerprint.of) != ProjectFingerprint.of(entry.value)
            }.map { $0.value["name"]?.string ?? $0.key }
        ).intersection(all)
    }

    /// Whether the target's own files include `path` (repository-relative), or the path is in a local package the
    /// target depends on: Xcode builds that package's products into the target, so its files are the target's too.
    public func compiles(_ target: ProjectTarget, _ path: String) -> Bool {
        let relative = relativeToProjectRoot(path)
        return (files[target.name] ?? []).contains { $0 == relative }
            || target.sources.contains { source in
                ProjectTargetFiles.source(source, contains: relative)
            } || usesPackage(target, containing: relative)
    }

    /// Whether `relative` (project-root-relative) lies in a local package the target names in `dependencies`,
    /// outside the package's `Tests/` (SwiftPM's test folder, which no product the app links contains). A package
    /// at the project root counts through its manifest and `Sources/` only, not every file of the repository.
    private func usesPackage(_ target: ProjectTarget, containing relative: String) -> Bool {
        target.dependencies.contains { dependency in
            guard dependency.kind == .package, let folder = packageFolders[dependency.name.value] else { return false }
            if folder == "." {
                return relative.hasPrefix("Package") && relative.hasSuffix(".swift") || relative.hasPrefix("Sources/")
            }
            guard relative.hasPrefix(folder + "/") else { return false }
            return !relative.dropFirst(folder.count + 1).hasPrefix("Tests/")
        }
    }

    /// Direct hits, then every target that depends on one of them, transitively.
    private func spread(_ direct: [String: [String]]) -> [AffectedTarget] {
        var via: [String: String] = [:]
        var pending = Array(direct.keys).sorted()
        let order = Dictionary(
            model.targets.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        while let next = pending.popLast() {
            // In the model's order, as a scan of its targets would find them.
            let reached = (dependents[next] ?? []).sorted { (order[$0] ?? 0) < (order[$1] ?? 0) }
            for name in reached where direct[name] == nil && via[name] == nil {
                via[name] = next
                pending.append(name)
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
        return schemesByTarget[target.name] ?? []
    }

    /// A repository-relative path as the spec's sources name it, relative to the project root (`../` where it lies
    /// outside). Both are anchored at one folder, the repository root, so the steps climb no higher than it.
    private func relativeToProjectRoot(_ path: String) -> String {
        guard !projectRoot.isEmpty else { return path }
        return DisplayPath.of("/repository/" + path, relativeTo: "/repository/" + projectRoot, outside: .climbing)
    }
}

/// A value's content without its positions: two specs that say the same thing give the same fingerprint, however
/// their lines moved.
enum ProjectFingerprint {
    static func of(_ value: ProjectValue) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    /// Every key but the targets' and schemes' own (and the templates already applied into them).
    static func projectLevel(_ merged: ProjectValue) -> String {
        let own: Set<String> = ["targets", "schemes", "targetTemplates", "schemeTemplates", "include"]
        var out = ""
        for entry in merged.entries where !own.contains(entry.key) {
            out += entry.key.debugDescription + ":"
            write(entry.value, to: &out)
            out += ","
        }
        return out
    }

    private static func write(_ value: ProjectValue, to out: inout String) {
        switch value.content {
        case .scalar(let scalar):
            out += (scalar.isNull ? "~" : scalar.isQuoted ? "q" : "s") + scalar.text.debugDescription
        case .sequence(let items):
            out += "["
            for item in items {
                write(item, to: &out)
                out += ","
            }
            out += "]"
        case .mapping(let entries):
            out += "{"
            for entry in entries {
                out += entry.key.debugDescription + ":"
                write(entry.value, to: &out)
                out += ","
            }
            out += "}"
        }
    }
}
