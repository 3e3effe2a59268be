import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
import SlipwayProject
import SlipwayWorkspace

/// What would stop a shipping release after its tag, judged before the bump: the API key the upload and
/// notarization need, the export-compliance key every uploaded app needs (without it the build waits at "Missing
/// Compliance"), Sparkle's signing key and the GitHub token. Each problem refuses the release (exit 2); the
/// doctor's checks run before this (`ReleaseService.checkDoctor`).
struct ReleasePreflight {
    let workspace: Workspace

    func check(_ stages: StagePlan, major: Bool, skipStages: Bool) throws {
        var problems: [String] = []
        if !skipStages, let ship = stages.ship {
            let environment = workspace.environment
            if uploads(stages, major: major) || runs("notarize", stages, major: major),
                let missing = AppStoreConnectKey.missing(in: environment)
            {
                let needs = ship.config.isDeveloperID ? "notarization" : "the upload"
                problems.append(
                    "\(needs) needs an App Store Connect API key, and \(missing) \(missing.contains(" and ") ? "are" : "is") not set "
                        + "(set them from CI secrets; see Slipway's docs/shipping.md)")
            }
            if uploads(stages, major: major) {
                let facts = try InfoFacts(workspace)
                var seen: Set<String> = []
                for app in ship.apps
                where seen.insert(app.name).inserted
                    && facts.info(app.target)["ITSAppUsesNonExemptEncryption"] == nil
                {
                    problems.append(
                        "\(app.name) does not say whether it uses non-exempt encryption: add "
                            + "'ITSAppUsesNonExemptEncryption: false' (or true) to its info.properties in the spec, or "
                            + "TestFlight holds the build at \"Missing Compliance\"")
                }
            }
            if runs("appcast", stages, major: major), let sparkle = ship.config.sparkle,
                environment[sparkle.privateKeyVariable]?.isEmpty != false
            {
                problems.append(
                    "the appcast item is signed with Sparkle's EdDSA key, and \(sparkle.privateKeyVariable) is not set "
                        + "(its base64 private key, from Sparkle's generate_keys -x, as a CI secret)")
            }
            if runs("github-release", stages, major: major), environment["GITHUB_TOKEN"]?.isEmpty != false {
                problems.append(
                    "the GitHub release needs GITHUB_TOKEN (with contents: write), and it is not set")
            }
        }
        guard !problems.isEmpty else { return }
        throw Failure(
            "cannot release: "
                + (problems.count == 1 ? problems[0] : "\n" + problems.map { "  - " + $0 }.joined(separator: "\n")),
            hint: "nothing was changed; fix \(problems.count == 1 ? "it" : "them") and release again")
    }

    /// Whether the derived stage `name` is in the plan (not replaced by the user's own) and this release runs it.
    private func runs(_ name: String, _ stages: StagePlan, major: Bool) -> Bool {
        guard let stage = stages.stages.first(where: { $0.name == name }),
            stages.ship?.stages.contains(stage) == true
        else { return false }
        return stage.when == .always || major
    }

    /// An upload stage (or an export that uploads) that this release would run.
    private func uploads(_ stages: StagePlan, major: Bool) -> Bool {
        stages.afterPush.contains { stage in
            (stage.name == "upload" || stage.name == "export") && (stage.when == .always || major)
        } && stages.ship?.config.uploadsToTestFlight == true
    }
}

/// Info.plist keys as the built apps will have them, read the way `slipway doctor` reads them (`TargetInfo`:
/// `info.properties`, the file `INFOPLIST_FILE` names, `INFOPLIST_KEY_…` settings), so the two never disagree.
private struct InfoFacts {
    let files: ProjectFiles
    let settings: SettingResolver

    init(_ workspace: Workspace) throws {
        let location = try workspace.locate()
        settings = SettingResolver(model: try ProjectModel.read(location, files: workspace.specFiles))
        files = ProjectFiles(location, boundary: workspace.root, displayBase: workspace.currentDirectory)
    }

    func info(_ target: ProjectTarget) -> TargetInfo {
        TargetInfo(target, files: files, settings: settings)
    }
}
