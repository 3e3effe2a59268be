import Foundation

/// The environment variables that configure an App Store Connect API key, first match wins: Slipway's names, with
/// fastlane's spellings of the same values, so a CI job set up for fastlane works unchanged. The one list both the
/// App Store Connect client and the archive/export stages read.
public enum AppStoreConnectVariables {
    public static let keyID = ["APP_STORE_CONNECT_API_KEY_ID", "APP_STORE_CONNECT_API_KEY_KEY_ID"]
    public static let issuer = ["APP_STORE_CONNECT_API_ISSUER_ID", "APP_STORE_CONNECT_API_KEY_ISSUER_ID"]
    public static let path = ["APP_STORE_CONNECT_API_KEY_PATH"]
    /// The PEM text itself (a CI secret); fastlane's `APP_STORE_CONNECT_API_KEY_KEY` holds the same.
    public static let text = ["APP_STORE_CONNECT_API_KEY", "APP_STORE_CONNECT_API_KEY_KEY"]

    /// The first of `names` set to more than blanks, trimmed, with the name it came from.
    public static func first(_ names: [String], in environment: [String: String]) -> (name: String, value: String)? {
        for name in names {
            if let value = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
                return (name, value)
            }
        }
        return nil
    }

    /// The key's PEM text as a `text` variable holds it: a secret pasted into a single-line field keeps its line
    /// breaks as the two characters `\n`.
    public static func pem(_ text: String) -> String {
        text.replacingOccurrences(of: "\\n", with: "\n")
    }
}
