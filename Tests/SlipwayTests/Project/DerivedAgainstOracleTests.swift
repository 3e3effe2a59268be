import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
import SlipwayProject
import Testing

/// Every xcodebuild line `run` derives names a scheme the generated project has and a destination Xcode accepts for
/// it, judged by real XcodeGen's output (scripts/update-oracle.sh): the scheme is one of the `.xcscheme` files
/// `generate` wrote (or a target, for Xcode's automatic schemes), its targets build for the destination's platform,
/// and every bundle a test line runs builds for it too.
@Suite("derived stages against XcodeGen's project")
struct DerivedAgainstOracleTests {
    /// The XcodeGen platform a destination names.
    static func platform(of destination: String) -> String {
        let fields = destination.replacingOccurrences(of: "generic/", with: "").split(separator: ",")
        var platform = ""
        var variant = ""
        for field in fields {
            let pair = field.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            if pair[0] == "platform" { platform = pair[1].replacingOccurrences(of: " Simulator", with: "") }
            if pair[0] == "variant", pair[1] == "Mac Catalyst" { variant = "macCatalyst" }
        }
        return variant.isEmpty ? platform : variant
    }

    static func platforms(_ target: XcodeGenOracle.Target?) -> Set<String> {
        guard let target else { return [] }
        return target.destinations.isEmpty ? [target.platform] : Set(target.destinations)
    }

    @Test("every derived build and test line names a generated scheme and a destination its targets build for")
    func linesXcodeAccepts() throws {
        var checked = 0
        var problems: [String] = []
        for oracle in try XcodeGenOracle.cases() where oracle.generated {
            let targets = Dictionary(uniqueKeysWithValues: try XcodeGenOracle.targets(oracle).map { ($0.name, $0) })
            let schemes = try XcodeGenOracle.schemes(oracle)
            let specPath = DisplayPath.of(oracle.spec, relativeTo: oracle.repository, outside: .climbing)
            let projectRoot = oracle.projectRoot.map {
                DisplayPath.of($0, relativeTo: oracle.repository, outside: .climbing)
            }
            guard
                let derived = try DefaultStages.derive(
                    root: oracle.repository, specPath: specPath, projectRoot: projectRoot,
                    options: DerivationOptions(uiTests: true), environment: oracle.environment)
            else { continue }
            let lines = [DerivedStageKind.build, .test].flatMap { derived.sets[$0]?.invocations ?? [] }
            for argv in lines where argv.first == "xcodebuild" {
                checked += 1
                let value = { (flag: String) in argv.firstIndex(of: flag).map { argv[$0 + 1] } ?? "" }
                let name = value("-scheme")
                let platform = Self.platform(of: value("-destination"))
                let line = "\(oracle.path): \(argv.dropFirst(4).joined(separator: " "))"
                let built: Set<String>
                var tested: [String] = []
                if schemes.isEmpty {
                    guard targets[name] != nil else {
                        problems.append("\(line): no target makes Xcode's automatic scheme \(name)")
                        continue
                    }
                    built = Self.platforms(targets[name])
                    tested = [name]
                } else {
                    guard let scheme = schemes.first(where: { $0.name == name }) else {
                        problems.append("\(line): XcodeGen writes no scheme \(name)")
                        continue
                    }
                    // An aggregate target has no platform of its own (it is no target of parsed.json).
                    let entries = scheme.buildEntries.map(\.name).filter { targets[$0] != nil }
                    let main = entries.isEmpty ? scheme.testables.map(\.name) : entries
                    built = main.reduce(into: Set<String>()) { $0.formUnion(Self.platforms(targets[$1])) }
                    // With test plans the plan, not the scheme, lists the bundles.
                    if scheme.testPlans.isEmpty { tested = scheme.testables.filter { !$0.skipped }.map(\.name) }
                }
                if !built.contains(platform) {
                    problems.append("\(line): scheme \(name) builds for \(built.sorted()), not \(platform)")
                }
                guard argv[1] == "test" else { continue }
                for bundle in tested where !argv.contains("-skip-testing:\(bundle)") {
                    if !Self.platforms(targets[bundle]).contains(platform) {
                        problems.append("\(line): runs \(bundle), which does not build for \(platform)")
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(checked > 100)
        print("derived xcodebuild lines checked against XcodeGen's schemes: \(checked), refused: \(problems.count)")
    }
}
