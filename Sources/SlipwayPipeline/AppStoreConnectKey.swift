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

    /// The variable names, shared with the App Store Connect client.
    typealias Variable = AppStoreConnectVariables

    /// The key the environment configures: an id and a key (its file or its text); `nil` when either is missing.
    public static func configured(in environment: [String: String]) -> AppStoreConnectKey? {
        guard let keyID = first(Variable.keyID, in: environment),
            first(Variable.path, in: environment) != nil || first(Variable.text, in: environment) != nil
        else { return nil }
        return AppStoreConnectKey(keyID: keyID, issuerID: first(Variable.issuer, in: environment))
    }

    /// What is missing, for the refusal before a release that uploads; `nil` when the key is complete.
    public static func missing(in environment: [String: String]) -> String? {
        var missing: [String] = []
        if first(Variable.keyID, in: environment) == nil { missing.append(Variable.keyID[0]) }
        if first(Variable.path, in: environment) == nil, first(Variable.text, in: environment) == nil {
            missing.append("\(Variable.path[0]) or \(Variable.text[0])")
        }
        return missing.isEmpty ? nil : missing.joined(separator: " and ")
    }

    /// The key as a file the stage's programs read; `AuthKey_<id>.p8` is the name altool looks for.
    public var secretFile: StageSecretFile {
        StageSecretFile(
            placeholder: ShipPlan.keyPlaceholder, pathVariables: Variable.path,
            textVariables: Variable.text, fileName: "AuthKey_\(keyID).p8")
    }

    static func first(_ names: [String], in environment: [String: String]) -> String? {
        AppStoreConnectVariables.first(names, in: environment)?.value
    }
}
