import Foundation
import SlipwayCore
import SlipwayProject
import SlipwaySpec
import Testing

/// The model held to real XcodeGen: on every spec with an oracle (scripts/update-oracle.sh), the same targets with
/// the same types and platforms as `dump --type parsed-json`, and the same shared schemes with the same build
/// targets, testables (skipped marked) and test plans as the `.xcscheme` files `generate` wrote. A spec XcodeGen
/// refuses must be refused by the model too, or warned about.
@Suite("project model against XcodeGen")
struct OracleAgreementTests {
    /// Differences the model keeps on purpose, each with why. The test fails when one no longer occurs, so the list
    /// never outlives its reason.
    static let accepted: [String: String] = [:]

    struct Comparison {
        var facts = 0
        var agreeing = 0
        var differences: [String] = []

        mutating func check(_ same: Bool, _ difference: @autoclosure () -> String) {
            facts += 1
            if same { agreeing += 1 } else { differences.append(difference()) }
        }
    }

    static func compare(_ oracle: XcodeGenOracle.Case, into comparison: inout Comparison) throws {
        let name = oracle.path
        guard oracle.generated else {
            let model: ProjectModel
            do {
                model = try XcodeGenOracle.model(oracle)
            } catch is SpecError {
                comparison.check(true, "")
                return
            }
            comparison.check(
                !model.warnings.isEmpty, "\(name): XcodeGen refuses it, the model neither refuses nor warns")
            return
        }
        let model = try XcodeGenOracle.model(oracle)
        let targets = try XcodeGenOracle.targets(oracle)
        for expected in targets {
            guard let target = model.target(named: expected.name) else {
                comparison.check(false, "\(name): target \(expected.name) is missing")
                continue
            }
            comparison.check(
                target.typeName == expected.type,
                "\(name): target \(expected.name) has type \(target.typeName), XcodeGen \(expected.type)")
            let platform = target.platform?.value ?? ""
            let destinations = target.supportedDestinations.map(\.value)
            comparison.check(
                platform == expected.platform && Set(destinations) == Set(expected.destinations),
                "\(name): target \(expected.name) has platform \(platform) \(destinations), XcodeGen "
                    + "\(expected.platform) \(expected.destinations)")
        }
        for extra in model.targets.map(\.name) where !targets.contains(where: { $0.name == extra }) {
            comparison.check(false, "\(name): target \(extra) is not XcodeGen's")
        }
        let schemes = try XcodeGenOracle.schemes(oracle)
        let shared = model.schemes.filter(\.shared)
        for expected in schemes {
            guard let scheme = shared.first(where: { $0.name == expected.name }) else {
                comparison.check(false, "\(name): scheme \(expected.name) is missing")
                continue
            }
            let build = scheme.buildTargets.map { "\($0.name.value) \($0.buildTypes.sorted())" }
            let expectedBuild = expected.buildEntries.map { "\($0.name) \($0.buildTypes.sorted())" }
            comparison.check(
                build == expectedBuild, "\(name): scheme \(expected.name) builds \(build), XcodeGen \(expectedBuild)")
            let tests = scheme.testTargets.map { $0.name.value + ($0.skipped ? " (skipped)" : "") }
            let expectedTests = expected.testables.map { $0.name + ($0.skipped ? " (skipped)" : "") }
            comparison.check(
                tests == expectedTests, "\(name): scheme \(expected.name) tests \(tests), XcodeGen \(expectedTests)")
            let plans = scheme.testPlans.map { $0.path.value + ($0.isDefault ? " (default)" : "") }
            let expectedPlans = expected.testPlans.map { $0.path + ($0.isDefault ? " (default)" : "") }
            comparison.check(
                plans == expectedPlans,
                "\(name): scheme \(expected.name) has test plans \(plans), XcodeGen \(expectedPlans)")
            let configurations = [scheme.testConfiguration, scheme.archiveConfiguration]
            let expectedConfigurations = [expected.testConfiguration, expected.archiveConfiguration]
            comparison.check(
                configurations == expectedConfigurations,
                "\(name): scheme \(expected.name) tests and archives with \(configurations), XcodeGen "
                    + "\(expectedConfigurations)")
        }
        for extra in shared.map(\.name) where !schemes.contains(where: { $0.name == extra }) {
            comparison.check(false, "\(name): scheme \(extra) is not XcodeGen's")
        }
    }

    @Test("every spec's targets, platforms, schemes, build targets, testables and test plans agree with XcodeGen")
    func agreement() throws {
        var comparison = Comparison()
        let cases = try XcodeGenOracle.cases()
        var agreeingSpecs = 0
        var warnedSpecs = 0
        var warnings = 0
        for oracle in cases {
            let before = comparison.differences.count
            try Self.compare(oracle, into: &comparison)
            if comparison.differences.count == before { agreeingSpecs += 1 }
            if oracle.generated {
                let count = try XcodeGenOracle.model(oracle).warnings.count
                warnings += count
                if count > 0 { warnedSpecs += 1 }
            }
        }
        let unexpected = comparison.differences.filter { Self.accepted[$0] == nil }
        #expect(unexpected.isEmpty, "differences from XcodeGen:\n\(unexpected.joined(separator: "\n"))")
        let stale = Self.accepted.keys.filter { !comparison.differences.contains($0) }.sorted()
        #expect(stale.isEmpty, "accepted differences that no longer occur:\n\(stale.joined(separator: "\n"))")
        print(
            "XcodeGen oracle: \(agreeingSpecs) of \(cases.count) specs agree fully, \(comparison.agreeing) of "
                + "\(comparison.facts) facts (\(Self.accepted.count) accepted differences); \(warnings) warnings on "
                + "\(warnedSpecs) specs XcodeGen generates")
    }
}
