import SlipwayConfig

/// Which App Store Connect API key the environment names, without reading it: its id and issuer go into
/// xcodebuild's argv, the key itself only into a private file when a stage runs (`StageSecretFile`). fastlane's
/// variable names are accepted too, so a CI job set up for fastlane works unchanged.
public struct AppStoreConnectKey: Sendable, Equatable {
    public var keyID: String
    /// `nil` for an individual key.
    public var issuerID: String?

    public init(keyID: String, issuerID: String?) {
        self.keyID = keyID
        self.issuerID = issuerID
    }

    public static let keyIDVariables = ["APP_STORE_CONNECT_API_KEY_ID", "APP_STORE_CONNECT_API_KEY_KEY_ID"]
    public static let issuerVariables = ["APP_STORE_CONNECT_API_ISSUER_ID", "APP_STORE_CONNECT_API_KEY_ISSUER_ID"]
    public static let pathVariables = ["APP_STORE_CONNECT_API_KEY_PATH"]
    public static let textVariables = ["APP_STORE_CONNECT_API_KEY", "APP_STORE_CONNECT_API_KEY_KEY"]

    /// The key the environment configures: an id and a key (its file or its text); `nil` when either is missing.
    public static func configured(in environment: [String: String]) -> AppStoreConnectKey? {
        guard let keyID = first(keyIDVariables, in: environment),
            first(pathVariables, in: environment) != nil || first(textVariables, in: environment) != nil
        else { return nil }
        return AppStoreConnectKey(keyID: keyID, issuerID: first(issuerVariables, in: environment))
    }

    /// What is missing, for the refusal before a release that uploads; `nil` when the key is complete.
    public static func missing(in environment: [String: String]) -> String? {
        var missing: [String] = []
        if first(keyIDVariables, in: environment) == nil { missing.append(keyIDVariables[0]) }
        if first(pathVariables, in: environment) == nil, first(textVariables, in: environment) == nil {
            missing.append("\(pathVariables[0]) or \(textVariables[0])")
        }
        return missing.isEmpty ? nil : missing.joined(separator: " and ")
    }

    /// The key as a file the stage's programs read; `AuthKey_<id>.p8` is the name altool looks for.
    public var secretFile: StageSecretFile {
        StageSecretFile(
            placeholder: ShipPlan.keyPlaceholder, pathVariables: Self.pathVariables,
            textVariables: Self.textVariables, fileName: "AuthKey_\(keyID).p8")
    }

    static func first(_ names: [String], in environment: [String: String]) -> String? {
        for name in names {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return nil
    }
}
