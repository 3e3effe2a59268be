import SlipwayConfig
import SlipwayCore
import SlipwayProject

extension ShipPlan {
    /// The export options for one app on one platform. The spec's own `DEVELOPMENT_TEAM`, `CODE_SIGN_STYLE` and
    /// `PROVISIONING_PROFILE_SPECIFIER` (for the archived configuration) are the defaults `ship:` overrides;
    /// manual signing without a profile for one of its bundles is refused here, as `-exportArchive` would fail on
    /// it only after the whole archive was built.
    static func exportOptions(_ app: ShippingApp, model: ProjectModel, config: ShipConfig, notes: inout [String])
        throws(Failure) -> ExportOptions
    {
        let team = app.setting("DEVELOPMENT_TEAM", in: model).flatMap { $0.isEmpty ? nil : $0 } ?? config.teamID
        if team == nil, !notes.contains(where: { $0.hasPrefix("\(app.name): no DEVELOPMENT_TEAM") }) {
            notes.append(
                "\(app.name): no DEVELOPMENT_TEAM in the spec and no ship.teamID, so ExportOptions.plist names no "
                    + "team (Xcode uses the archive's)")
        }
        let style = config.signingStyle ?? specSigningStyle(app, model: model)
        var profiles: [String: String] = [:]
        if style == .manual {
            var missing: [String] = []
            for target in [app.target] + app.embedded {
                guard let id = ShippingApp.bundleIdentifier(target, app.configuration) else { continue }
                let fromSpec = ShippingApp.setting(
                    "PROVISIONING_PROFILE_SPECIFIER", of: target, configuration: app.configuration, in: model)
                if let profile = config.provisioningProfiles[id] ?? fromSpec.flatMap({ $0.isEmpty ? nil : $0 }) {
                    profiles[id] = profile
                } else {
                    missing.append("\(id) (\(target.name), \(target.typeName))")
                }
            }
            if !missing.isEmpty {
                let source =
                    config.signingStyle == nil ? "the spec's CODE_SIGN_STYLE is Manual" : "ship.signingStyle is manual"
                throw Failure(
                    "\(source), but there is no provisioning profile for " + missing.joined(separator: ", "),
                    hint: "export needs a profile for the app and every extension, system extension, App Clip and "
                        + "watch app it embeds: add '<bundle id>: <profile name>' under ship.provisioningProfiles, or "
                        + "PROVISIONING_PROFILE_SPECIFIER to the target's settings")
            }
        }
        return ExportOptions(
            method: config.method, teamID: team, signingStyle: style, provisioningProfiles: profiles,
            destination: config.destination, uploadSymbols: config.uploadSymbols)
    }

    /// `CODE_SIGN_STYLE` for the archived configuration: `Manual` is manual, anything else automatic.
    static func specSigningStyle(_ app: ShippingApp, model: ProjectModel) -> ShipConfig.SigningStyle {
        app.setting("CODE_SIGN_STYLE", in: model)?.lowercased() == "manual" ? .manual : .automatic
    }
}
