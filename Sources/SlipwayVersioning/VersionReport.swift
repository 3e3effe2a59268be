import SlipwayConfig
import SlipwayCore
import SlipwaySpec

/// How `slipway version` shows the versions: a readable table, or JSON.
public enum VersionReport {
    public static func text(_ inventory: VersionInventory) -> String {
        var lines: [String] = []
        for kind in VersionDefinition.Kind.allCases {
            lines.append(pad(kind.title, 19) + summary(kind, inventory))
        }
        let literals = inventory.definitions.filter { !$0.isReference }
        let references = inventory.allReferences
        let table = Table(literals + references)
        var majority: [VersionDefinition.Kind: String] = [:]
        for kind in VersionDefinition.Kind.allCases where !inventory.agrees(kind) {
            majority[kind] = inventory.values(kind).first?.value
        }
        if !literals.isEmpty {
            lines.append("")
            for definition in literals {
                let differs = majority[definition.kind].map { $0 == definition.value ? "" : "  (differs)" } ?? ""
                let misread = definition.misread.map { "  (unquoted: YAML reads \($0))" } ?? ""
                lines.append(table.row(definition) + differs + misread + usedBy(definition))
            }
        }
        if !references.isEmpty {
            lines.append("")
            lines.append("references (never rewritten):")
            for definition in references { lines.append(table.row(definition) + usedBy(definition)) }
        }
        for kind in VersionDefinition.Kind.allCases where !inventory.agrees(kind) {
            let option = kind == .marketing ? "--set <version>" : "--build <n>"
            lines.append("")
            lines.append("The \(kind.title)s disagree; bring them into step with 'slipway bump \(option)'.")
        }
        if !inventory.agrees(.marketing), let apps = inventory.suggestedApps {
            lines.append("")
            lines.append("If the targets are separate apps, each with its own version, this apps: block in")
            lines.append("\(Configuration.fileName) describes them, so each is bumped and released on its own:")
            lines.append("")
            lines.append(apps.trimmingCharacters(in: .newlines))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// With `usage`, each definition lists the targets that take it (`targets`, from the project model).
    public static func json(_ inventory: VersionInventory, usage: VersionUsage? = nil) -> JSON {
        var kinds: [String: JSON] = [:]
        for kind in VersionDefinition.Kind.allCases {
            kinds[kind.rawValue] = .object([
                "value": .string(inventory.effective(kind)),
                "values": .array(inventory.values(kind).map { .string($0.value) }),
                "agree": .bool(inventory.agrees(kind)),
            ])
        }
        return .object(
            kinds.merging([
                "spec": .string(inventory.spec.root.displayPath),
                "files": .array(inventory.spec.documents.map { .string($0.displayPath) }),
                "agree": .bool(VersionDefinition.Kind.allCases.allSatisfy { inventory.agrees($0) }),
                "definitions": .array(
                    inventory.definitions.map { definition in
                        var fields = json(definition)
                        if let usage, case .object(var object) = fields {
                            object["targets"] = .array(usage.targets(of: definition).map { .string($0) })
                            fields = .object(object)
                        }
                        return fields
                    }),
            ]) { $1 })
    }

    static func json(_ definition: VersionDefinition) -> JSON {
        var fields: [String: JSON] = [
            "kind": .string(definition.kind.rawValue),
            "setting": .string(definition.setting),
            "file": .string(definition.location.file),
            "line": .int(definition.location.line),
            "column": .int(definition.location.column),
            "keyPath": .string(definition.keyPath),
            "usedBy": .array(definition.usedBy.map { .string($0) }),
            "value": .string(definition.value),
            "reference": .bool(definition.isReference),
        ]
        // Only for an unquoted value YAML reads differently from its text (`0099` → the number 99).
        if let misread = definition.misread { fields["misread"] = .string(misread) }
        return .object(fields)
    }

    private static func summary(_ kind: VersionDefinition.Kind, _ inventory: VersionInventory) -> String {
        let values = inventory.values(kind)
        if values.isEmpty {
            let references = inventory.references(kind)
            if references.isEmpty { return "not defined" }
            return "only through " + references.map(\.value).uniqued().joined(separator: ", ")
        }
        if values.count == 1 {
            let count = values[0].definitions.count
            return values[0].value + (count > 1 ? "  (\(count) places agree)" : "")
        }
        return "DISAGREE: "
            + values.map { "\($0.value) in \($0.definitions.count) place\($0.definitions.count == 1 ? "" : "s")" }
            .joined(separator: ", ")
    }

    private static func usedBy(_ definition: VersionDefinition) -> String {
        definition.usedBy.isEmpty ? "" : "  (used by \(definition.usedBy.joined(separator: ", ")))"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    /// Aligned `location  keyPath  value` rows.
    struct Table {
        let locationWidth: Int
        let keyWidth: Int

        init(_ definitions: [VersionDefinition]) {
            locationWidth = definitions.map { $0.location.description.count }.max() ?? 0
            keyWidth = definitions.map(\.keyPath.count).max() ?? 0
        }

        func row(_ definition: VersionDefinition, value: String? = nil) -> String {
            "  " + pad(definition.location.description, locationWidth + 2) + pad(definition.keyPath, keyWidth + 2)
                + (value ?? definition.value)
        }
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
