import Foundation
import Testing

@Suite("detect: the message-tag rule")
struct DetectMessageTagRuleTests {
    @Test(
        "message tags fire case-insensitively anywhere in the message, naming the tag and the commit",
        arguments: [
            ("Ship it [deploy]", "[deploy]"),
            ("[Release] 2.0", "[release]"),
            ("Rewrite sync [MAJOR]", "[major]"),
            ("Fix crash\n\nThis one goes out now: [DePloY].", "[deploy]"),
        ])
    func messageTags(message: String, tag: String) throws {
        let repo = try AppRepository.make()
        try repo.edit("README.md")
        let sha = try repo.commit(message)
        let report = try repo.detect()
        #expect(report.major)
        let reason = try #require(report.reason("message-tag"))
        #expect(reason.tags == [.init(tag: tag, commit: sha, subject: String(message.prefix { $0 != "\n" }))])
        #expect(reason.message.contains(tag))
        #expect(reason.message.contains(String(sha.prefix(7))))
    }

    @Test(
        "words without the brackets are not tags",
        arguments: ["deploy now", "release notes", "[deploy", "major refactor"])
    func notTags(message: String) throws {
        let repo = try AppRepository.make()
        try repo.edit("README.md")
        try repo.commit(message)
        #expect(try repo.detect().rules.isEmpty)
    }

    @Test("tags from the configuration replace the defaults")
    func customTags() throws {
        let repo = try AppRepository.make()
        try repo.write(".slipway.yml", "detect:\n  tags: [\"#ship\"]\n")
        try repo.commit("Configure [deploy]")
        #expect(try repo.detect().rules.isEmpty)
        try repo.edit("README.md")
        try repo.commit("Docs #SHIP")
        #expect(try repo.detect().reason("message-tag")?.tags?.map(\.tag) == ["#ship"])
    }
}
