import SlipwayConfig
import SlipwayCore
import SlipwaySpec

/// How `slipway version` shows the versions: a readable table, or JSON.
public enum VersionReport {
    public static func text(_ inventory: VersionInventory, places: VersionPlaces = VersionPlaces()) -> String {
        var text = ""
        write(inventory, places: places) { text += $0 }
        return text
    }

    /// The text report line by line, each with its line break, for a console that writes as it goes: a spec with
    /// many definitions makes a long report, which is then never held whole.
    public static func write(
        _ inventory: VersionInventory, places: VersionPlaces = VersionPlaces(), to emit: (String) -> Void
    ) {
        func append(_ line: String) { emit(line + "\n") }
        for kind in VersionDefinition.Kind.allCases {
            append(pad(kind.title, 19) + summary(kind, inventory, places))
        }
        let literals = inventory.definitions.lazy.filter { !$0.isReference }
        let references = inventory.definitions.lazy.filter(\.isReference)
        let table = Table(inventory.definitions)
        var majority: [VersionDefinition.Kind: String] = [:]
        for kind in VersionDefinition.Kind.allCases where !inventory.agrees(kind) {
            majority[kind] = inventory.valueCounts(kind).first?.value
        }
        if !literals.isEmpty {
            append("")
            for definition in literals {
                let differs = majority[definition.kind].map { $0 == definition.value ? "" : "  (differs)" } ?? ""
                let misread = definition.misread.map { "  (unquoted: YAML reads \($0))" } ?? ""
                append(table.row(definition) + differs + misread + usedBy(definition))
            }
        }
        if !references.isEmpty {
            append("")
            append("references (never rewritten):")
            for definition in references { append(table.row(definition) + usedBy(definition)) }
        }
        for kind in VersionDefinition.Kind.allCases where !inventory.agrees(kind) {
            let option = kind == .marketing ? "--set <version>" : "--build <n>"
            append("")
            append("The \(kind.title)s disagree; bring them into step with 'slipway bump \(option)'.")
        }
        if !inventory.agrees(.marketing), let apps = inventory.suggestedApps {
            append("")
            append("If the targets are separate apps, each with its own version, this apps: block in")
            append("\(Configuration.fileName) describes them, so each is bumped and released on its own:")
            append("")
            append(apps.trimmingCharacters(in: .newlines))
        }
        writePlaces(places, inventory, to: append)
    }

    /// With `usage`, each definition lists the targets that take it (`targets`, from the project model).
    /// With places (xcconfig files), `places` and `shipped` list them and which definition each target ships.
    public static func json(
        _ inventory: VersionInventory, usage: VersionUsage? = nil, places: VersionPlaces = VersionPlaces()
    ) -> JSON {
        var kinds: [String: JSON] = [:]
        for kind in VersionDefinition.Kind.allCases {
            // A version only an xcconfig file holds is the one its targets ship.
            if inventory.firstLiteral(kind) == nil, let shipped = places.shippedValues(kind) {
                kinds[kind.rawValue] = .object([
                    "value": .string(shipped.count == 1 ? shipped[0] : nil),
                    "values": .array(shipped.map { .string($0) }), "agree": .bool(shipped.count == 1),
                ])
                continue
            }
            kinds[kind.rawValue] = .object([
                "value": .string(inventory.effective(kind)),
                "values": .array(inventory.values(kind).map { .string($0.value) }),
                "agree": .bool(inventory.agrees(kind) && places.agrees(kind, with: inventory.effective(kind))),
            ])
        }
        return .object(
            kinds.merging(
                [
                    "spec": .string(inventory.spec.root.displayPath),
                    "files": .array(inventory.spec.documents.map { .string($0.displayPath) }),
                    "agree": .bool(
                        VersionDefinition.Kind.allCases.allSatisfy {
                            inventory.agrees($0) && places.agrees($0, with: inventory.effective($0))
                        }),
                    "definitions": .array(
                        inventory.definitions.map { definition in
                            var fields = json(definition)
                            if let usage, case .object(var object) = fields {
                                object["targets"] = .array(usage.targets(of: definition).map { .string($0) })
                                fields = .object(object)
                            }
                            return fields
                        }),
                ]
                .merging(places.places.isEmpty ? [:] : placesJSON(places, inventory)) { $1 }
            ) { $1 })
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

    private static func summary(
        _ kind: VersionDefinition.Kind, _ inventory: VersionInventory, _ places: VersionPlaces
    ) -> String {
        let values = inventory.valueCounts(kind)
        if values.isEmpty, let shipped = places.shippedValues(kind) {
            return shipped.count == 1
                ? "\(shipped[0])  (outside the spec)"
                : "DISAGREE: " + shipped.joined(separator: ", ") + " (outside the spec)"
        }
        if values.isEmpty {
            let references = inventory.references(kind)
            if references.isEmpty { return "not defined" }
            return "only through " + references.map(\.value).uniqued().joined(separator: ", ")
        }
        if values.count == 1 {
            let count = values[0].count
            return values[0].value + (count > 1 ? "  (\(count) places agree)" : "")
        }
        return "DISAGREE: "
            + values.map { "\($0.value) in \($0.count) place\($0.count == 1 ? "" : "s")" }
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
            var locationWidth = 0
            var keyWidth = 0
            for definition in definitions {
                locationWidth = max(locationWidth, definition.location.description.count)
                keyWidth = max(keyWidth, definition.keyPath.count)
            }
            self.locationWidth = locationWidth
            self.keyWidth = keyWidth
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
