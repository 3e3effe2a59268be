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
                        at: reference.location, fix: Self.suggestion(reference.value, names)))
            }
        }
        return findings
    }

    func unknownDependencies() -> [DoctorFinding] {
        let names = Set(project.model.targets.map(\.name))
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
                        at: dependency.name.location, fix: Self.suggestion(dependency.name.value, names)))
            }
        }
        return findings
    }

    /// The closest defined name, when one is close, else the list.
    static func suggestion(_ name: String, _ names: Set<String>) -> String {
        let sorted = names.sorted()
        if let near = sorted.min(by: { distance(name, $0) < distance(name, $1) }),
            distance(name, near) <= max(2, name.count / 3)
        {
            return "did you mean '\(near)'? use a name under targets:"
        }
        return sorted.isEmpty ? "define the target under targets:" : "use one of: \(sorted.joined(separator: ", "))"
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased())
        let b = Array(b.lowercased())
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
