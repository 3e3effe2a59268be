import Foundation
import Testing

/// Specs written to expand (the merge-key bomb and its kin) run through the built binary: each command ends with the
/// right values or with the budget's error at the alias, never by running for minutes.
@Suite("spec expansion limits: the built binary")
struct SpecExpansionLimitTests {
    /// 25 levels of `mN: &mN {<<: [*mN-1, *mN-1]}` (under 1 KB), merged into the project's settings: 2^25 merged
    /// mappings when copied, 25 when each is expanded once.
    static let mergeChain =
        "name: Chain\nm0: &m0 {MARKETING_VERSION: 1.0.0, CURRENT_PROJECT_VERSION: 58}\n"
        + (1...25).map { "m\($0): &m\($0) {<<: [*m\($0 - 1), *m\($0 - 1)]}\n" }.joined()
        + "settings:\n  base:\n    <<: *m25\ntargets:\n  App: {type: application, platform: iOS}\n"

    /// 25 levels whose settings name the level below twice under `configs:`: XcodeGen reads every config, so the
    /// walk itself doubles at every level and only the budget stops it.
    static let configChain =
        "name: Configs\nc0: &c0 {MARKETING_VERSION: 1.0.0, CURRENT_PROJECT_VERSION: 58}\n"
        + (1...25).map { "c\($0): &c\($0) {configs: {a: *c\($0 - 1), b: *c\($0 - 1)}}\n" }.joined()
        + "settings: *c25\ntargets:\n  App: {type: application, platform: iOS}\n"

    static let budgetError =
        "project.yml:3:23: error: the spec expands too far: following its aliases and merge keys (<<) visits more "
        + "than 1,000,000 nodes\nc1: &c1 {configs: {a: *c0, b: *c0}}\n                      ^\nhint: use fewer "
        + "nested merge keys and aliases: refer to a shared mapping or list directly, not through aliases and merges "
        + "that repeat it at every level\n"

    func repository(_ spec: String) throws -> TestRepository {
        let repo = try TestRepository()
        try repo.write("project.yml", spec)
        _ = try repo.commit("Add the spec")
        return repo
    }

    @Test("the 25-level merge-key chain reads like any spec: version, bump and run find 1.0.0 (58)")
    func mergeChainReads() throws {
        let repo = try repository(Self.mergeChain)
        let version = try repo.slipway("version", "--json")
        #expect(version.status == 0, "\(version.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(version.stdout.utf8)) as? [String: Any])
        let definitions = report["definitions"] as? [[String: Any]] ?? []
        #expect(definitions.map { $0["keyPath"] as? String } == ["m0.MARKETING_VERSION", "m0.CURRENT_PROJECT_VERSION"])
        #expect(
            definitions.map { $0["usedBy"] as? [String] } == [
                ["settings.base.MARKETING_VERSION"], ["settings.base.CURRENT_PROJECT_VERSION"],
            ])
        #expect(definitions.map { $0["line"] as? Int } == [2, 2])

        let bump = try repo.slipway("bump", "patch", "--dry-run")
        #expect(bump.status == 0, "\(bump.stderr)")
        #expect(bump.stdout.contains("\n+m0: &m0 {MARKETING_VERSION: 1.0.1, CURRENT_PROJECT_VERSION: 59}\n"))

        let run = try repo.slipway("run", "--dry-run", "--major")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("SLIPWAY_VERSION=1.0.0\n"))
        #expect(run.stdout.contains("SLIPWAY_BUILD=58\n"))
    }

    @Test("a spec that expands past the budget stops version, bump and run at the alias")
    func budgetStops() throws {
        let repo = try repository(Self.configChain)
        let version = try repo.slipway("version")
        #expect(version.status == 2)
        #expect(version.stdout == "")
        #expect(version.stderr == Self.budgetError)

        let bump = try repo.slipway("bump", "patch")
        #expect(bump.status == 2)
        #expect(bump.stderr == Self.budgetError)
        #expect(try repo.read("project.yml") == Self.configChain)

        // The derived stages read the project model, which reads the project's settings as XcodeGen does (every
        // config): it stops at the same alias, with the same error.
        let run = try repo.slipway("run", "--dry-run", "--major")
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == Self.budgetError)
    }

    @Test("default stages read targets within the budget too: 1,000 targets each naming a 2,000-entry list stop")
    func templatesStopRun() throws {
        let list = (0..<2000).map { "T\($0)" }.joined(separator: ", ")
        let targets = (0..<1000).map { "  A\($0): {platform: iOS, templates: *all}\n" }.joined()
        let repo = try repository("name: Templates\nall: &all [\(list)]\ntargets:\n" + targets)
        let run = try repo.slipway("run", "--dry-run", "--major")
        #expect(run.status == 2)
        // Each target costs its 2,000 template names (and the alias): the 500th passes the budget.
        #expect(
            run.stderr.hasPrefix(
                "project.yml:503:36: error: the spec expands too far: following its aliases and merge keys (<<) "
                    + "visits more than 1,000,000 nodes\n  A499: {platform: iOS, templates: *all}\n"))
    }
}
