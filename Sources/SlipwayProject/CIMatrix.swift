import SlipwayCore

/// The GitHub Actions matrix of what a change needs built and tested: one entry per affected scheme and platform,
/// `{"include":[{"scheme","platform","destination"}]}` (the shape the workflow's `fromJSON` reads).
public enum CIMatrix {
    public struct Entry: Sendable, Equatable {
        public var scheme: String
        public var platform: String
        public var destination: String
    }

    /// The affected schemes, each on the platforms of the first target it builds (its main target; an embedded
    /// watch app or extension is built through it), sorted by scheme and platform.
    public static func entries(_ affected: [AffectedTarget], model: ProjectModel) -> [Entry] {
        let names = Set(affected.flatMap(\.schemes))
        var entries: [Entry] = []
        for name in names.sorted() {
            for platform in platforms(ofScheme: name, model: model) {
                entries.append(Entry(scheme: name, platform: platform, destination: destination(platform)))
            }
        }
        return entries
    }

    public static func json(_ entries: [Entry]) -> JSON {
        .object([
            "include": .array(
                entries.map {
                    .object([
                        "scheme": .string($0.scheme), "platform": .string($0.platform),
                        "destination": .string($0.destination),
                    ])
                })
        ])
    }

    /// The platforms of the scheme's first built target that the spec defines, else its first test target's;
    /// a scheme Xcode makes for a target is that target's.
    static func platforms(ofScheme name: String, model: ProjectModel) -> [String] {
        guard let scheme = model.schemes.first(where: { $0.name == name }) else {
            return model.target(named: name)?.platforms ?? []
        }
        let candidates = scheme.buildTargets.map(\.name.value) + scheme.testTargets.map(\.name.value)
        for candidate in candidates {
            if let target = model.target(named: candidate), !target.platforms.isEmpty { return target.platforms }
        }
        return []
    }

    /// A concrete destination of the platform, good for both `build` and `test`: this Mac, or a simulator of the
    /// newest installed OS.
    public static func destination(_ platform: String) -> String {
        switch platform {
        case "macOS": return "platform=macOS"
        case "macCatalyst": return "platform=macOS,variant=Mac Catalyst"
        case "auto": return "platform=iOS Simulator,OS=latest"
        default: return "platform=\(platform) Simulator,OS=latest"
        }
    }
}
