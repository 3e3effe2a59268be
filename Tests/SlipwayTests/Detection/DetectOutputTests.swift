import Foundation
import Testing

@Suite("detect: output, exit codes and bump")
struct DetectOutputTests {
    /// One commit on top of a root: `sharedChange` decides whether it is major.
    func repository(message: String = "Change", sharedChange: Bool) throws -> TestRepository {
        let repo = try TestRepository()
        try repo.touch("iOS/App.swift", "Shared/Model.swift")
        try repo.commit("Initial commit")
        try repo.edit(sharedChange ? "Shared/Model.swift" : "iOS/App.swift")
        try repo.commit(message)
        return repo
    }

    @Test("--exit-code: 0 for a major change, 1 for none; the report is printed either way")
    func exitCode() throws {
        let major = try repository(sharedChange: true)
        let yes = try major.slipway("detect", "--exit-code")
        #expect(yes.status == 0)
        #expect(yes.stdout.hasPrefix("MAJOR CHANGE"))
        let no = try repository(sharedChange: false)
        let result = try no.slipway("detect", "--exit-code", "--json")
        #expect(result.status == 1)
        #expect(try DetectReport.decode(result.stdout).major == false)
        #expect(result.stderr.isEmpty)
        // Without --exit-code a negative verdict is still a success.
        #expect(try no.slipway("detect").status == 0)
        // Errors keep their own code.
        #expect(try no.slipway("detect", "--exit-code", "nope").status == 2)
    }

    @Test("--each --exit-code: 0 when any commit is major, 1 when none is")
    func eachExitCode() throws {
        let repo = try repository(sharedChange: true)
        #expect(try repo.slipway("detect", "--each", "HEAD", "--exit-code").status == 0)
        #expect(try repo.slipway("detect", "--each", "HEAD~1..HEAD", "--exit-code").status == 0)
        try repo.edit("iOS/App.swift")
        try repo.commit("Small fix")
        #expect(try repo.slipway("detect", "--each", "HEAD~1..HEAD", "--exit-code").status == 1)
    }

    @Test("--github-output appends major, bump and reasons to $GITHUB_OUTPUT, keeping what is there")
    func githubOutput() throws {
        let repo = try repository(message: "feat: sync [deploy]", sharedChange: true)
        let file = repo.directory.url.appendingPathComponent("github-output")
        try "earlier=1\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try repo.slipway("detect", "--github-output", extraEnvironment: ["GITHUB_OUTPUT": file.path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("MAJOR CHANGE"))
        #expect(
            try String(contentsOf: file, encoding: .utf8)
                == "earlier=1\nmajor=true\nbump=minor\nreasons=message-tag,shared-code\n")
    }

    @Test("--github-output creates the file, and writes an empty reasons line for no major change")
    func githubOutputCreates() throws {
        let repo = try repository(sharedChange: false)
        let file = repo.directory.url.appendingPathComponent("new-output")
        let result = try repo.slipway(
            "detect", "--github-output", "--json", "--exit-code", extraEnvironment: ["GITHUB_OUTPUT": file.path])
        #expect(result.status == 1)
        #expect(try DetectReport.decode(result.stdout).major == false)
        #expect(try String(contentsOf: file, encoding: .utf8) == "major=false\nbump=patch\nreasons=\n")
    }

    @Test("--github-output without $GITHUB_OUTPUT is exit 2 saying what to set")
    func githubOutputMissing() throws {
        let repo = try repository(sharedChange: true)
        let result = try repo.slipway("detect", "--github-output")
        #expect(result.status == 2)
        #expect(result.stderr.contains("$GITHUB_OUTPUT"))
        #expect(result.stderr.contains("hint:"))
    }

    @Test("the JSON report has every documented field, with null for absent values")
    func jsonShape() throws {
        let repo = try TestRepository()
        try repo.touch("Shared/Note.swift")
        let sha = try repo.commit("Initial commit")
        let result = try repo.slipway("detect", "--json")
        #expect(result.stdout.hasPrefix("{\"affected\":null,\"bump\":"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys).isSuperset(of: ["major", "bump", "range", "commits", "files", "counts", "reasons"]))
        #expect(object["major"] as? Bool == true)
        #expect(object["bump"] as? String == "patch")
        let range = try #require(object["range"] as? [String: Any])
        #expect(range["base"] is NSNull)
        #expect(range["head"] as? String == sha)
        let commits = try #require(object["commits"] as? [[String: Any]])
        #expect(commits.count == 1)
        #expect(commits.first?["sha"] as? String == sha)
        #expect(commits.first?["subject"] as? String == "Initial commit")
        let file = try #require((object["files"] as? [[String: Any]])?.first)
        #expect(file["path"] as? String == "Shared/Note.swift")
        #expect(file["status"] as? String == "added")
        #expect(file["oldPath"] is NSNull)
        let counts = try #require(object["counts"] as? [String: Any])
        #expect(counts["files"] as? Int == 1)
        #expect(counts["swiftFiles"] as? Int == 1)
        let reason = try #require((object["reasons"] as? [[String: Any]])?.first)
        #expect(reason["rule"] as? String == "shared-code")
        #expect(reason["message"] as? String == "shared code changed: Shared/Note.swift")
        #expect(reason["paths"] as? [String] == ["Shared/Note.swift"])
    }

    @Test("the readable report gives the verdict, then every rule: those that fired and why the others did not")
    func textReport() throws {
        let repo = try repository(message: "Sync [deploy]", sharedChange: true)
        let sha = try repo.head()
        let parent = try repo.rev("HEAD~1")
        let result = try repo.slipway("detect")
        #expect(
            result.stdout == """
                MAJOR CHANGE (suggested bump: patch)
                  commit  \(sha.prefix(7)) "Sync [deploy]" (against \(parent.prefix(7)))
                  files   1 changed, 1 Swift
                  FIRE  message-tag   message tag [deploy] in \(sha.prefix(7)) "Sync [deploy]"
                  FIRE  shared-code   shared code changed: Shared/Model.swift
                  ----  swift-files   1 Swift file changed, fires above 5
                  ----  build-config  no build configuration changed
                  ----  skip-tag      no commit message carries [skip deploy]

                """)
    }

    @Test(
        "the suggested bump follows the message",
        arguments: [
            ("[major] rewrite", "major"),
            ("Rewrite storage\n\nBREAKING CHANGE: the store format changed", "major"),
            ("fix: storage\n\nBREAKING-CHANGE: the store format changed", "major"),
            ("feat!: new storage", "major"),
            ("fix(storage)!: drop the old format", "major"),
            ("refactor(core/db)!: move", "major"),
            ("feat: widgets", "minor"),
            ("Feat(ui): dark mode", "minor"),
            ("[release] 2.1", "minor"),
            ("fix: crash on launch", "patch"),
            ("Update docs", "patch"),
            ("feat:no space is not a header", "patch"),
            ("Mention BREAKING CHANGE: only in the subject", "patch"),
            ("docs: explain feat!: in the guide", "patch"),
        ])
    func bump(message: String, level: String) throws {
        let repo = try repository(message: message, sharedChange: false)
        #expect(try repo.detect().bump == level)
    }

    @Test("a range suggests the highest bump any of its commits asks for")
    func rangeBump() throws {
        let repo = try repository(message: "fix: one", sharedChange: false)
        try repo.edit("iOS/App.swift", "// two")
        try repo.commit("feat: two")
        try repo.edit("iOS/App.swift", "// three")
        try repo.commit("chore: three")
        #expect(try repo.detect("HEAD~3..HEAD").bump == "minor")
        try repo.edit("iOS/App.swift", "// four")
        try repo.commit("docs: four\n\nBREAKING CHANGE: no really")
        #expect(try repo.detect("HEAD~4..HEAD").bump == "major")
        #expect(try repo.detect("HEAD~2..HEAD~1").bump == "patch")
    }
}
