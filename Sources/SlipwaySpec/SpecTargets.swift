import SlipwayCore
import SlipwayYAML

/// The targets a spec declares (through every included file) and, for each version definition, the targets whose
/// version it is: a target's own settings, a template it uses, or a project-level setting it inherits because it
/// defines none of its own.
public struct SpecTargets: Sendable {
    /// Target names in the order first declared.
    public let names: [String]
    /// The `templates:` each target uses.
    public let templates: [String: [String]]
    /// The `sources:` paths each target declares, as written (relative to the spec's folder or project root).
    public let sources: [String: [String]]

    public init(spec: LoadedSpec) {
        var names: [String] = []
        var templates: [String: [String]] = [:]
        var sources: [String: [String]] = [:]
        var seen = Set<String>()
        for index in spec.mergeOrder {
            guard let root = spec.documents[index].file.root, root.kind == .mapping else { continue }
            for key in ["targets", "aggregateTargets"] {
                guard let targets = root[key], targets.kind == .mapping else { continue }
                for pair in targets.pairs where pair.key.kind == .scalar {
                    let name = pair.key.scalar
                    if seen.insert(name).inserted { names.append(name) }
                    templates[name, default: []] += SpecTargets.strings(pair.value["templates"])
                    sources[name, default: []] += SpecTargets.sourcePaths(pair.value["sources"])
                }
            }
        }
        self.names = names
        self.templates = templates
        self.sources = sources
    }

    /// The target a definition is written in (`targets.Holder.…`), if any.
    public func owner(of definition: VersionDefinition) -> String? {
        for prefix in ["targets.", "aggregateTargets."] where definition.keyPath.hasPrefix(prefix) {
            let rest = definition.keyPath.dropFirst(prefix.count)
            // The longest name that matches, so `App.Beta` wins over `App` when both exist.
            return names.filter { rest.hasPrefix($0 + ".") }.max { $0.count < $1.count }
        }
        return nil
    }

    /// The template a definition is written in (`targetTemplates.Base.…`), if any.
    func template(of definition: VersionDefinition) -> String? {
        guard definition.keyPath.hasPrefix("targetTemplates.") else { return nil }
        let rest = definition.keyPath.dropFirst("targetTemplates.".count)
        return rest.split(separator: ".").first.map(String.init)
    }

    /// The targets whose value of the definition's kind this definition is.
    public func users(of definition: VersionDefinition, among all: [VersionDefinition]) -> Set<String> {
        if let owner = owner(of: definition) { return [owner] }
        let sameKind = all.filter { $0.kind == definition.kind }
        let ownTargets = Set(sameKind.compactMap(owner))
        if let template = template(of: definition) {
            return Set(names.filter { templates[$0]?.contains(template) == true && !ownTargets.contains($0) })
        }
        // Project level: every target without a value of its own (in its settings or a template it uses).
        let templated = Set(sameKind.compactMap(template))
        return Set(
            names.filter { name in
                !ownTargets.contains(name) && !(templates[name] ?? []).contains(where: templated.contains)
            })
    }

    private static func strings(_ node: YAMLNode?) -> [String] {
        guard let node else { return [] }
        if node.kind == .scalar, !node.isNull { return [node.scalar] }
        return node.items.filter { $0.kind == .scalar && !$0.isNull }.map(\.scalar)
    }

    /// `sources: Holder`, `sources: [Holder, Shared]`, `sources: [{path: Holder}]`.
    private static func sourcePaths(_ node: YAMLNode?) -> [String] {
        guard let node else { return [] }
        if node.kind == .scalar, !node.isNull { return [node.scalar] }
        return node.items.compactMap { item in
            if item.kind == .scalar, !item.isNull { return item.scalar }
            if let path = item["path"], path.kind == .scalar, !path.isNull { return path.scalar }
            return nil
        }
    }
}
