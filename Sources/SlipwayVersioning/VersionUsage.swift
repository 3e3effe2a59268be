import SlipwayCore
import SlipwayProject
import SlipwaySpec

/// Which targets take each version definition, from the project model: a target split over files, one made from a
/// template or a platform list, or one that falls back to the project's settings. A definition no target takes (in
/// an unused template) has none. Reading only; bump edits stay the inventory's.
public struct VersionUsage: Sendable {
    /// Target names by the position of the definition they take.
    public let targets: [SourceLocation: [String]]

    public init(inventory: VersionInventory, environment: [String: String]) throws(SpecError) {
        let model = try ProjectModel.resolve(inventory.spec, environment: environment)
        var targets: [SourceLocation: [String]] = [:]
        for target in model.targets {
            var locations: [SourceLocation] = []
            for kind in VersionDefinition.Kind.allCases {
                for setting in kind.settings {
                    locations += model.settingValues(setting, for: target).map(\.location)
                }
            }
            for key in ["CFBundleShortVersionString", "CFBundleVersion"] {
                if let value = model.infoProperty(key, for: target) { locations.append(value.location) }
            }
            for location in Set(locations) { targets[location, default: []].append(target.name) }
        }
        self.targets = targets
    }

    public func targets(of definition: VersionDefinition) -> [String] {
        targets[definition.location] ?? []
    }
}
