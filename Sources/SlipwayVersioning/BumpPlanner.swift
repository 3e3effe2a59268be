import SlipwayCore
import SlipwayDetection
import SlipwaySpec
import SlipwayYAML

/// Turns an inventory and the wanted new values into a `BumpPlan`, checking everything before anything is written.
struct BumpPlanner {
    let inventory: VersionInventory
    /// Whether to refuse definitions other targets inherit too; a bump of several apps at once checks them across
    /// the apps instead (`AppsBumpPlanner`).
    var checksShared = true

    /// The marketing change with `auto` already resolved to a level.
    enum Marketing {
        case bump(BumpLevel)
        case set(String)
    }

    func plan(marketing: Marketing?, build: BumpRequest.Build?, auto: BumpPlan.AutoLevel?) throws(SpecError) -> BumpPlan
    {
        try inventory.requireAnyDefinition()
        var notes: [String] = []
        let marketingChange = try marketing.map { (wanted) throws(SpecError) in try change(of: wanted) }
        let buildChange = try build.flatMap { (wanted) throws(SpecError) in try change(of: wanted, notes: &notes) }
        if checksShared, marketingChange != nil { try inventory.requireUnshared(.marketing) }
        if checksShared, buildChange != nil { try inventory.requireUnshared(.build) }
        if let marketingChange, marketingChange.oldValues.count > 1 {
            notes.append(
                "the marketing versions were \(marketingChange.oldValues.joined(separator: ", ")); every definition "
                    + "now holds \(marketingChange.new)")
        }
        let edits = try edits(marketing: marketingChange, build: buildChange)
        let (files, diff) = try updatedFiles(edits)
        try checkReadBack(edits)
        var level: BumpLevel?
        if case .bump(let bumped) = marketing { level = bumped }
        return BumpPlan(
            spec: inventory.spec.root.displayPath, level: level, auto: auto, marketing: marketingChange,
            build: buildChange,
            edits: edits, definitions: inventory.definitions, files: files, diffBytes: diff, notes: notes)
    }

    /// The new marketing version, after checking there is one current value to bump from.
    private func change(of wanted: Marketing) throws(SpecError) -> BumpPlan.Change {
        let current = try inventory.requireLiteral(.marketing)
        switch wanted {
        case .set(let value):
            return change(.marketing, to: value)
        case .bump(let level):
            try inventory.requireAgreement(.marketing, override: "slipway bump --set <version>")
            try inventory.requireUnambiguous(.marketing, override: "slipway bump --set <version>")
            guard let number = VersionNumber(current.value) else {
                throw SpecError(
                    "\(current.setting) '\(current.value)' is not a numeric version, so it cannot be bumped \(level.rawValue)",
                    at: current.node, in: inventory.document(of: current).file,
                    hint:
                        "versions to bump are numbers separated by dots (1.4.2); set another value with 'slipway bump --set <version>'"
                )
            }
            return change(.marketing, to: number.bumped(level))
        }
    }

    /// The new build number; `nil` when a marketing bump finds no literal build number to take along.
    private func change(of wanted: BumpRequest.Build, notes: inout [String]) throws(SpecError) -> BumpPlan.Change? {
        if wanted == .incrementIfDefined, inventory.firstLiteral(.build) == nil {
            let references = inventory.references(.build).map(\.value).uniqued()
            notes.append(
                references.isEmpty
                    ? "no build number (CURRENT_PROJECT_VERSION or CFBundleVersion) in the spec: left alone"
                    : "the build number comes from \(references.joined(separator: ", ")): left alone")
            return nil
        }
        let current = try inventory.requireLiteral(.build)
        switch wanted {
        case .set(let value):
            return change(.build, to: value)
        case .next(let source):
            // BumpService asks the source first; a request that reaches here had none to ask.
            throw SpecError(
                "--build \(source) needs its source of build numbers, which this command does not have",
                hint: "give the number: --build <n>")
        case .increment, .incrementIfDefined:
            try inventory.requireAgreement(.build, override: "slipway bump --build <n>")
            try inventory.requireUnambiguous(.build, override: "slipway bump --build <n>")
            guard let number = VersionNumber(current.value) else {
                throw SpecError(
                    "\(current.setting) '\(current.value)' is not a numeric build number, so it cannot be incremented",
                    at: current.node, in: inventory.document(of: current).file,
                    hint:
                        "build numbers are digits, optionally dotted (118, 2024.11.3); set one with 'slipway bump --build <n>'"
                )
            }
            return change(.build, to: number.nextBuild())
        }
    }

    /// One edit per literal definition whose text must change.
    private func edits(marketing: BumpPlan.Change?, build: BumpPlan.Change?) throws(SpecError) -> [BumpPlan.Edit] {
        let definitions = inventory.definitions
        var edits: [BumpPlan.Edit] = []
        edits.reserveCapacity(definitions.count)
        // Whether each document may hold each new value unquoted: the same answer for every definition there.
        var plain: [Int: (marketing: Bool?, build: Bool?)] = [:]
        var index = 0
        // A run of one document's definitions at a time, by index: a copy of a definition or of its document for
        // each would retain their every field.
        while index < definitions.count {
            let documentIndex = definitions[index].documentIndex
            let document = inventory.document(of: definitions[index])
            var known = plain[documentIndex] ?? (nil, nil)
            defer { plain[documentIndex] = known }
            while index < definitions.count, definitions[index].documentIndex == documentIndex {
                defer { index += 1 }
                guard !definitions[index].isReference else { continue }
                let kind = definitions[index].kind
                // An unquoted value YAML misreads is rewritten even when its text is already right, to quote it.
                guard let target = kind == .marketing ? marketing : build,
                    definitions[index].value != target.new || definitions[index].misread != nil
                else { continue }
                let staysPlain: Bool
                if let answer = kind == .marketing ? known.marketing : known.build {
                    staysPlain = answer
                } else {
                    staysPlain = ScalarRewriter.staysPlain(target.new, in: document)
                    if kind == .marketing { known.marketing = staysPlain } else { known.build = staysPlain }
                }
                edits.append(try edit(definitions[index], to: target.new, in: document, staysPlain: staysPlain))
            }
        }
        return edits
    }

    private func edit(
        _ definition: borrowing VersionDefinition, to new: String, in document: borrowing SpecDocument,
        staysPlain: Bool
    ) throws(SpecError) -> BumpPlan.Edit {
        let replacement = try ScalarRewriter.replacement(
            for: definition, with: new, in: document, staysPlain: staysPlain)
        return BumpPlan.Edit(
            kind: definition.kind, setting: definition.setting, location: definition.location,
            keyPath: definition.keyPath, usedBy: definition.usedBy, old: definition.value, new: new,
            replacement: replacement.text, range: replacement.range, documentIndex: definition.documentIndex,
            token: replacement.token)
    }

    private func change(_ kind: VersionDefinition.Kind, to new: String) -> BumpPlan.Change {
        let values = inventory.valueCounts(kind).map(\.value)
        return BumpPlan.Change(old: values.count == 1 ? values[0] : nil, oldValues: values, new: new)
    }

    /// Each edited file as its old bytes and the replacements, with the diff of them all.
    private func updatedFiles(_ edits: [BumpPlan.Edit]) throws(SpecError) -> (
        files: [BumpPlan.FileUpdate], diff: [UInt8]
    ) {
        try BumpPlanner.files(
            inventory.spec.documents.enumerated().map { index, document in
                // Most specs are one file: its edits are all of them, not a filtered copy (each retains its strings).
                (
                    document,
                    edits.allSatisfy { $0.documentIndex == index } ? edits : edits.filter { $0.documentIndex == index }
                )
            })
    }

    /// Each document with its edits, as the new file (documents no edit changes are left out), and the unified diff
    /// of them all, worked out from the edits: the new bytes are built only when something writes them.
    static func files(_ groups: [(document: SpecDocument, edits: [BumpPlan.Edit])]) throws(SpecError)
        -> (files: [BumpPlan.FileUpdate], diff: [UInt8])
    {
        var files: [BumpPlan.FileUpdate] = []
        var diff: [UInt8] = []
        for (document, edits) in groups {
            guard !edits.isEmpty else { continue }
            // Sorted by index, not by copying the edits (each copy retains its every string); most come in order.
            var order = Array(edits.indices)
            if order.dropFirst().contains(where: { edits[$0].range.lowerBound < edits[$0 - 1].range.lowerBound }) {
                order.sort { edits[$0].range.lowerBound < edits[$1].range.lowerBound }
            }
            let original = document.file.bytes
            let splice: Splice
            do {
                splice = try Splice(
                    order.map { Splice.Piece(range: edits[$0].range, text: edits[$0].replacement) },
                    oldCount: original.count)
            } catch {
                let edit = edits[order[error.index]]
                throw SpecError(
                    edit.range.upperBound > original.count
                        ? "a version value lies past the end of \(document.displayPath)"
                        : "two version values overlap in \(document.displayPath)",
                    location: edit.location)
            }
            guard splice.changes(original) else { continue }
            files.append(
                BumpPlan.FileUpdate(
                    url: document.url, displayPath: document.displayPath, rootRelativePath: document.rootRelativePath,
                    original: original, splice: splice))
            let lines = UnifiedDiff.renderBytes(path: document.rootRelativePath, old: original, splice: splice)
            if diff.isEmpty { diff = lines } else { diff += lines }
        }
        return (files, diff)
    }

    /// Parses each distinct replacement on its own, in flow context (the stricter one, and valid JSON), and checks
    /// that it reads back as exactly the intended text: the last guard before anything is written. That only the
    /// value's bytes change holds by construction: each edit replaces the range of one scalar, whose source text
    /// `ScalarRewriter` has matched against the parsed value.
    private func checkReadBack(_ edits: [BumpPlan.Edit]) throws(SpecError) {
        // A handful of distinct tokens among hundreds of edits: a short list, compared, costs less than a set's
        // hashing of every token; past eight tokens, a set takes over.
        var checked: [String] = []
        var many: Set<String>?
        for edit in edits {
            guard !(many?.contains(edit.token) ?? checked.contains(edit.token)) else { continue }
            checked.append(edit.token)
            if many == nil, checked.count > 8 { many = Set(checked) } else { many?.insert(edit.token) }
            let item: YAMLNode?
            do {
                item = try YAMLFile(path: "replacement", text: "[\(edit.token)]").root?.items.first
            } catch {
                item = nil
            }
            guard let item, item.kind == .scalar, item.scalar == edit.new,
                item.style != .plain || PlainScalar.readsBack(item.scalar)
            else {
                throw SpecError(
                    "internal error: \(edit.token) would not read back as \(edit.new); nothing was written",
                    location: edit.location, hint: "please report this with the spec attached")
            }
        }
    }
}
