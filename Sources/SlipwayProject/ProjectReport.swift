import SlipwayCore

/// What `slipway project` shows of a model: its targets (type, platforms, bundle id, deployment target,
/// dependencies with local packages' folders, Info.plist and entitlements) and the schemes XcodeGen writes (build
/// targets with their actions, test targets, test plans and the bundles each plan runs, configurations), as text for
/// people and as JSON for tools (schemas/project.schema.json).
public struct ProjectReport: Sendable {
    public let model: ProjectModel
    /// The spec, as the report names it (relative to the current folder).
    public let spec: String

    public init(model: ProjectModel, spec: String) {
        self.model = model
        self.spec = spec
    }

    /// A scheme's build actions as the spec writes them (`build.targets.<name>: [run, test…]`), in XcodeGen's order.
    static let actions: [(word: String, buildType: String)] = [
        ("run", "running"), ("test", "testing"), ("profile", "profiling"), ("analyze", "analyzing"),
        ("archive", "archiving"),
    ]

    static func actions(_ buildTypes: Set<String>) -> [String] {
        actions.filter { buildTypes.contains($0.buildType) }.map(\.word)
    }

    public var json: JSON {
        .object([
            "spec": .string(spec),
            "name": model.name.map { .string($0.value) } ?? .null,
            "targets": .array(model.targets.map(targetJSON)),
            "schemes": .array(model.schemes.map(schemeJSON)),
            "packages": .array(
                model.packages.map { package in
                    var object: [String: JSON] = ["name": .string(package.name)]
                    object["path"] = package.path.map { .string($0.value) } ?? .null
                    object["url"] = package.url.map { .string($0) } ?? .null
                    return .object(object)
                }),
            "warnings": .array(
                model.warnings.map { warning in
                    .object([
                        "message": .string(warning.message),
                        "location": warning.location.map { .string($0.description) } ?? .null,
                        "hint": warning.hint.map { .string($0) } ?? .null,
                    ])
                }),
        ])
    }

    private func targetJSON(_ target: ProjectTarget) -> JSON {
        var byConfig: [String: JSON] = [:]
        for identifier in target.bundleIdentifiers {
            if let config = identifier.config { byConfig[config] = .string(identifier.value) }
        }
        return .object([
            "name": .string(target.name),
            "location": .string(target.location.description),
            "type": .string(target.typeName),
            "platform": target.platform.map { .string($0.value) } ?? .null,
            "platforms": .array(target.platforms.map { .string($0) }),
            "bundleIdentifier": baseBundleIdentifier(target).map { .string($0) } ?? .null,
            "bundleIdentifiersByConfig": .object(byConfig),
            "deploymentTarget": target.deploymentTarget.map { .string($0.value) } ?? .null,
            "dependencies": .array(target.dependencies.map(dependencyJSON)),
            "info": target.info?.path.map { .string($0.value) } ?? .null,
            "entitlements": target.entitlements?.path.map { .string($0.value) } ?? .null,
        ])
    }

    private func baseBundleIdentifier(_ target: ProjectTarget) -> String? {
        target.bundleIdentifiers.first { $0.config == nil }?.value
    }

    private func dependencyJSON(_ dependency: ProjectDependency) -> JSON {
        var object: [String: JSON] = [
            "type": .string(dependency.kind.rawValue), "name": .string(dependency.name.value),
        ]
        if dependency.kind == .package {
            object["product"] = dependency.product.map { .string($0) } ?? .null
            object["path"] = localPackagePath(dependency).map { .string($0) } ?? .null
        }
        return .object(object)
    }

    private func localPackagePath(_ dependency: ProjectDependency) -> String? {
        model.packages.first { $0.name == dependency.name.value }?.path?.value
    }

    private func schemeJSON(_ scheme: ProjectScheme) -> JSON {
        .object([
            "name": .string(scheme.name),
            "location": .string(scheme.location.description),
            "shared": .bool(scheme.shared),
            "buildTargets": .array(
                scheme.buildTargets.map { target in
                    .object([
                        "name": .string(target.name.value),
                        "actions": .array(Self.actions(target.buildTypes).map { .string($0) }),
                    ])
                }),
            "testTargets": .array(
                scheme.testTargets.map { target in
                    .object(["name": .string(target.name.value), "skipped": .bool(target.skipped)])
                }),
            "testPlans": .array(
                scheme.testPlans.map { plan in
                    .object([
                        "path": .string(plan.path.value), "default": .bool(plan.isDefault),
                        "runs": plan.file.map { .array($0.runTargets.map { .string($0) }) } ?? .null,
                    ])
                }),
            "testConfiguration": scheme.testConfiguration.map { .string($0) } ?? .null,
            "archiveConfiguration": scheme.archiveConfiguration.map { .string($0) } ?? .null,
        ])
    }

    /// The report for people: one block per target and per scheme.
    public var text: String {
        var lines: [String] = []
        lines.append("\(model.name?.value ?? "(no name)") (\(spec))")
        lines.append("")
        lines.append("Targets")
        for target in model.targets {
            var head = "  \(target.name): \(target.typeName.isEmpty ? "(no type)" : target.typeName)"
            if !target.platforms.isEmpty { head += ", \(target.platforms.joined(separator: ", "))" }
            if let deployment = target.deploymentTarget { head += " \(deployment.value)" }
            lines.append(head)
            if let identifier = baseBundleIdentifier(target) { lines.append("    bundle id: \(identifier)") }
            for identifier in target.bundleIdentifiers where identifier.config != nil {
                lines.append("    bundle id (\(identifier.config ?? "")): \(identifier.value)")
            }
            if !target.dependencies.isEmpty {
                let names = target.dependencies.map { dependency in
                    switch dependency.kind {
                    case .target: return dependency.name.value
                    case .package:
                        let path = localPackagePath(dependency).map { " at \($0)" } ?? ""
                        return "\(dependency.name.value) (package\(path))"
                    default: return "\(dependency.name.value) (\(dependency.kind.rawValue))"
                    }
                }
                lines.append("    depends on: \(names.joined(separator: ", "))")
            }
            if let path = target.info?.path { lines.append("    Info.plist: \(path.value)") }
            if let path = target.entitlements?.path { lines.append("    entitlements: \(path.value)") }
        }
        lines.append("")
        if model.schemes.isEmpty {
            lines.append("Schemes: none written by XcodeGen (Xcode makes one per target)")
        } else {
            lines.append("Schemes")
        }
        for scheme in model.schemes {
            lines.append("  \(scheme.name)" + (scheme.shared ? "" : " (not shared)"))
            let builds = scheme.buildTargets.map { target in
                let actions = Self.actions(target.buildTypes)
                let written = actions.count == Self.actions.count ? "all" : actions.joined(separator: ", ")
                return "\(target.name.value) (\(written.isEmpty ? "none" : written))"
            }
            if !builds.isEmpty { lines.append("    build: \(builds.joined(separator: ", "))") }
            let tests = scheme.testTargets.map { $0.name.value + ($0.skipped ? " (skipped)" : "") }
            if !tests.isEmpty { lines.append("    test: \(tests.joined(separator: ", "))") }
            for plan in scheme.testPlans {
                var line = "    test plan: \(plan.path.value)" + (plan.isDefault ? " (default)" : "")
                if let file = plan.file { line += ", runs \(file.runTargets.joined(separator: ", "))" }
                lines.append(line)
            }
            lines.append(
                "    configurations: test \(scheme.testConfiguration ?? "-"), archive "
                    + (scheme.archiveConfiguration ?? "-"))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
