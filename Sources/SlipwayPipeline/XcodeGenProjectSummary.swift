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
        do {
            for index in spec.mergeOrder {
                try merged.add(spec.documents[index].file)
            }
        } catch {
            throw SpecError(error)
        }
        guard let name = merged.name else {
            throw SpecError(
                "\(spec.root.displayPath) has no 'name', so the Xcode project's name is unknown",
                hint: "add 'name: <Project>' at the top of the spec, or configure 'stages:' in .slipway.yml")
        }
        do {
            return XcodeGenProjectSummary(
                name: name, targets: try merged.expandedTargets(), schemes: try merged.allSchemes())
        } catch {
            throw SpecError(error)
        }
    }
}

/// The spec's top-level sections after following `include:`.
///
/// Nodes are read through each file's `YAMLExpansion`, so a spec whose aliases make the same lists and mappings
/// read over and over (every target's `templates: *all`) stops at the expansion budget with an error at the alias.
private struct MergedSpec {
    typealias Cursor = YAMLExpansion.Cursor

    var name: String?
    /// Targets in the order of their last definition; a later file's target of the same name replaces the earlier.
    private var targetSlots: [(name: String, node: Cursor)?] = []
    private var targetSlot: [String: Int] = [:]
    var templates: [String: Cursor] = [:]
    var schemes: [(name: String, node: Cursor)] = []

    var targets: [(name: String, node: Cursor)] { targetSlots.compactMap { $0 } }

    /// Adds one file's sections over what earlier files gave.
    mutating func add(_ file: YAMLFile) throws(YAMLError) {
        guard let node = file.root, node.kind == .mapping else { return }
        let root = YAMLExpansion(file: file, subject: "the spec").cursor(at: node)
        if let value = try root.value("name")?.node, value.kind == .scalar, !value.isNull { name = value.scalar }
        for (key, value) in try pairs(root.value("targetTemplates")) { templates[key] = value }
        for (key, value) in try pairs(root.value("targets")) {
            if let old = targetSlot[key] { targetSlots[old] = nil }
            targetSlot[key] = targetSlots.count
            targetSlots.append((key, value))
        }
        for (key, value) in try pairs(root.value("schemes")) {
            schemes.removeAll { $0.name == key }
            schemes.append((key, value))
        }
    }

    private func pairs(_ cursor: Cursor?) throws(YAMLError) -> [(String, Cursor)] {
        guard let cursor, cursor.node.kind == .mapping else { return [] }
        return try cursor.pairs().map { ($0.key, $0.value) }
    }

    /// A target key, falling back to the target's templates.
    private func value(_ key: String, of target: Cursor) throws(YAMLError) -> Cursor? {
        if let own = try target.value(key) { return own }
        for template in try strings(target.value("templates")) {
            if let node = templates[template], let value = try node.value(key) { return value }
        }
        return nil
    }

    private func strings(_ cursor: Cursor?) throws(YAMLError) -> [String] {
        guard let cursor else { return [] }
        switch cursor.node.kind {
        case .scalar: return cursor.node.isNull ? [] : [cursor.node.scalar]
        case .sequence: return try cursor.items().map(\.node).filter { $0.kind == .scalar && !$0.isNull }.map(\.scalar)
        case .mapping: return []
        }
    }

    /// The targets XcodeGen generates from one entry: a target with `platform: [iOS, tvOS]` becomes `Name_iOS` and
    /// `Name_tvOS` (or substitutes `${platform}` in its name).
    private func expansions(of name: String, _ node: Cursor) throws(YAMLError) -> [(name: String, platform: String)] {
        let platformNode = try value("platform", of: node)
        if let platformNode, platformNode.node.kind == .sequence {
            return try strings(platformNode).map { platform in
                (substitutingPlatform(platform, in: name, appendIfMissing: true), platform)
            }
        }
        var platform = platformNode.flatMap { $0.node.kind == .scalar ? $0.node.scalar : nil } ?? ""
        if platform.isEmpty || platform == "auto" {
            // Multi-destination targets (`supportedDestinations`) build for their first destination by default.
            platform = try strings(value("supportedDestinations", of: node)).first ?? platform
        }
        return [(name, platform)]
    }

    private func substitutingPlatform(_ platform: String, in text: String, appendIfMissing: Bool) -> String {
        if text.contains("${platform}") { return text.replacingOccurrences(of: "${platform}", with: platform) }
        if text.contains("$platform") { return text.replacingOccurrences(of: "$platform", with: platform) }
        return appendIfMissing ? "\(text)_\(platform)" : text
    }

    func expandedTargets() throws(YAMLError) -> [XcodeGenProjectSummary.Target] {
        var result: [XcodeGenProjectSummary.Target] = []
        for (name, node) in targets where node.node.kind == .mapping {
            let type = try value("type", of: node).flatMap { $0.node.kind == .scalar ? $0.node.scalar : nil } ?? ""
            var dependencies: [String] = []
            for item in try node.value("dependencies")?.items() ?? [] {
                if let target = try item.value("target")?.node, target.kind == .scalar {
                    dependencies.append(target.scalar)
                }
            }
            for expanded in try expansions(of: name, node) {
                result.append(
                    .init(name: expanded.name, type: type, platform: expanded.platform, dependencies: dependencies))
            }
        }
        return result
    }

    /// Schemes from `schemes:` and from targets' own `scheme:` keys, which XcodeGen names after each generated target.
    func allSchemes() throws(YAMLError) -> [XcodeGenProjectSummary.Scheme] {
        var result: [XcodeGenProjectSummary.Scheme] = []
        for (name, node) in schemes where node.node.kind == .mapping {
            let build = try pairs(node.value("build")?.value("targets")).map(\.0)
            let tests = try testNames(node.value("test")?.value("targets"))
            result.append(.init(name: name, buildTargets: build, testTargets: tests))
        }
        for (name, node) in targets where node.node.kind == .mapping {
            guard let scheme = try node.value("scheme"), scheme.node.kind == .mapping else { continue }
            let multiPlatform = try value("platform", of: node)?.node.kind == .sequence
            for expanded in try expansions(of: name, node) where !result.contains(where: { $0.name == expanded.name }) {
                let tests = try testNames(scheme.value("testTargets")).map {
                    multiPlatform ? substitutingPlatform(expanded.platform, in: $0, appendIfMissing: false) : $0
                }
                result.append(.init(name: expanded.name, buildTargets: [expanded.name], testTargets: tests))
            }
        }
        return result
    }

    /// Test targets written as names or as `{name: X}` mappings.
    private func testNames(_ cursor: Cursor?) throws(YAMLError) -> [String] {
        guard let cursor, cursor.node.kind == .sequence else { return [] }
        var result: [String] = []
        for item in try cursor.items() {
            if item.node.kind == .scalar, !item.node.isNull {
                result.append(item.node.scalar)
            } else if let name = try item.value("name")?.node, name.kind == .scalar {
                result.append(name.scalar)
            }
        }
        return result
    }
}
