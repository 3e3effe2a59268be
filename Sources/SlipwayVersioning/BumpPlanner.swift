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
    /// Whether `--set` refuses targets that look like separate apps (their marketing versions differ and no `apps:`
    /// splits them): a release of one version for both would be two apps' releases in one. `bump --set` is how
    /// disagreeing definitions are brought into step on purpose, so only a release asks for this.
    var refusesSeparateApps = false
    /// The xcconfig places `configFiles` lead to, with which one each target ships.
    var places = VersionPlaces()

    /// The marketing change with `auto` already resolved to a level.
    enum Marketing {
        case bump(BumpLevel)
        case set(String)
    }

    func plan(marketing: Marketing?, build: BumpRequest.Build?, auto: BumpPlan.AutoLevel?) throws(SpecError) -> BumpPlan
    {
        if places.places.isEmpty { try inventory.requireAnyDefinition() }
        if refusesSeparateApps, case .set = marketing, inventory.suggestedApps != nil {
            try inventory.requireAgreement(.marketing, override: "slipway bump --set <version>")
        }
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
        var edits = try edits(marketing: marketingChange, build: buildChange)
        var (files, diff) = try updatedFiles(edits)
        try checkReadBack(edits)
        let placeEdits = try self.placeEdits(marketing: marketingChange, build: buildChange, notes: &notes)
        let placeFiles = try BumpPlanner.placeFiles(placeEdits, places: places)
        edits += placeEdits
        files += placeFiles.files
        diff += placeFiles.diff
        var level: BumpLevel?
        if case .bump(let bumped) = marketing { level = bumped }
        return BumpPlan(
            spec: inventory.spec.root.displayPath, level: level, auto: auto, marketing: marketingChange,
            build: buildChange,
            edits: edits, definitions: inventory.definitions, files: files, diff: diff, notes: notes)
    }

    /// The new marketing version, after checking there is one current value to bump from.
    private func change(of wanted: Marketing) throws(SpecError) -> BumpPlan.Change {
        let current = try self.current(.marketing)
        switch wanted {
        case .set(let value):
            return change(.marketing, to: value)
        case .bump(let level):
            try inventory.requireAgreement(.marketing, override: "slipway bump --set <version>")
            try inventory.requireUnambiguous(.marketing, override: "slipway bump --set <version>")
            try requirePlacesAgree(.marketing, with: current.value, override: "slipway bump --set <version>")
            guard let number = VersionNumber(current.value) else {
                throw SpecError(
                    "\(current.setting) '\(current.value)' is not a numeric version, so it cannot be bumped \(level.rawValue)",
                    location: current.location, sourceLine: current.sourceLine,
                    hint:
                        "versions to bump are numbers separated by dots (1.4.2); set another value with 'slipway bump --set <version>'"
                )
            }
            return change(.marketing, to: number.bumped(level))
        }
    }

    /// The new build number; `nil` when a marketing bump finds no literal build number to take along.
    private func change(of wanted: BumpRequest.Build, notes: inout [String]) throws(SpecError) -> BumpPlan.Change? {
        if wanted == .incrementIfDefined, inventory.firstLiteral(.build) == nil, places.firstShipped(.build) == nil {
            let references = inventory.references(.build).map(\.value).uniqued()
            notes.append(
                references.isEmpty
                    ? "no build number (CURRENT_PROJECT_VERSION or CFBundleVersion) in the spec: left alone"
                    : "the build number comes from \(references.joined(separator: ", ")): left alone")
            return nil
        }
        let current = try self.current(.build)
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
            try requirePlacesAgree(.build, with: current.value, override: "slipway bump --build <n>")
            guard let number = VersionNumber(current.value) else {
                throw SpecError(
                    "\(current.setting) '\(current.value)' is not a numeric build number, so it cannot be incremented",
                    location: current.location, sourceLine: current.sourceLine,
                    hint:
                        "build numbers are digits, optionally dotted (118, 2024.11.3); set one with 'slipway bump --build <n>'"
                )
            }
            return change(.build, to: number.nextBuild())
        }
    }

    /// One edit per literal definition whose text must change.
    private func edits(marketing: BumpPlan.Change?, build: BumpPlan.Change?) throws(SpecError) -> [BumpPlan.Edit] {
        var edits: [BumpPlan.Edit] = []
        for definition in inventory.definitions where !definition.isReference {
            let target = definition.kind == .marketing ? marketing : build
            // An unquoted value YAML misreads is rewritten even when its text is already right, to quote it.
            guard let target, definition.value != target.new || definition.misread != nil else { continue }
            let document = inventory.document(of: definition)
            let replacement = try ScalarRewriter.replacement(for: definition, with: target.new, in: document)
            edits.append(
                BumpPlan.Edit(
                    kind: definition.kind, setting: definition.setting, location: definition.location,
                    keyPath: definition.keyPath,
                    usedBy: definition.usedBy, old: definition.value, new: target.new, replacement: replacement.text,
                    range: replacement.range, documentIndex: definition.documentIndex, token: replacement.token))
        }
        return edits
    }

    private func change(_ kind: VersionDefinition.Kind, to new: String) -> BumpPlan.Change {
        var values = inventory.valueCounts(kind).map(\.value)
        for index in places.places.indices where places.shipsLiteral(index, kind) {
            if !values.contains(places.places[index].value) { values.append(places.places[index].value) }
        }
        return BumpPlan.Change(old: values.count == 1 ? values[0] : nil, oldValues: values, new: new)
    }

    /// Each edited file's old and new bytes, with the diff of them all.
    private func updatedFiles(_ edits: [BumpPlan.Edit]) throws(SpecError) -> (
        files: [BumpPlan.FileUpdate], diff: String
    ) {
        try BumpPlanner.files(
            inventory.spec.documents.enumerated().map { index, document in
                (document, edits.filter { $0.documentIndex == index })
            })
    }

    /// Each document with its edits applied, as the new file (documents no edit changes are left out), and the
    /// unified diff of every file's old and new bytes.
    static func files(_ groups: [(document: SpecDocument, edits: [BumpPlan.Edit])]) throws(SpecError)
        -> (files: [BumpPlan.FileUpdate], diff: String)
    {
        var files: [BumpPlan.FileUpdate] = []
        var diff = ""
        for (document, edits) in groups {
            let original = document.file.bytes
            var updated: [UInt8] = []
            updated.reserveCapacity(original.count)
            var copied = 0
            for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                guard edit.range.lowerBound >= copied, edit.range.upperBound <= original.count else {
                    throw SpecError(
                        edit.range.upperBound > original.count
                            ? "a version value lies past the end of \(document.displayPath)"
                            : "two version values overlap in \(document.displayPath)",
                        location: edit.location)
                }
                updated += original[copied..<edit.range.lowerBound]
                updated += edit.replacement.utf8
                copied = edit.range.upperBound
            }
            updated += original[copied...]
            guard updated != original else { continue }
            files.append(
                BumpPlan.FileUpdate(
                    url: document.url, displayPath: document.displayPath, rootRelativePath: document.rootRelativePath,
                    original: original, updated: updated))
            diff += UnifiedDiff.render(path: document.rootRelativePath, old: original, new: updated)
        }
        return (files, diff)
    }

    /// Parses each distinct replacement on its own, in flow context (the stricter one, and valid JSON), and checks
    /// that it reads back as exactly the intended text: the last guard before anything is written. That only the
    /// value's bytes change holds by construction: each edit replaces the range of one scalar, whose source text
    /// `ScalarRewriter` has matched against the parsed value.
    private func checkReadBack(_ edits: [BumpPlan.Edit]) throws(SpecError) {
        var checked = Set<String>()
        for edit in edits where checked.insert(edit.token).inserted {
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
