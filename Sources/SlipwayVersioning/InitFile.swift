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
            if whiteLabel { lines += sharedVersion(specs) }
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
        lines.append("")
        let tag: String
        let pattern: String
        if let style = TagStyle.infer(tags, version: spec.version) {
            tag = style.template
            pattern = style.pattern
            lines.append("# Release tags in history: \(summary(style.releases)), so releases are tagged \(tag).")
            if style.withBuild {
                lines.append(
                    "# Their last part is the build number: the spec's version \(spec.version ?? "") has one part fewer."
                )
            }
            if !style.others.isEmpty { lines.append("# Other tags, not releases: \(summary(style.others)).") }
            if !style.alsoMatched.isEmpty {
                lines.append(
                    "# The pattern below also matches \(summary(style.alsoMatched)), which are not releases; delete or")
                lines.append("# rename them, or the latest of them counts as the last release.")
            }
        } else {
            tag = "v{version}"
            pattern = "v*"
            lines.append(
                tags.isEmpty
                    ? "# No tags in history yet; releases are tagged v{version}."
                    : "# No release tags in history (only \(summary(tags))); releases are tagged v{version}.")
        }
        lines += [
            "detect:",
            "  # The tags that are releases; the latest one reachable is where 'since the last release' starts.",
            "  releaseTagPattern: \(quoted(pattern))", "release:",
            "  # The tag a release makes: releaseTagPattern above must match it.",
            "  tag: \(quoted(tag))",
        ]
        return lines
    }

    /// `version.sharedByApps` when one file every brand's spec includes holds all their marketing versions.
    private static func sharedVersion(_ specs: [InitService.Findings.Spec]) -> [String] {
        guard let first = specs.first, first.marketingFiles.count == 1, let file = first.marketingFiles.first,
            specs.allSatisfy({ $0.marketingFiles == [file] }), !specs.contains(where: { $0.path == file })
        else { return [] }
        return [
            "",
            "# Every app's marketing version is the one in \(file), which each spec includes: a release of",
            "# one app bumps it, and the release of each other app tags that version as it is.",
            "version:",
            "  sharedByApps: true",
        ]
    }

    /// What `init` saw in the tags, for the terminal: the style it proposes and the tags it left out.
    static func tagNotes(_ findings: InitService.Findings) -> [String] {
        guard !findings.tags.isEmpty else { return [] }
        guard let style = TagStyle.infer(findings.tags, version: findings.specs.first?.version) else {
            return ["no release tags among the \(findings.tags.count) tags (\(summary(findings.tags)))"]
        }
        var note =
            "\(style.releases.count) release tag\(style.releases.count == 1 ? "" : "s") (\(summary(style.releases))): "
            + "tag \(style.template), releaseTagPattern \(style.pattern)"
        if !style.others.isEmpty { note += "; not releases: \(summary(style.others))" }
        return [note]
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
            if let style = TagStyle.infer(own, version: app.version.isEmpty ? app.spec.version : app.version) {
                lines += [
                    "    # Tags in history: \(summary(style.releases)).", "    tag: \(quoted(style.template))",
                    "    releaseTagPattern: \(quoted(style.pattern))",
                ]
            }
        }
        return lines
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
