import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
import SlipwayProject
import SlipwayWorkspace

/// What would stop a TestFlight release after its tag, judged before the bump: the upload's API key, and the
/// export-compliance key every uploaded app needs (without it the build waits at "Missing Compliance"). Each
/// problem refuses the release (exit 2); the doctor's checks run before this (`ReleaseService.checkDoctor`).
struct ReleasePreflight {
    let workspace: Workspace

    func check(_ stages: StagePlan, major: Bool, skipStages: Bool) throws {
        var problems: [String] = []
        if !skipStages, let ship = stages.ship, uploads(stages, major: major) {
            if let missing = AppStoreConnectKey.missing(in: workspace.environment) {
                problems.append(
                    "the upload needs an App Store Connect API key, and \(missing) \(missing.contains(" and ") ? "are" : "is") not set "
                        + "(set them from CI secrets; see Slipway's docs/shipping.md)")
            }
            let facts = try InfoFacts(workspace)
            for app in ship.apps where facts.info(app.target)["ITSAppUsesNonExemptEncryption"] == nil {
                problems.append(
                    "\(app.name) does not say whether it uses non-exempt encryption: add "
                        + "'ITSAppUsesNonExemptEncryption: false' (or true) to its info.properties in the spec, or "
                        + "TestFlight holds the build at \"Missing Compliance\"")
            }
        }
        guard !problems.isEmpty else { return }
        throw Failure(
            "cannot release: "
                + (problems.count == 1 ? problems[0] : "\n" + problems.map { "  - " + $0 }.joined(separator: "\n")),
            hint: "nothing was changed; fix \(problems.count == 1 ? "it" : "them") and release again")
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
