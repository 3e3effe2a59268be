import SlipwayCore
import SlipwayYAML

/// Turns an inventory and the wanted new values into a `BumpPlan`, checking everything before anything is written.
struct BumpPlanner {
    let inventory: VersionInventory

    /// The marketing change with `auto` already resolved to a level.
    enum Marketing {
        case bump(BumpLevel)
        case set(String)
    }

    func plan(marketing: Marketing?, build: BumpRequest.Build?, auto: BumpPlan.AutoLevel?) throws(SpecError) -> BumpPlan {
        try inventory.requireAnyDefinition()
        var marketingChange: BumpPlan.Change?
        var buildChange: BumpPlan.Change?
        var level: BumpLevel?
        if let marketing {
            let literals = try inventory.requireLiterals(.marketing)
            switch marketing {
            case .set(let value):
                marketingChange = change(.marketing, to: value)
            case .bump(let bumpLevel):
                try inventory.requireAgreement(.marketing, override: "slipway bump --set <version>")
                try inventory.requireUnambiguous(.marketing, override: "slipway bump --set <version>")
                let current = literals[0]
                guard let number = VersionNumber(current.value) else {
                    throw SpecError(
                        "\(current.setting) '\(current.value)' is not a numeric version, so it cannot be bumped \(bumpLevel.rawValue)",
                        at: current.node, in: inventory.document(of: current).file,
                        hint: "versions to bump are numbers separated by dots (1.4.2); set another value with 'slipway bump --set <version>'")
                }
                level = bumpLevel
                marketingChange = change(.marketing, to: number.bumped(bumpLevel))
            }
        }
        if let build {
            let literals = try inventory.requireLiterals(.build)
            switch build {
            case .set(let value):
                buildChange = change(.build, to: value)
            case .increment:
                try inventory.requireAgreement(.build, override: "slipway bump --build <n>")
                try inventory.requireUnambiguous(.build, override: "slipway bump --build <n>")
                let current = literals[0]
                guard let number = VersionNumber(current.value) else {
                    throw SpecError(
                        "\(current.setting) '\(current.value)' is not a numeric build number, so it cannot be incremented",
                        at: current.node, in: inventory.document(of: current).file,
                        hint: "build numbers are digits, optionally dotted (118, 2024.11.3); set one with 'slipway bump --build <n>'")
                }
                buildChange = change(.build, to: number.nextBuild())
            }
        }

        var edits: [BumpPlan.Edit] = []
        for definition in inventory.definitions where !definition.isReference {
            let target = definition.kind == .marketing ? marketingChange : buildChange
            // An unquoted value YAML misreads is rewritten even when its text is already right, to quote it.
            guard let target, definition.value != target.new || definition.misread != nil else { continue }
            let document = inventory.document(of: definition)
            let replacement = try ScalarRewriter.replacement(for: definition, with: target.new, in: document)
            edits.append(BumpPlan.Edit(
                kind: definition.kind, setting: definition.setting, location: definition.location, keyPath: definition.keyPath,
                usedBy: definition.usedBy, old: definition.value, new: target.new, replacement: replacement.text,
                range: replacement.range, documentIndex: definition.documentIndex))
        }
        let files = try updatedFiles(edits)
        try verify(files, marketing: marketingChange?.new, build: buildChange?.new)
        let diff = files.map { UnifiedDiff.render(path: $0.displayPath, old: $0.original, new: $0.updated) }.joined()
        return BumpPlan(
            spec: inventory.spec.root.displayPath, level: level, auto: auto, marketing: marketingChange, build: buildChange,
            edits: edits, references: inventory.allReferences, files: files, diff: diff)
    }

    private func change(_ kind: VersionDefinition.Kind, to new: String) -> BumpPlan.Change {
        let values = inventory.values(kind).map(\.value)
        return BumpPlan.Change(old: values.count == 1 ? values[0] : nil, oldValues: values, new: new)
    }

    /// Applies each file's edits back to front, so earlier offsets stay valid.
    private func updatedFiles(_ edits: [BumpPlan.Edit]) throws(SpecError) -> [BumpPlan.FileUpdate] {
        var files: [BumpPlan.FileUpdate] = []
        for (index, document) in inventory.spec.documents.enumerated() {
            let mine = edits.filter { $0.documentIndex == index }.sorted { $0.range.lowerBound > $1.range.lowerBound }
            guard !mine.isEmpty else { continue }
            var bytes = document.file.bytes
            var limit = bytes.count
            for edit in mine {
                guard edit.range.upperBound <= limit else {
                    throw SpecError("two version values overlap in \(document.displayPath)", location: edit.location)
                }
                bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
                limit = edit.range.lowerBound
            }
            if bytes != document.file.bytes {
                files.append(BumpPlan.FileUpdate(url: document.url, displayPath: document.displayPath, original: document.file.bytes, updated: bytes))
            }
        }
        return files
    }

    /// Reads every edited file back and checks that it still parses and that each definition now holds exactly the
    /// intended text (the new value where one was asked for, the old one elsewhere): a last guard against ever
    /// writing a file that means something other than what was planned.
    private func verify(_ files: [BumpPlan.FileUpdate], marketing: String?, build: String?) throws(SpecError) {
        for update in files {
            guard let index = inventory.spec.documents.firstIndex(where: { $0.url == update.url }) else { continue }
            let original = inventory.spec.documents[index]
            let reparsed: YAMLFile
            do {
                reparsed = try YAMLFile(path: original.displayPath, bytes: update.updated)
            } catch {
                throw SpecError("internal error: the edited \(original.displayPath) no longer parses (\(error.message)); nothing was written",
                                hint: "please report this with the spec attached")
            }
            let document = SpecDocument(url: original.url, displayPath: original.displayPath, file: reparsed,
                                        includedFrom: original.includedFrom, basePath: original.basePath, relativePath: original.relativePath)
            var locator = VersionLocator(document: document, documentIndex: index)
            let after = try locator.locate()
            let before = inventory.definitions.filter { $0.documentIndex == index }
            let consistent = before.count == after.count && zip(before, after).allSatisfy { old, new in
                let wanted = old.isReference ? old.value : ((old.kind == .marketing ? marketing : build) ?? old.value)
                return old.keyPath == new.keyPath && new.value == wanted && (new.misread == nil || wanted == old.value && old.misread != nil)
            }
            guard consistent else {
                throw SpecError("internal error: the edited \(original.displayPath) would not read back as planned; nothing was written",
                                hint: "please report this with the spec attached")
            }
        }
    }
}
