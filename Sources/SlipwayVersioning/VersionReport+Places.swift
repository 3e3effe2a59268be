import SlipwayCore
import SlipwaySpec

extension VersionReport {
    /// The definitions outside the spec (xcconfig files, Info.plists), then which definition each target ships per configuration and what it shadows.
    static func writePlaces(_ places: VersionPlaces, _ inventory: VersionInventory, to append: (String) -> Void) {
        guard !places.places.isEmpty else { return }
        append("")
        append("outside the spec (configFiles xcconfig files, INFOPLIST_FILE plists):")
        let locationWidth = places.places.map(\.location.description.count).max() ?? 0
        let keyWidth = places.places.map(\.keyPath.count).max() ?? 0
        for (index, place) in places.places.enumerated() {
            let mark =
                place.definedAt.map { "  (takes \(places.places[$0].setting), where an edit goes)" }
                ?? (place.isReference
                    ? "  (reference, never rewritten)"
                    : place.origins.contains(.projectFile)
                        ? "  (committed project)" : places.ships(index) ? "" : "  (shadowed)")
            append(
                "  " + pad(place.location.description, locationWidth + 2) + pad(place.keyPath, keyWidth + 2)
                    + place.value + mark)
        }
        append("")
        append(
            "shipped, in Xcode's order (info, target settings, target xcconfig, project settings, project xcconfig):")
        for group in groups(places) {
            let shadowed = group.shadowed.map { places.describe($0, inventory) }
            append(
                "  \(group.target) [\(group.configs.joined(separator: ", "))] \(group.kind.title) "
                    + "\(value(group.winner, places, inventory)) from \(places.describe(group.winner, inventory))"
                    + (shadowed.isEmpty ? "" : "; shadows \(shadowed.joined(separator: ", "))"))
        }
    }

    /// Winners of one target and kind that agree across configurations, configurations listed together.
    struct Group {
        var target: String
        var kind: VersionDefinition.Kind
        var configs: [String]
        var winner: VersionWinner.Source
        var shadowed: [VersionWinner.Source]
    }

    static func groups(_ places: VersionPlaces) -> [Group] {
        var groups: [Group] = []
        for winner in places.winners {
            if let index = groups.firstIndex(where: {
                $0.target == winner.target && $0.kind == winner.kind && $0.winner == winner.winner
                    && $0.shadowed == winner.shadowed
            }) {
                groups[index].configs.append(winner.config)
            } else {
                groups.append(
                    Group(
                        target: winner.target, kind: winner.kind, configs: [winner.config], winner: winner.winner,
                        shadowed: winner.shadowed))
            }
        }
        return groups
    }

    static func value(_ source: VersionWinner.Source, _ places: VersionPlaces, _ inventory: VersionInventory)
        -> String
    {
        switch source {
        case .spec(let index): return inventory.definitions[index].value
        case .place(let index): return places.places[index].value
        }
    }

    /// `places` (each xcconfig definition) and `shipped` (each target's winner per configuration) for `--json`.
    static func placesJSON(_ places: VersionPlaces, _ inventory: VersionInventory) -> [String: JSON] {
        func reference(_ source: VersionWinner.Source) -> JSON {
            switch source {
            case .spec(let index):
                let definition = inventory.definitions[index]
                return .object([
                    "file": .string(definition.location.file), "line": .int(definition.location.line),
                    "column": .int(definition.location.column), "keyPath": .string(definition.keyPath),
                    "value": .string(definition.value),
                ])
            case .place(let index):
                let place = places.places[index]
                return .object([
                    "file": .string(place.location.file), "line": .int(place.location.line),
                    "column": .int(place.location.column), "keyPath": .string(place.keyPath),
                    "value": .string(place.value),
                ])
            }
        }
        return [
            "places": .array(
                places.places.enumerated().map { index, place in
                    .object([
                        "kind": .string(place.kind.rawValue), "setting": .string(place.setting),
                        "file": .string(place.location.file), "line": .int(place.location.line),
                        "column": .int(place.location.column), "keyPath": .string(place.keyPath),
                        "value": .string(place.value), "reference": .bool(place.isReference),
                        "shipped": .bool(places.ships(index)),
                        "definedAt": place.definedAt.map { .int($0) } ?? .null,
                    ])
                }),
            "shipped": .array(
                places.winners.map { winner in
                    .object([
                        "target": .string(winner.target), "config": .string(winner.config),
                        "kind": .string(winner.kind.rawValue), "winner": reference(winner.winner),
                        "shadowed": .array(winner.shadowed.map(reference)),
                    ])
                }),
        ]
    }
}

extension VersionPlaces {
    /// The distinct literal values of `kind` that targets ship from xcconfig files, `nil` for none.
    func shippedValues(_ kind: VersionDefinition.Kind) -> [String]? {
        let values = places.indices.filter { shipsLiteral($0, kind) }.map { places[$0].value }.uniqued()
        return values.isEmpty ? nil : values
    }
}

extension VersionPlaces {
    /// Whether every literal of `kind` a target ships from an xcconfig file holds `value` (the spec's, when it has
    /// one) and they hold one value.
    func agrees(_ kind: VersionDefinition.Kind, with value: String?) -> Bool {
        guard let shipped = shippedValues(kind) else { return true }
        return shipped.count == 1 && (value == nil || shipped[0] == value)
    }
}
