import SlipwayConfig
import SlipwayCore

/// The `ExportOptions.plist` `xcodebuild -exportArchive` reads, for one app: written by Slipway from the project
/// model and `ship:`, so nobody keeps one by hand that drifts from the spec.
public struct ExportOptions: Sendable, Equatable {
    public var method: String
    public var teamID: String?
    public var signingStyle: ShipConfig.SigningStyle
    /// Bundle id → profile, for manual signing: the app and every extension and watch app it embeds.
    public var provisioningProfiles: [String: String]
    public var destination: ShipConfig.Destination
    public var uploadSymbols: Bool

    public init(
        method: String, teamID: String?, signingStyle: ShipConfig.SigningStyle, provisioningProfiles: [String: String],
        destination: ShipConfig.Destination, uploadSymbols: Bool
    ) {
        self.method = method
        self.teamID = teamID
        self.signingStyle = signingStyle
        self.provisioningProfiles = provisioningProfiles
        self.destination = destination
        self.uploadSymbols = uploadSymbols
    }

    /// The XML property list, keys sorted as Xcode writes them. `manageAppVersionAndBuildNumber` is always false
    /// for App Store Connect: Xcode must not renumber a build Slipway numbered (and committed, and tagged).
    public var plist: String {
        var entries: [(String, String)] = [
            ("destination", string(destination.rawValue)),
            ("method", string(method)),
            ("signingStyle", string(signingStyle.rawValue)),
        ]
        // App Store Connect's own keys: other methods' exports have no build for it to renumber or symbolicate.
        if method == "app-store-connect" {
            entries.append(("manageAppVersionAndBuildNumber", "<false/>"))
            entries.append(("uploadSymbols", uploadSymbols ? "<true/>" : "<false/>"))
        }
        if let teamID { entries.append(("teamID", string(teamID))) }
        if signingStyle == .manual, !provisioningProfiles.isEmpty {
            let profiles = provisioningProfiles.sorted { $0.key < $1.key }.map {
                "\t\t<key>\(ExportOptions.escape($0.key))</key>\n\t\t\(string($0.value))\n"
            }
            entries.append(("provisioningProfiles", "<dict>\n" + profiles.joined() + "\t</dict>"))
        }
        let body = entries.sorted { $0.0 < $1.0 }.map { "\t<key>\($0.0)</key>\n\t\($0.1)\n" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(body)</dict>
            </plist>

            """
    }

    private func string(_ text: String) -> String {
        "<string>\(ExportOptions.escape(text))</string>"
    }

    /// XML text: `&`, `<`, `>` escaped; control characters other than tab and newline are not allowed in XML 1.0,
    /// so they are dropped rather than written into a file `plutil` would reject.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
