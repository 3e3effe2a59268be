import SlipwayCore
import SlipwayProject
import SlipwaySpec
import SlipwayWorkspace

/// The app `slipway testflight` and `--build testflight` ask App Store Connect about when no `--bundle-id` is
/// given: the one app of the spec that ships (a watch app inside an iOS app ships with it), in the Release
/// configuration. Several shipping apps, or one whose bundle id the spec does not tell, need `--bundle-id`.
public enum ShippingBundleID {
    public static func resolve(_ workspace: Workspace, options: SpecLocator.Options = .init()) throws -> String {
        let model = try ProjectModel.read(try workspace.locate(options), files: workspace.specFiles)
        var apps: [ShippingApp] = []
        // One app on several platforms has one bundle id.
        for app in try ShippingApp.all(in: model) where !apps.contains(where: { $0.name == app.name }) {
            apps.append(app)
        }
        guard apps.count == 1, let app = apps.first else {
            let names = apps.map { "\($0.name) (\($0.bundleIdentifier ?? "no bundle id"))" }
            throw Failure(
                apps.isEmpty
                    ? "the spec has no application target to ask App Store Connect about"
                    : "the spec ships \(apps.count) apps: \(names.joined(separator: ", "))",
                hint: "add --bundle-id <id> to name the app")
        }
        guard let bundleID = app.bundleIdentifier, !bundleID.contains("$") else {
            throw Failure(
                "the spec does not tell the bundle id of '\(app.name)' (no PRODUCT_BUNDLE_IDENTIFIER or "
                    + "options.bundleIdPrefix)",
                hint: "add --bundle-id <id>, or set PRODUCT_BUNDLE_IDENTIFIER for '\(app.name)'")
        }
        return bundleID
    }
}
