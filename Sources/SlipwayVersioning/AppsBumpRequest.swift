import SlipwayCore

/// `bump --set holder=5.2.0 --set verifier=5.2.0 [--build holder=300 …]`: values for several apps of `apps:` in
/// one bump, so a definition the apps share can be written once, with the value every one of them was given.
public struct AppsBumpRequest: Sendable, Equatable {
    /// One app's value, as `<app>=<value>` gave it.
    public struct Value: Sendable, Equatable {
        public var app: String
        public var value: String
    }

    public var marketing: [Value] = []
    public var build: [Value] = []

    /// Every app named, in the order first given.
    public var appNames: [String] {
        var names: [String] = []
        for value in marketing + build where !names.contains(value.app) { names.append(value.app) }
        return names
    }

    public func marketing(of app: String) -> String? { marketing.first { $0.app == app }?.value }
    public func build(of app: String) -> String? { build.first { $0.app == app }?.value }

    /// Whether a `--set`/`--build` value names its app (`holder=5.2.0`).
    public static func namesApp(_ text: String) -> Bool { text.contains("=") }

    /// The request for `--set` and `--build` as typed, or `nil` when none names an app (the one-app forms).
    public static func parse(set: [String], build: [String]) throws(BumpRequest.InvalidRequest) -> AppsBumpRequest? {
        let all = set + build
        guard all.contains(where: namesApp) else { return nil }
        guard all.allSatisfy(namesApp) else {
            throw BumpRequest.InvalidRequest(
                message: "give every --set and --build as <app>=<value> (--set holder=5.2.0 --set verifier=5.2.0), "
                    + "or one value for one app (--app <name> --set <version>)")
        }
        var request = AppsBumpRequest()
        request.marketing = try values(set, flag: "--set") { value in BumpRequest.problem(withSetValue: value) }
        request.build = try values(build, flag: "--build") { value in
            BumpRequest.isBuildNumber(value)
                ? nil : "not a build number (digits, optionally dotted: 118, 2024.11.3)"
        }
        return request
    }

    private static func values(_ texts: [String], flag: String, problem: (String) -> String?)
        throws(BumpRequest.InvalidRequest) -> [Value]
    {
        var values: [Value] = []
        for text in texts {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw BumpRequest.InvalidRequest(message: "\(flag) '\(text)': write <app>=<value>")
            }
            if let problem = problem(parts[1]) {
                throw BumpRequest.InvalidRequest(message: "\(flag) '\(text)': \(problem)")
            }
            guard !values.contains(where: { $0.app == parts[0] }) else {
                throw BumpRequest.InvalidRequest(message: "\(flag) names the app '\(parts[0])' twice")
            }
            values.append(Value(app: parts[0], value: parts[1]))
        }
        return values
    }
}
