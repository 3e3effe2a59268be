import Foundation
import SlipwayCore
import SlipwayProject

/// A project model as lines of text, for golden files: every target and scheme with the facts the model holds and
/// where each was written.
enum ModelDump {
    static func text(_ model: ProjectModel) -> String {
        var lines: [String] = []
        lines.append("project \(model.name.map { "\($0.value) @ \($0.location)" } ?? "(no name)")")
        if let prefix = model.bundleIdPrefix { lines.append("bundleIdPrefix \(prefix.value) @ \(prefix.location)") }
        for target in model.targets { lines += self.target(target) }
        for scheme in model.schemes { lines += self.scheme(scheme) }
        for warning in model.warnings { lines.append(warning.description) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func target(_ target: ProjectTarget) -> [String] {
        var lines = [
            "target \(target.name) \(target.typeName) [\(target.platforms.joined(separator: ", "))] @ \(target.location)"
        ]
        if target.productName != target.name { lines.append("  productName \(target.productName)") }
        if !target.templates.isEmpty { lines.append("  templates \(target.templates.joined(separator: ", "))") }
        if let deployment = target.deploymentTarget {
            lines.append("  deploymentTarget \(deployment.value) @ \(deployment.location)")
        }
        for id in target.bundleIdentifiers {
            let config = id.config.map { " (\($0))" } ?? ""
            lines.append("  bundleId \(id.value)\(config) from \(id.origin.rawValue) @ \(id.location)")
        }
        for source in target.sources {
            var text = "  source \(source.path.value)"
            if source.optional { text += " optional" }
            if !source.excludes.isEmpty { text += " excludes \(source.excludes.map(\.value).joined(separator: ", "))" }
            if !source.includes.isEmpty { text += " includes \(source.includes.map(\.value).joined(separator: ", "))" }
            lines.append(text + " @ \(source.path.location)")
        }
        for dependency in target.dependencies {
            lines.append(
                "  dependency \(dependency.kind.rawValue) \(dependency.name.value) @ \(dependency.name.location)")
        }
        for (key, plist) in [("info", target.info), ("entitlements", target.entitlements)] {
            guard let plist else { continue }
            let keys = plist.properties.map(\.key).joined(separator: ", ")
            lines.append(
                "  \(key) \(plist.path.map { "\($0.value) @ \($0.location)" } ?? "(no path)") properties [\(keys)]")
        }
        for (name, file) in target.configFiles.sorted(by: { $0.key < $1.key }) {
            lines.append("  configFile \(name) \(file.value) @ \(file.location)")
        }
        return lines
    }

    private static func scheme(_ scheme: ProjectScheme) -> [String] {
        let origin: String
        switch scheme.origin {
        case .schemes: origin = "schemes"
        case .target(let name, let variant): origin = "target \(name)" + (variant.map { " variant \($0)" } ?? "")
        }
        var lines = ["scheme \(scheme.name) from \(origin) @ \(scheme.location)"]
        for target in scheme.buildTargets {
            lines.append("  build \(target.name.value) [\(target.buildTypes.sorted().joined(separator: ", "))]")
        }
        for target in scheme.testTargets {
            lines.append("  test \(target.name.value)\(target.skipped ? " skipped" : "") @ \(target.name.location)")
        }
        for plan in scheme.testPlans {
            lines.append("  testPlan \(plan.path.value)\(plan.isDefault ? " default" : "") @ \(plan.path.location)")
        }
        return lines
    }
}
