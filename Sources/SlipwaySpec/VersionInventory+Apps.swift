import SlipwayConfig
import SlipwayCore

extension VersionInventory {
    /// When the spec's targets hold different marketing versions and no `apps:` says how to split them: the
    /// `apps:` block of `.slipway.yml` that would give each group of targets its own version; else `nil`.
    public var suggestedApps: String? {
        guard app == nil else { return nil }
        let byTarget = valuesByTarget(.marketing)
        var order: [String] = []
        var groups: [String: [String]] = [:]
        for (target, value) in byTarget {
            if groups[value] == nil { order.append(value) }
            groups[value, default: []].append(target)
        }
        guard order.count > 1 else { return nil }
        var names = Set<String>()
        var lines = ["apps:"]
        for value in order {
            let members = groups[value] ?? []
            var name = VersionInventory.appName(members[0])
            while !names.insert(name).inserted { name += "-\(value)" }
            lines.append("  - name: \(name)  # \(value)")
            lines.append("    spec: \(spec.root.rootRelativePath)")
            lines.append("    targets: [\(members.joined(separator: ", "))]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A target name as an app name: lower case, characters a tag cannot hold as `-`.
    static func appName(_ target: String) -> String {
        let mapped = target.lowercased().unicodeScalars.map { scalar -> String in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "._-".unicodeScalars
                        .contains(scalar))
                ? String(scalar) : "-"
        }.joined()
        return mapped.isEmpty || mapped.hasPrefix(".") || mapped.hasPrefix("-") ? "app" + mapped : mapped
    }

    /// Refuses an edit of a definition another app's targets inherit too, listing each place and who shares it.
    package func requireUnshared(_ kind: VersionDefinition.Kind) throws(SpecError) {
        let mine = shared.filter { $0.definition.kind == kind && !$0.definition.isReference }
        guard let app, !mine.isEmpty else { return }
        let lines = mine.map {
            "  \($0.definition.location) \($0.definition.keyPath) = \($0.definition.value)  (also "
                + "\($0.others.joined(separator: ", ")))"
        }
        throw SpecError(
            "the \(kind.title) of '\(app.name)' is defined where other apps' targets inherit it too, so changing it "
                + "would change theirs:\n" + lines.joined(separator: "\n"),
            hint: "give each app's targets their own \(kind.settings[0]) in their settings, then bump each app")
    }
}
