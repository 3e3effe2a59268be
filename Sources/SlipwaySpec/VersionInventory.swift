import SlipwayConfig
import SlipwayCore

/// Every definition of the marketing version and the build number in a spec and the files it includes.
public struct VersionInventory {
    public let spec: LoadedSpec
    /// Literal values and references, file by file in include order, each in document order; with an app, only
    /// the definitions that set one of its targets' versions.
    public let definitions: [VersionDefinition]
    /// With an app: its definitions that other apps' targets inherit too, each with those targets.
    public let shared: [(definition: VersionDefinition, others: [String])]
    /// The app the inventory is scoped to (`apps:` in `.slipway.yml`), if any.
    public let app: AppScope?
    /// Every target the spec declares, worked out when first asked for: without an app a bump never needs them.
    public var targets: SpecTargets { targetsCache.value }
    private let targetsCache: TargetsCache

    /// `SpecTargets(spec:)` once, on first use (a reference, so a copied inventory shares the answer).
    private final class TargetsCache {
        let spec: LoadedSpec
        private var known: SpecTargets?

        init(spec: LoadedSpec, known: SpecTargets?) {
            self.spec = spec
            self.known = known
        }

        var value: SpecTargets {
            if let known { return known }
            let targets = SpecTargets(spec: spec)
            known = targets
            return targets
        }
    }

    /// Loads the spec with its includes from `files` and locates every definition; `access` says whether the
    /// caller reads the files or may edit them (see `SpecAccess`). The selected app of `configuration` scopes it.
    package static func read(
        _ location: SpecLocation, files: SpecLoader<WorkingTreeSpecFiles>, configuration: Configuration,
        access: SpecAccess
    ) throws(SpecError) -> VersionInventory {
        let spec = try files.load(location, access: access)
        // The targets only scope a selected app (`AppScope.of` is nil without one).
        guard configuration.selectedApp != nil else { return try VersionInventory(spec: spec, app: nil) }
        let targets = SpecTargets(spec: spec)
        let scope = try AppScope.of(configuration, targets: targets, spec: spec.root.displayPath)
        return try VersionInventory(spec: spec, app: scope, targets: targets)
    }

    public init(spec: LoadedSpec, app: AppScope? = nil) throws(SpecError) {
        try self.init(spec: spec, app: app, targets: app == nil ? nil : SpecTargets(spec: spec))
    }

    /// `targets` are the spec's (`SpecTargets(spec:)`) when the caller has them already; else they are worked out
    /// when first asked for.
    package init(spec: LoadedSpec, app: AppScope?, targets: SpecTargets?) throws(SpecError) {
        self.spec = spec
        var definitions: [VersionDefinition] = []
        for (index, document) in spec.documents.enumerated() {
            var locator = VersionLocator(document: document, documentIndex: index)
            let located = try locator.locate()
            // One file (the usual case) keeps its array: appending would hold a second copy for a moment.
            if definitions.isEmpty { definitions = located } else { definitions += located }
        }
        targetsCache = TargetsCache(spec: spec, known: targets)
        self.app = app
        guard let app else {
            self.definitions = definitions
            shared = []
            return
        }
        let all = definitions
        let targets = targetsCache.value
        let users = all.map { targets.users(of: $0, among: all) }
        self.definitions = zip(all, users).filter { app.includes($0.1) }.map(\.0)
        shared = zip(all, users).filter { app.isShared($0.1) }.map {
            ($0.0, $0.1.subtracting(app.targets).sorted())
        }
    }

    /// The effective literal value of `kind` for every target (its own, a template's, else the project's).
    public func valuesByTarget(_ kind: VersionDefinition.Kind) -> [(target: String, value: String)] {
        let literals = definitions.filter { $0.kind == kind && !$0.isReference }
        return targets.names.compactMap { name in
            literals.first { targets.users(of: $0, among: literals).contains(name) }.map { (name, $0.value) }
        }
    }

    /// The values a bump edits.
    public func literals(_ kind: VersionDefinition.Kind) -> [VersionDefinition] {
        definitions.indices.filter { isLiteral($0, kind) }.map { definitions[$0] }
    }

    /// The first value a bump edits, if any.
    package func firstLiteral(_ kind: VersionDefinition.Kind) -> VersionDefinition? {
        definitions.indices.first { isLiteral($0, kind) }.map { definitions[$0] }
    }

    /// Whether definition `index` is a literal of `kind`. Loops over a large spec's definitions test them by index:
    /// copying each out of the array retains and releases its every string.
    private func isLiteral(_ index: Int, _ kind: VersionDefinition.Kind) -> Bool {
        definitions[index].kind == kind && !definitions[index].isReference
    }

    /// `$(…)` and `${…}` values: reported, never rewritten.
    public func references(_ kind: VersionDefinition.Kind) -> [VersionDefinition] {
        definitions.filter { $0.kind == kind && $0.isReference }
    }

    /// The distinct literal values, most used first (ties: first seen), each with where it is defined.
    public func values(_ kind: VersionDefinition.Kind) -> [(value: String, definitions: [VersionDefinition])] {
        var order: [String] = []
        var grouped: [String: [VersionDefinition]] = [:]
        for definition in definitions where definition.kind == kind && !definition.isReference {
            if grouped[definition.value] == nil { order.append(definition.value) }
            grouped[definition.value, default: []].append(definition)
        }
        let ranked = order.enumerated().sorted { lhs, rhs in
            let left = grouped[lhs.element]?.count ?? 0
            let right = grouped[rhs.element]?.count ?? 0
            return left != right ? left > right : lhs.offset < rhs.offset
        }
        return ranked.map { ($0.element, grouped[$0.element] ?? []) }
    }

    /// The distinct literal values with how many definitions give each, ranked as `values(_:)` ranks them, without
    /// copying the definitions.
    public func valueCounts(_ kind: VersionDefinition.Kind) -> [(value: String, count: Int)] {
        // Most specs hold one or two values: a short list, compared as strings, costs less than hashing every
        // definition's. Past sixteen values, an index by value takes over.
        var found: [(value: String, count: Int)] = []
        var slots: [String: Int]?
        for index in definitions.indices where isLiteral(index, kind) {
            let value = definitions[index].value
            if let slot = slots?[value] ?? (slots == nil ? found.firstIndex { $0.value == value } : nil) {
                found[slot].count += 1
                continue
            }
            slots?[value] = found.count
            found.append((value, 1))
            if slots == nil, found.count > 16 {
                slots = Dictionary(uniqueKeysWithValues: found.enumerated().map { ($0.element.value, $0.offset) })
            }
        }
        // The most common first; a tie in order of first appearance.
        return found.enumerated().sorted { lhs, rhs in
            lhs.element.count != rhs.element.count ? lhs.element.count > rhs.element.count : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The one value every literal definition agrees on; `nil` when there is none or they disagree.
    public func effective(_ kind: VersionDefinition.Kind) -> String? {
        let values = distinctValues(kind, upTo: 2)
        return values.count == 1 ? values[0] : nil
    }

    public func agrees(_ kind: VersionDefinition.Kind) -> Bool { distinctValues(kind, upTo: 2).count <= 1 }

    /// The first `limit` distinct literal values in document order, without grouping every definition by value.
    private func distinctValues(_ kind: VersionDefinition.Kind, upTo limit: Int) -> [String] {
        var found: [String] = []
        for index in definitions.indices where isLiteral(index, kind) {
            guard !found.contains(definitions[index].value) else { continue }
            found.append(definitions[index].value)
            if found.count == limit { break }
        }
        return found
    }

    public func document(of definition: VersionDefinition) -> SpecDocument {
        spec.documents[definition.documentIndex]
    }

    // MARK: Checks before a value is used

    /// Every file that was read, as messages show them.
    var fileList: String {
        spec.documents.map(\.displayPath).joined(separator: ", ")
    }

    /// Fails when the spec defines no version at all.
    package func requireAnyDefinition() throws(SpecError) {
        guard definitions.isEmpty else { return }
        let names = (VersionDefinition.Kind.marketing.settings + VersionDefinition.Kind.build.settings).joined(
            separator: ", ")
        throw SpecError(
            "no version found: none of \(names) is defined in \(fileList)",
            hint:
                "define them in the spec's settings, e.g. settings: { base: { MARKETING_VERSION: 1.0.0, CURRENT_PROJECT_VERSION: 1 } }"
        )
    }

    /// The first literal value of `kind`; fails when there is none to work from, saying why (none at all, or
    /// references only).
    package func requireLiteral(_ kind: VersionDefinition.Kind) throws(SpecError) -> VersionDefinition {
        if let first = firstLiteral(kind) { return first }
        let names = kind.settings.joined(separator: " or ")
        let references = references(kind)
        if let first = references.first {
            let listed = references.map { "\($0.location) \($0.keyPath) = \($0.value)" }.joined(separator: "\n  ")
            let environment = references.contains { $0.value.contains("${") }
            throw SpecError(
                "the \(kind.title) is only defined through \(environment ? "an environment variable or " : "")a reference, which Slipway never rewrites:\n  \(listed)",
                location: nil,
                hint:
                    "write a literal value for \(first.setting) in the spec (for example in settings.base) so Slipway can bump it"
            )
        }
        throw SpecError(
            "no \(names) in \(fileList)",
            hint:
                "define the \(kind.title) once in the spec, e.g. settings: { base: { \(kind.settings[0]): \(kind == .marketing ? "1.0.0" : "1") } }"
        )
    }

    /// Fails (exit 1) when the literal values of `kind` disagree, listing each value and where it is defined.
    package func requireAgreement(_ kind: VersionDefinition.Kind, override: String) throws(SpecError) {
        guard !agrees(kind) else { return }
        let values = values(kind)
        guard values.count > 1 else { return }
        var lines: [String] = []
        for (value, definitions) in values {
            for definition in definitions {
                lines.append("  \(value)  \(definition.location) \(definition.keyPath)")
            }
        }
        if kind == .marketing, let apps = suggestedApps {
            throw SpecError(
                "the \(kind.title)s disagree:\n" + lines.joined(separator: "\n")
                    + "\n\nIf the targets are separate apps, each with its own version, this apps: block in "
                    + "\(Configuration.fileName) describes them:\n\n" + apps,
                hint: "bring them into step with '\(override)' (it sets every definition); or, for separate apps, "
                    + "add the apps: block above to \(Configuration.fileName) (or run 'slipway init') and bump each "
                    + "with --app <name>",
                exitStatus: .negative)
        }
        throw SpecError(
            "the \(kind.title)s disagree:\n" + lines.joined(separator: "\n"),
            hint: "bring them into step with '\(override)' (it sets every definition), then bump",
            exitStatus: .negative)
    }

    /// Fails when an unquoted value is read by YAML as a number that prints differently from its text: bumping it
    /// would start from a value other tools do not see.
    package func requireUnambiguous(_ kind: VersionDefinition.Kind, override: String) throws(SpecError) {
        guard let index = definitions.indices.first(where: { isLiteral($0, kind) && definitions[$0].misread != nil })
        else { return }
        let definition = definitions[index]
        throw misread(
            definition,
            hint: "quote it (\"\(definition.value)\"), or set the intended value everywhere with '\(override)'")
    }

    /// Unquoted literal values that YAML reads as numbers printing differently from their text (`1.10`, `0099`).
    public var misreadLiterals: [VersionDefinition] {
        definitions.filter { !$0.isReference && $0.misread != nil }
    }

    /// What is wrong with a misread value, at its position; `slipway version` prints it as a warning.
    package func misread(_ definition: VersionDefinition, hint: String? = nil) -> SpecError {
        let override = definition.kind == .marketing ? "--set <version>" : "--build <n>"
        return SpecError(
            "\(definition.setting) \(definition.value) is not quoted, so YAML reads it as \(definition.misread ?? "a number"), not as the text \(definition.value)",
            at: definition.node, in: document(of: definition).file,
            hint: hint
                ?? "quote it (\"\(definition.value)\") so every tool reads the same text; 'slipway bump' refuses until then (or use 'slipway bump \(override)')"
        )
    }
}
