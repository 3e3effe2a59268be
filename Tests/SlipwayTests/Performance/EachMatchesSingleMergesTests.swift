import Foundation
import Testing

/// `detect --each` hands a commit's spec files to its first parent along merged branches too, and resolves the
/// rest through a cache keyed by the spec files' object ids; on a merge-heavy history whose spec includes files
/// (a glob over a folder, nested includes, an include that points nowhere until a branch adds it), every verdict
/// must still be exactly the one `detect <commit>` gives on its own.
@Suite("detect --each on a merge-heavy history: the same verdicts as one commit at a time")
struct EachMatchesSingleMergesTests {
    @Test("every line of --each --json equals detect <sha> --json, across merged feature branches")
    func mergeHeavyEachEqualsSingle() throws {
        let repo = try TestRepository()
        try repo.write(
            "project.yml",
            "name: App\ninclude:\n  - Specs/settings.yml\n  - Specs/later.yml\n  - path: Specs/targets/*.yml\n")
        try repo.write("Specs/settings.yml", "settings: {A: 1}\n")
        try repo.write("Specs/targets/App.yml", "include:\n  - ../shared.yml\ntargets: {App: {}}\n")
        try repo.write("Specs/shared.yml", "settings: {B: 1}\n")
        try repo.write("Sources/App/Main.swift")
        try repo.commit("Initial import")
        var round = 0
        // Each branch: a change, sometimes to the spec files, merged while main moves on with its own changes.
        for step in branchSteps {
            round += 1
            try repo.git(["checkout", "-q", "-b", "feature/\(round)"])
            try step.branch(repo, round)
            try repo.commit("Feature \(round)")
            try (step.followUp ?? { repo, round in try repo.write("Sources/App/Feature\(round).swift") })(repo, round)
            try repo.commit("Feature \(round): follow-up")
            try repo.git(["checkout", "-q", "main"])
            try step.main(repo, round)
            try repo.commit("Main \(round)")
            try repo.git(["merge", "-q", "--no-ff", "-m", "Merge branch 'feature/\(round)'", "feature/\(round)"])
        }

        let each = try repo.slipway("detect", "--each", "HEAD", "--json")
        #expect(each.status == 0)
        let lines = each.stdout.split(separator: "\n").map(String.init)
        let shas = try repo.git(["rev-list", "HEAD"]).split(separator: "\n").map(String.init)
        #expect(lines.count == shas.count)
        #expect(try repo.git(["rev-list", "--merges", "--count", "HEAD"]).hasPrefix("\(branchSteps.count)"))
        var buildConfigVerdicts = 0
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let sha = try #require((object?["range"] as? [String: Any])?["head"] as? String)
            #expect(shas.contains(sha))
            let single = try repo.slipway("detect", sha, "--json")
            #expect(single.status == 0)
            #expect(line + "\n" == droppingAffected(single.stdout), "commit \(sha)")
            if line.contains("build configuration changed") { buildConfigVerdicts += 1 }
        }
        // The spec edits on both sides of the merges are judged as build configuration.
        #expect(buildConfigVerdicts >= 6)
    }

    struct Step {
        var branch: (TestRepository, Int) throws -> Void
        var main: (TestRepository, Int) throws -> Void
        /// The branch's second commit; by default a new Swift file.
        var followUp: ((TestRepository, Int) throws -> Void)? = nil
    }

    /// What each feature branch and main do meanwhile.
    var branchSteps: [Step] {
        [
            Step(
                branch: { repo, round in try repo.write("Specs/settings.yml", "settings: {A: \(round + 10)}\n") },
                main: { repo, round in try repo.write("Sources/App/Main.swift", "// main \(round)\n") }),
            Step(
                branch: { repo, _ in try repo.write("Specs/targets/Widgets.yml", "targets: {Widgets: {}}\n") },
                main: { repo, round in try repo.write("Specs/shared.yml", "settings: {B: \(round)}\n") }),
            Step(
                branch: { repo, _ in try repo.write("Specs/later.yml", "settings: {C: 1}\n") },
                main: { repo, round in try repo.write("Sources/App/Other\(round).swift") }),
            // A file the glob matched is edited, then deleted: the edit is judged with the file still included.
            Step(
                branch: { repo, _ in try repo.write("Specs/targets/Widgets.yml", "targets: {Widgets: {x: 1}}\n") },
                main: { repo, round in try repo.write("Specs/settings.yml", "settings: {A: main\(round)}\n") },
                followUp: { repo, _ in try repo.remove("Specs/targets/Widgets.yml") }),
            Step(
                branch: { repo, round in try repo.write("Sources/App/Main.swift", "// feature \(round)\n") },
                main: { repo, round in try repo.write("Sources/App/Main\(round).swift") }),
            Step(
                branch: { repo, _ in try repo.write("Specs/settings.yml", "settings: {A: 1}\n") },
                main: { repo, _ in
                    try repo.write("Specs/targets/App.yml", "include:\n  - ../shared.yml\ntargets: {App: {x: 1}}\n")
                }),
            Step(
                branch: { repo, _ in try repo.write("Specs/later.yml", "settings: {C: 2}\n") },
                main: { repo, round in try repo.write("Sources/App/Other\(round).swift") },
                followUp: { repo, _ in try repo.remove("Specs/later.yml") }),
            Step(
                branch: { repo, _ in try repo.write("Specs/targets/App.yml", "targets: {App: {}}\n") },
                main: { repo, round in try repo.write("Sources/App/Late\(round).swift") }),
        ]
    }
}
