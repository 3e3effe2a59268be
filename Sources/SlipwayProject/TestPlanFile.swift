import Foundation
import SlipwayCore

/// An `.xctestplan` a scheme names: which test bundles it runs, which tests it skips or selects, and its
/// configurations. Xcode writes it as JSON; the model reads it so stages know what a plan already runs.
public struct TestPlanFile: Sendable, Equatable {
    public struct Target: Sendable, Equatable {
        /// The bundle's target name (`target.name`).
        public var name: String
        /// `enabled: false` keeps a bundle in the plan without running it.
        public var enabled: Bool
        public var skippedTests: [String]
        public var selectedTests: [String]
        /// The project the bundle is in (`container:…`), as the plan writes it.
        public var container: String?
    }

    /// Relative to the project root, as the spec names it.
    public var path: String
    public var targets: [Target]
    public var configurations: [String]

    /// The bundles the plan runs (enabled ones).
    public var runTargets: [String] { targets.filter(\.enabled).map(\.name) }

    /// Reads a plan's JSON; a file that is not a plan's shape is an error with the reason.
    public static func parse(_ bytes: some Collection<UInt8>, path: String) throws(TestPlanError) -> TestPlanFile {
        let json: JSON
        do {
            json = try JSON.parse(bytes)
        } catch {
            throw TestPlanError(path: path, reason: "it is not JSON (\(error))")
        }
        guard case .object = json else { throw TestPlanError(path: path, reason: "it is not a JSON object") }
        var targets: [Target] = []
        if case .array(let items)? = json["testTargets"] {
            for item in items {
                guard let name = item["target"]?["name"]?.stringValue else { continue }
                var enabled = true
                if case .bool(let flag)? = item["enabled"] { enabled = flag }
                targets.append(
                    Target(
                        name: name, enabled: enabled, skippedTests: strings(item["skippedTests"]),
                        selectedTests: strings(item["selectedTests"]),
                        container: item["target"]?["containerPath"]?.stringValue))
            }
        }
        var configurations: [String] = []
        if case .array(let items)? = json["configurations"] {
            configurations = items.compactMap { $0["name"]?.stringValue }
        }
        return TestPlanFile(path: path, targets: targets, configurations: configurations)
    }

    private static func strings(_ value: JSON?) -> [String] {
        guard case .array(let items)? = value else { return [] }
        // Xcode writes a test either as a string or, with options, as an object with an `identifier`.
        return items.compactMap { $0.stringValue ?? $0["identifier"]?.stringValue }
    }
}

/// A test plan that could not be read: the model goes on without its bundles, with a warning.
public struct TestPlanError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "the test plan \(path) could not be read: \(reason)" }
}
