import SlipwayCore

/// The GitHub Actions matrix of what a change needs built and tested: one entry per affected scheme and platform,
/// `{"include":[{"scheme","platform","destination"}]}` (the shape the workflow's `fromJSON` reads).
public enum CIMatrix {
    public struct Entry: Sendable, Equatable {
        public var scheme: String
        public var platform: String
        public var destination: String
        /// With several apps, the app whose change affects the scheme (its spec generates the project); `nil` with one.
        public var app: String?

        public init(scheme: String, platform: String, destination: String, app: String? = nil) {
            self.scheme = scheme
            self.platform = platform
            self.destination = destination
            self.app = app
        }
    }

    /// The affected schemes, each on the platforms of its main target (the first application it builds, else the
    /// first framework or extension, as `run` derives its stages; a test-only scheme: its first test target), sorted
    /// by scheme and platform. `destinations` overrides a platform's destination (`run.testDestinations`).
    public static func entries(
        _ affected: [AffectedTarget], model: ProjectModel, destinations: [String: String] = [:]
    ) -> [Entry] {
        let names = Set(affected.flatMap(\.schemes))
        var entries: [Entry] = []
        for name in names.sorted() {
            for platform in platforms(ofScheme: name, model: model) {
                entries.append(
                    Entry(
                        scheme: name, platform: platform, destination: destinations[platform] ?? destination(platform)))
            }
        }
        return entries
    }

    public static func json(_ entries: [Entry]) -> JSON {
        .object([
            "include": .array(
                entries.map { entry in
                    var fields: [String: JSON] = [
                        "scheme": .string(entry.scheme), "platform": .string(entry.platform),
                        "destination": .string(entry.destination),
                    ]
                    if let app = entry.app { fields["app"] = .string(app) }
                    return .object(fields)
                })
        ])
    }

    /// The platforms of the scheme's main target; a scheme Xcode makes for a target is that target's.
    static func platforms(ofScheme name: String, model: ProjectModel) -> [String] {
        let known: Set<String> = ["iOS", "macOS", "macCatalyst", "tvOS", "watchOS", "visionOS"]
        guard let scheme = model.schemes.first(where: { $0.name == name }) else {
            return (model.target(named: name)?.platforms ?? []).filter(known.contains)
        }
        let built = scheme.builtTargets.compactMap { model.target(named: $0.value) }
        let main =
            built.first { $0.typeName.hasPrefix("application") } ?? built.first(where: \.isBuildable)
            ?? scheme.runTestTargets.lazy.compactMap { model.target(named: $0.value) }.first
        return (main?.platforms ?? []).filter(known.contains)
    }

    /// A concrete destination of the platform, good for both `build` and `test`: this Mac, or a simulator of the
    /// newest installed OS (the test destination `run` derives).
    public static func destination(_ platform: String) -> String {
        switch platform {
        case "macOS": return "platform=macOS"
        case "macCatalyst": return "platform=macOS,variant=Mac Catalyst"
        default: return "platform=\(platform) Simulator,OS=latest"
        }
    }
}
