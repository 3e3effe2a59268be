import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
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
            for app in ship.apps where !declaresEncryption(app) {
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

    /// `ITSAppUsesNonExemptEncryption` in `info.properties`, as `INFOPLIST_KEY_…`, or in the Info.plist file.
    private func declaresEncryption(_ app: ShippingApp) -> Bool {
        let key = "ITSAppUsesNonExemptEncryption"
        if app.target.info?.properties.contains(where: { $0.key == key }) == true { return true }
        if app.target.settings.base("INFOPLIST_KEY_\(key)") != nil { return true }
        guard let path = app.target.info?.path?.value else { return false }
        let folder = workspace.configuration.projectRoot ?? (workspace.specPath as NSString).deletingLastPathComponent
        let url = workspace.root.appendingPathComponent(folder).appendingPathComponent(path)
        guard let data = BoundedFile.readIfRegular(url.path, inside: workspace.root.path) else { return false }
        return String(decoding: data, as: UTF8.self).contains("<key>\(key)</key>")
    }
}
