import Foundation
import SlipwayConfig

/// The commented `.slipway.yml` that `slipway init` writes from its findings.
enum InitFile {
    static func text(_ findings: InitService.Findings) -> String {
        var lines = [
            "# \(Configuration.fileName), written by 'slipway init' from what this repository holds. Every key is",
            "# optional; Slipway's docs/configuration.md lists them all.",
        ]
        let whiteLabel = findings.specs.count > 1 && findings.specs.allSatisfy { $0.path.hasPrefix("Apps/") }
        let specs = whiteLabel ? findings.specs : Array(findings.specs.prefix(1))
        if !whiteLabel, findings.specs.count > 1 {
            lines.append(
                "# Other specs found, not described here: \(findings.specs.dropFirst().map(\.path).joined(separator: ", "))"
            )
        }
        let apps = specs.flatMap { spec in
            spec.apps.isEmpty && whiteLabel
                ? [(name: folderName(spec.path), spec: spec, targets: [String]?.none, version: "")]
                : spec.apps.map { (name: $0.name, spec: spec, targets: Optional($0.targets), version: $0.version) }
        }
        for spec in specs {
            if let project = spec.committedProject {
                lines.append(
                    "# \(project) is committed: 'slipway run' builds it as it is; 'slipway release' regenerates")
                lines.append(
                    "# it (xcodegen generate) and commits it with the spec. 'slipway doctor' says when it is stale.")
            }
        }
        for ci in findings.ci {
            lines.append("# CI in use: \(ci); 'slipway ci install' adds Slipway's checks.")
        }
        if apps.isEmpty {
            lines += single(specs[0], tags: findings.tags)
        } else {
            lines += several(apps, tags: findings.tags)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One app: the spec, its project root, and the release tags in history.
    private static func single(_ spec: InitService.Findings.Spec, tags: [String]) -> [String] {
        var lines = ["", "# The XcodeGen spec, relative to the repository root.", "spec: \(quoted(spec.path))"]
        if let projectRoot = spec.projectRoot {
            lines += [
                "# Its includes are relative to the repository root, as with xcodegen --project-root.",
                "projectRoot: \(quoted(projectRoot))",
            ]
        }
        let prefix = tagPrefix(tags) ?? "v"
        lines.append("")
        lines.append(
            tags.isEmpty
                ? "# No tags in history yet; releases are tagged \(prefix){version}."
                : "# Release tags in history: \(summary(tags)).")
        lines += [
            "detect:",
            "  # The tags that are releases; the latest one reachable is where 'since the last release' starts.",
            "  releaseTagPattern: \(quoted(prefix + "*"))", "release:",
            "  # The tag a release makes: releaseTagPattern above must match it.",
            "  tag: \(quoted(prefix + "{version}"))",
        ]
        return lines
    }

    /// Several apps: one entry each, with the tags already made for it when history holds some.
    private static func several(
        _ apps: [(name: String, spec: InitService.Findings.Spec, targets: [String]?, version: String)], tags: [String]
    ) -> [String] {
        var lines = [
            "", "# The apps this repository versions and releases on their own; commands take --app <name>.",
            "# Each one's tags default to <name>-v{version}, and its manifests go to .slipway/releases/<name>/.",
            "apps:",
        ]
        for app in apps {
            let comment = app.targets.map { "\($0.joined(separator: ", ")) at \(app.version)" } ?? app.spec.path
            lines += ["  # \(comment)", "  - name: \(app.name)", "    spec: \(quoted(app.spec.path))"]
            if let projectRoot = app.spec.projectRoot { lines.append("    projectRoot: \(quoted(projectRoot))") }
            if let targets = app.targets { lines.append("    targets: [\(targets.joined(separator: ", "))]") }
            let own = tags.filter { $0.hasPrefix(app.name + "-") || $0.hasPrefix(app.name + "/") }
            if let prefix = tagPrefix(own) {
                lines += ["    # Tags in history: \(summary(own)).", "    tag: \(quoted(prefix + "{version}"))"]
            }
        }
        return lines
    }

    /// What the tags share before their first digit (`v`, `release-`, `holder-v`): the most common such prefix.
    static func tagPrefix(_ tags: [String]) -> String? {
        var counts: [String: Int] = [:]
        for tag in tags {
            guard let digit = tag.firstIndex(where: \.isNumber) else { continue }
            counts[String(tag[..<digit]), default: 0] += 1
        }
        return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
    }

    private static func summary(_ tags: [String]) -> String {
        tags.count <= 3 ? tags.joined(separator: ", ") : "\(tags[0]) … \(tags[tags.count - 1]) (\(tags.count))"
    }

    /// `Apps/Brand/project.yml` → `brand`.
    private static func folderName(_ path: String) -> String {
        InitService.appName(((path as NSString).deletingLastPathComponent as NSString).lastPathComponent)
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
