import Foundation
import Testing

@Suite("detect: the skip-tag rule")
struct DetectSkipTagRuleTests {
    @Test(
        "a skip tag on the newest commit overrides every other rule",
        arguments: ["[skip deploy]", "[Skip Deploy]", "[SKIP DEPLOY]"])
    func skipOverrides(tag: String) throws {
        let repo = try AppRepository.make()
        for index in 1...6 { try repo.touch("Shared/File\(index).swift") }
        try repo.touch("iOS/Info.plist")
        let sha = try repo.commit("[deploy] [major] big change \(tag)")
        let report = try repo.detect()
        #expect(!report.major)
        #expect(report.rules.first == "skip-tag")
        let skip = try #require(report.reason("skip-tag"))
        #expect(skip.tags == [.init(tag: "[skip deploy]", commit: sha, subject: "[deploy] [major] big change \(tag)")])
        #expect(skip.message.contains("overrides"))
        // The other rules are still reported, so the override is visible.
        #expect(Set(report.rules) == ["skip-tag", "swift-files", "shared-code", "build-config"])
        let exit = try repo.slipway("detect", "--exit-code")
        #expect(exit.status == 1)
        #expect(exit.stdout.hasPrefix("not a major change"))
        #expect(exit.stdout.contains("skip  skip-tag"))
    }

    @Test("in a range, a skip tag on the newest commit overrides the whole range")
    func skipOnNewestOfRange() throws {
        let repo = try AppRepository.make()
        let base = try repo.head()
        try repo.touch("Shared/Sync.swift")
        try repo.commit("[release] sync")
        try repo.edit("README.md")
        try repo.commit("Docs [skip deploy]")
        let report = try repo.detect("\(base)..HEAD")
        #expect(!report.major)
        #expect(report.rules.first == "skip-tag")
    }

    @Test("a skip tag on an older commit only silences that commit's own message tags")
    func skipOnOlderCommit() throws {
        let repo = try AppRepository.make()
        let base = try repo.head()
        try repo.edit("README.md", "one")
        try repo.commit("[deploy] but not yet [skip deploy]")
        try repo.edit("README.md", "two")
        try repo.commit("Plain docs")
        let quiet = try repo.detect("\(base)..HEAD")
        #expect(!quiet.major)
        #expect(quiet.rules.isEmpty)
        let text = try repo.slipway("detect", "\(base)..HEAD")
        #expect(text.stdout.contains("only silences that commit's message tags"))

        try repo.touch("Shared/Sync.swift")
        let tagged = try repo.commit("[release] sync")
        let fired = try repo.detect("\(base)..HEAD")
        #expect(fired.major)
        #expect(fired.rules == ["message-tag", "shared-code"])
        #expect(fired.reason("message-tag")?.tags?.map(\.commit) == [tagged])
    }

    @Test("skipTags from the configuration replace the default")
    func customSkipTags() throws {
        let repo = try AppRepository.make()
        try repo.write(".slipway.yml", "detect:\n  skipTags: [\"[wip]\"]\n")
        try repo.touch("Shared/Sync.swift")
        try repo.commit("Sync [skip deploy]")
        #expect(try repo.detect().major)
        try repo.edit("Shared/Sync.swift")
        try repo.commit("More sync [WIP]")
        let report = try repo.detect()
        #expect(!report.major)
        #expect(report.reason("skip-tag")?.tags?.map(\.tag) == ["[wip]"])
    }
}
