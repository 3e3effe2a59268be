import Foundation
import SlipwaySpec
import SlipwayYAML

/// The little of an XcodeGen spec the default stages need: the project name, targets with their type and
/// platform, and schemes with their build and test targets.
///
/// Deliberately shallow (no setting groups, no templates beyond `type`/`platform`). The files come from the Spec
/// module's loader, so the spec is found and `include:` followed exactly as `slipway version` does; they are merged
/// as XcodeGen merges them, includes first and the including spec winning. Versions are not read here:
/// `VersionInventory` is the one reader of those.
package struct XcodeGenProjectSummary: Equatable {
    package struct Target: Equatable {
        package var name: String
        package var type: String
        var platform: String
        /// Names of the targets it depends on (`dependencies: - target: X`).
        var dependencies: [String]
    }

    package struct Scheme: Equatable {
        var name: String
        var buildTargets: [String]
        package var testTargets: [String]
    }

    var name: String
    package var targets: [Target]
    package var schemes: [Scheme]

    /// Target types that produce an app someone launches (App Clips and iMessage apps build through their host).
    static let applicationTypes: Set<String> = ["application", "application.watchapp2"]
    static let testTypes: Set<String> = ["bundle.unit-test", "bundle.ui-testing"]

    /// Reads the spec at `location` with its includes. An include that points nowhere only means less to derive
    /// from (XcodeGen itself will say so when the `generate` stage runs); a malformed file is an error.
    package static func read(_ location: SpecLocation, context: SpecContext) throws(SpecError) -> XcodeGenProjectSummary
    {
        let spec = try SpecLoader(context: context).load(location, access: .read, policy: .missingIncludesSkipped)
        var merged = MergedSpec()
        for index in spec.mergeOrder {
            merged.add(spec.documents[index].file)
        }
        guard let name = merged.name else {
            throw SpecError(
                "\(spec.root.displayPath) has no 'name', so the Xcode project's name is unknown",
                hint: "add 'name: <Project>' at the top of the spec, or configure 'stages:' in .slipway.yml")
        }
        return XcodeGenProjectSummary(name: name, targets: merged.expandedTargets(), schemes: merged.allSchemes())
    }
}

/// The spec's top-level sections after following `include:`.
private struct MergedSpec {
    var name: String?
    var targets: [(name: String, node: YAMLNode)] = []
    var templates: [String: YAMLNode] = [:]
    var schemes: [(name: String, node: YAMLNode)] = []

    /// Adds one file's sections over what earlier files gave.
    mutating func add(_ file: YAMLFile) {
        guard let root = file.root, root.kind == .mapping else { return }
        if let value = root["name"], value.kind == .scalar, !value.isNull { name = value.scalar }
        for (key, value) in pairs(root["targetTemplates"]) { templates[key] = value }
        for (key, value) in pairs(root["targets"]) {
            targets.removeAll { $0.name == key }
            targets.append((key, value))
        }
        for (key, value) in pairs(root["schemes"]) {
            schemes.removeAll { $0.name == key }
            schemes.append((key, value))
        }
    }

    private func pairs(_ node: YAMLNode?) -> [(String, YAMLNode)] {
        guard let node, node.kind == .mapping else { return [] }
        return node.pairs.compactMap { $0.key.kind == .scalar ? ($0.key.scalar, $0.value) : nil }
    }

    /// A target key, falling back to the target's templates.
    private func value(_ key: String, of target: YAMLNode) -> YAMLNode? {
        if let own = target[key] { return own }
        for template in strings(target["templates"]) {
            if let node = templates[template], let value = node[key] { return value }
        }
        return nil
    }

    private func strings(_ node: YAMLNode?) -> [String] {
        guard let node else { return [] }
        switch node.kind {
        case .scalar: return node.isNull ? [] : [node.scalar]
        case .sequence: return node.items.filter { $0.kind == .scalar && !$0.isNull }.map(\.scalar)
        case .mapping: return []
        }
    }

    /// The targets XcodeGen generates from one entry: a target with `platform: [iOS, tvOS]` becomes `Name_iOS` and
    /// `Name_tvOS` (or substitutes `${platform}` in its name).
    private func expansions(of name: String, _ node: YAMLNode) -> [(name: String, platform: String)] {
        let platformNode = value("platform", of: node)
        if let platformNode, platformNode.kind == .sequence {
            return strings(platformNode).map { platform in
                (substitutingPlatform(platform, in: name, appendIfMissing: true), platform)
            }
        }
        var platform = platformNode.flatMap { $0.kind == .scalar ? $0.scalar : nil } ?? ""
        if platform.isEmpty || platform == "auto" {
            // Multi-destination targets (`supportedDestinations`) build for their first destination by default.
            platform = strings(value("supportedDestinations", of: node)).first ?? platform
        }
        return [(name, platform)]
    }

    private func substitutingPlatform(_ platform: String, in text: String, appendIfMissing: Bool) -> String {
        if text.contains("${platform}") { return text.replacingOccurrences(of: "${platform}", with: platform) }
        if text.contains("$platform") { return text.replacingOccurrences(of: "$platform", with: platform) }
        return appendIfMissing ? "\(text)_\(platform)" : text
    }

    func expandedTargets() -> [XcodeGenProjectSummary.Target] {
        var result: [XcodeGenProjectSummary.Target] = []
        for (name, node) in targets where node.kind == .mapping {
            let type = value("type", of: node).flatMap { $0.kind == .scalar ? $0.scalar : nil } ?? ""
            let dependencies = (node["dependencies"]?.items ?? []).compactMap { item -> String? in
                guard let target = item["target"], target.kind == .scalar else { return nil }
                return target.scalar
            }
            for expanded in expansions(of: name, node) {
                result.append(
                    .init(name: expanded.name, type: type, platform: expanded.platform, dependencies: dependencies))
            }
        }
        return result
    }

    /// Schemes from `schemes:` and from targets' own `scheme:` keys, which XcodeGen names after each generated target.
    func allSchemes() -> [XcodeGenProjectSummary.Scheme] {
        var result: [XcodeGenProjectSummary.Scheme] = []
        for (name, node) in schemes where node.kind == .mapping {
            let build = pairs(node["build"]?["targets"]).map(\.0)
            let tests = testNames(node["test"]?["targets"])
            result.append(.init(name: name, buildTargets: build, testTargets: tests))
        }
        for (name, node) in targets where node.kind == .mapping {
            guard let scheme = node["scheme"], scheme.kind == .mapping else { continue }
            let multiPlatform = value("platform", of: node)?.kind == .sequence
            for expanded in expansions(of: name, node) where !result.contains(where: { $0.name == expanded.name }) {
                let tests = testNames(scheme["testTargets"]).map {
                    multiPlatform ? substitutingPlatform(expanded.platform, in: $0, appendIfMissing: false) : $0
                }
                result.append(.init(name: expanded.name, buildTargets: [expanded.name], testTargets: tests))
            }
        }
        return result
    }

    /// Test targets written as names or as `{name: X}` mappings.
    private func testNames(_ node: YAMLNode?) -> [String] {
        guard let node, node.kind == .sequence else { return [] }
        return node.items.compactMap { item in
            if item.kind == .scalar, !item.isNull { return item.scalar }
            if let name = item["name"], name.kind == .scalar { return name.scalar }
            return nil
        }
    }
}
