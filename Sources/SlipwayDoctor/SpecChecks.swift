import SlipwayCore
import SlipwayProject

/// What XcodeGen's `SpecValidation` refuses, found before `xcodegen generate` is run.
struct SpecChecks {
    let project: DoctorProject

    func run() -> [DoctorFinding] {
        missingSources() + missingConfigFiles() + unknownSchemeTargets() + unknownDependencies()
    }

    func missingSources() -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        for target in project.model.targets {
            for source in target.sources where !source.optional && !project.exists(source.path.value) {
                findings.append(
                    DoctorFinding(
                        .missingSource,
                        "target '\(target.name)' has the source '\(source.path.value)', which does not exist",
                        at: source.path.location,
                        fix: "create '\(source.path.value)', correct the path, or add 'optional: true' to the source"))
            }
        }
        return findings
    }

    func missingConfigFiles() -> [DoctorFinding] {
        var entries: [(owner: String, config: String, path: Located<String>)] = project.model.configFiles.map {
            ("the project", $0.key, $0.value)
        }
        for target in project.model.targets {
            entries += target.configFiles.map { ("target '\(target.name)'", $0.key, $0.value) }
        }
        return entries.sorted { "\($0.path.location)" < "\($1.path.location)" }.compactMap { entry in
            guard !project.exists(entry.path.value) else { return nil }
            return DoctorFinding(
                .missingConfigFile,
                "\(entry.owner) names '\(entry.path.value)' as the \(entry.config) config file, which does not exist",
                at: entry.path.location, fix: "create '\(entry.path.value)' or correct the path under configFiles:")
        }
    }

    func unknownSchemeTargets() -> [DoctorFinding] {
        let names = Set(project.model.targets.map(\.name))
        var suggestions = Suggestions(names)
        var findings: [DoctorFinding] = []
        for scheme in project.model.schemes {
            let references = scheme.buildTargets.map(\.name) + scheme.testTargets.map(\.name)
            var reported: Set<SourceLocation> = []
            // A `Project/Target` name points into another project (projectReferences): not this spec's to judge.
            for reference in references
            where !names.contains(reference.value) && !reference.value.contains("/")
                && reported.insert(reference.location).inserted
            {
                findings.append(
                    DoctorFinding(
                        .unknownSchemeTarget,
                        "scheme '\(scheme.name)' names the target '\(reference.value)', which the spec does not define",
                        at: reference.location, fix: suggestions.fix(for: reference.value)))
            }
        }
        return findings
    }

    func unknownDependencies() -> [DoctorFinding] {
        let names = Set(project.model.targets.map(\.name))
        var suggestions = Suggestions(names)
        var findings: [DoctorFinding] = []
        for target in project.model.targets {
            for dependency in target.dependencies
            where dependency.kind == .target && !names.contains(dependency.name.value)
                && !dependency.name.value.contains("/")
            {
                findings.append(
                    DoctorFinding(
                        .unknownDependency,
                        "target '\(target.name)' depends on the target '\(dependency.name.value)', which the spec does not define",
                        at: dependency.name.location, fix: suggestions.fix(for: dependency.name.value)))
            }
        }
        return findings
    }

    static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a.lowercased()), Array(b.lowercased()), within: Int.max) ?? Int.max
    }

    /// Levenshtein distance, or `nil` once it is sure to exceed `limit` (the length difference alone, or a whole row
    /// past it): a name is compared with every target's, so most comparisons stop early.
    static func distance(_ a: [Character], _ b: [Character], within limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            var smallest = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                smallest = min(smallest, current[j])
            }
            if smallest > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// The fix for a name the spec does not define: the closest defined name when one is close, else the list. Each
    /// name's fix is worked out once, so a spec that names one missing target from thousands of places costs one
    /// search, not thousands.
    struct Suggestions {
        /// The names a fix lists when none is close: enough to recognise the spec's own, not a spec's worth.
        static let listed = 10

        let sorted: [String]
        private let lowered: [[Character]]
        private var known: [String: String] = [:]

        init(_ names: Set<String>) {
            sorted = names.sorted()
            lowered = sorted.map { Array($0.lowercased()) }
        }

        mutating func fix(for name: String) -> String {
            if let fix = known[name] { return fix }
            let fix = Self.fix(for: name, sorted: sorted, lowered: lowered)
            known[name] = fix
            return fix
        }

        private static func fix(for name: String, sorted: [String], lowered: [[Character]]) -> String {
            let own = Array(name.lowercased())
            var best: (index: Int, distance: Int)?
            // Only a name within this distance is suggested, so no comparison needs to look further.
            var limit = max(2, name.count / 3)
            for index in sorted.indices {
                guard let found = SpecChecks.distance(own, lowered[index], within: limit) else { continue }
                if best == nil || found < best!.distance {
                    best = (index, found)
                    limit = found
                }
            }
            if let best { return "did you mean '\(sorted[best.index])'? use a name under targets:" }
            if sorted.isEmpty { return "define the target under targets:" }
            let shown = sorted.prefix(listed).joined(separator: ", ")
            let more = sorted.count > listed ? " and \(sorted.count - listed) more" : ""
            return "use one of: \(shown)\(more)"
        }
    }
}
