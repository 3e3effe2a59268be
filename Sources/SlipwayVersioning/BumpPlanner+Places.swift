import SlipwayCore
import SlipwaySpec

extension BumpPlanner {
    /// The value a bump starts from and where it is written.
    struct Current {
        var value: String
        var setting: String
        var location: SourceLocation
        var sourceLine: String?
    }

    /// The spec's first literal of `kind`, else the first xcconfig literal a target ships; with neither, the spec's
    /// own error (none at all, or references only).
    func current(_ kind: VersionDefinition.Kind) throws(SpecError) -> Current {
        if let literal = inventory.firstLiteral(kind) {
            let file = inventory.document(of: literal).file
            return Current(
                value: literal.value, setting: literal.setting, location: literal.location,
                sourceLine: file.line(literal.node.valueStart.line))
        }
        if let index = places.firstShipped(kind) {
            let place = places.places[index]
            return Current(value: place.value, setting: place.setting, location: place.location, sourceLine: nil)
        }
        let literal = try inventory.requireLiteral(kind)
        return Current(value: literal.value, setting: literal.setting, location: literal.location, sourceLine: nil)
    }

    /// Fails (exit 1) when an xcconfig value a target ships differs from `value`, the one the bump starts from.
    func requirePlacesAgree(_ kind: VersionDefinition.Kind, with value: String, override: String) throws(SpecError) {
        let differing = places.places.indices.filter {
            places.shipsLiteral($0, kind) && places.places[$0].value != value
        }
        guard !differing.isEmpty else { return }
        let lines = differing.map {
            "  \(places.places[$0].value)  \(places.places[$0].location) \(places.places[$0].keyPath)"
        }
        throw SpecError(
            "the \(kind.title)s disagree: the bump starts from \(value), but targets ship:\n"
                + lines.joined(separator: "\n"),
            hint: "bring them into step with '\(override)' (it sets every place that ships), then bump",
            exitStatus: .negative)
    }

    /// One edit per xcconfig value a target ships whose text must change. A shadowed value no target ships is left
    /// alone (noted); a `$(…)` value a target ships would keep shipping the old number, so it is an error naming it.
    func placeEdits(marketing: BumpPlan.Change?, build: BumpPlan.Change?, notes: inout [String]) throws(SpecError)
        -> [BumpPlan.Edit]
    {
        var edits: [BumpPlan.Edit] = []
        for (index, place) in places.places.enumerated() {
            guard let change = place.kind == .marketing ? marketing : build else { continue }
            let shipping = places.winners.filter { $0.winner == .place(index) }
            if place.isReference {
                guard let first = shipping.first else { continue }
                let fallback = first.shadowed.first.map { " so \(places.describe($0, inventory)) applies" } ?? ""
                throw SpecError(
                    "\(first.target) (\(first.config)) ships \(place.setting) = \(place.value) from this line, which "
                        + "Slipway does not rewrite: the release would keep shipping the old \(place.kind.title)",
                    location: place.location,
                    hint: "write the \(place.kind.title) there as a literal (\(place.setting) = \(change.new)), or "
                        + "delete the line\(fallback)")
            }
            guard places.ships(index) else {
                if place.value != change.new {
                    let by = places.shadowing(.place(index)).map { places.describe($0, inventory) }
                    notes.append(
                        "\(place.location) \(place.keyPath) = \(place.value) left alone: no target ships it"
                            + (by.isEmpty ? "" : " (shadowed by \(by.joined(separator: ", ")))"))
                }
                continue
            }
            guard place.value != change.new else { continue }
            guard Self.fitsXCConfig(change.new) else {
                throw SpecError(
                    "'\(change.new)' cannot be written into \(place.location.file) as it is", location: place.location,
                    hint: "use a version without spaces, '//', ';', '<', '&' or line breaks")
            }
            edits.append(
                BumpPlan.Edit(
                    kind: place.kind, setting: place.setting, location: place.location, keyPath: place.keyPath,
                    usedBy: [], old: place.value, new: change.new, replacement: change.new, range: place.range,
                    documentIndex: -1 - place.file, token: change.new))
        }
        return edits
    }

    /// Text an xcconfig line reads back as itself: no comment start, no separator, no line break, no outer spaces.
    static func fitsXCConfig(_ value: String) -> Bool {
        !value.isEmpty && !value.contains("//") && !value.contains(";") && !value.contains("\n")
            && !value.contains("<") && !value.contains("&")
            && !value.contains("\r") && value.trimmingCharacters(in: .whitespaces) == value
    }

    /// The xcconfig files the edits change, old and new bytes, with their diff.
    static func placeFiles(_ edits: [BumpPlan.Edit], places: VersionPlaces) throws(SpecError) -> (
        files: [BumpPlan.FileUpdate], diff: String
    ) {
        try placeFiles(
            places.files.enumerated().map { fileIndex, file in
                (file, edits.filter { $0.documentIndex == -1 - fileIndex })
            })
    }

    /// Each file with its edits applied (files no edit changes are left out), and their diff.
    static func placeFiles(_ groups: [(file: VersionPlaces.File, edits: [BumpPlan.Edit])]) throws(SpecError) -> (
        files: [BumpPlan.FileUpdate], diff: String
    ) {
        var files: [BumpPlan.FileUpdate] = []
        var diff = ""
        for (file, edits) in groups {
            let mine = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
            guard !mine.isEmpty else { continue }
            var updated: [UInt8] = []
            updated.reserveCapacity(file.bytes.count)
            var copied = 0
            for edit in mine {
                guard edit.range.lowerBound >= copied, edit.range.upperBound <= file.bytes.count,
                    file.bytes[edit.range].elementsEqual(edit.old.utf8)
                else {
                    throw SpecError(
                        "internal error: the text at this position is not the value of \(edit.setting); nothing was "
                            + "written", location: edit.location, hint: "please report this with the file attached")
                }
                updated += file.bytes[copied..<edit.range.lowerBound]
                updated += edit.replacement.utf8
                copied = edit.range.upperBound
            }
            updated += file.bytes[copied...]
            files.append(
                BumpPlan.FileUpdate(
                    url: file.url, displayPath: file.displayPath, rootRelativePath: file.rootRelativePath,
                    original: file.bytes, updated: updated))
            diff += UnifiedDiff.render(path: file.rootRelativePath, old: file.bytes, new: updated)
        }
        return (files, diff)
    }
}

extension VersionPlaces {
    /// Whether place `index` is a literal of `kind` that some target ships.
    func shipsLiteral(_ index: Int, _ kind: VersionDefinition.Kind) -> Bool {
        places[index].kind == kind && !places[index].isReference && ships(index)
    }

    /// The text of the line place `index` is on, for an error's caret line.
    func sourceLine(of index: Int) -> String? {
        let bytes = files[places[index].file].bytes
        let range = places[index].range
        guard range.lowerBound <= bytes.count else { return nil }
        let start = bytes[..<range.lowerBound].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let end = bytes[range.lowerBound...].firstIndex(of: 0x0A) ?? bytes.count
        let line = String(decoding: bytes[start..<end], as: UTF8.self)
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }

    /// The first literal of `kind` a target ships.
    func firstShipped(_ kind: VersionDefinition.Kind) -> Int? {
        places.indices.first { shipsLiteral($0, kind) }
    }

    /// `file:line:column keyPath` of a definition, for messages.
    func describe(_ source: VersionWinner.Source, _ inventory: VersionInventory) -> String {
        switch source {
        case .spec(let index):
            let definition = inventory.definitions[index]
            return "\(definition.location) \(definition.keyPath)"
        case .place(let index):
            return "\(places[index].location) \(places[index].keyPath)"
        }
    }
}
