import Foundation
import Testing

/// `slipway notes` on a real repository: groups, what is left out, the range, the formats and the byte limit.
@Suite("notes: the built binary")
struct NotesCommandTests {
    /// A release tag, then commits of every kind the notes sort or leave out.
    func repository() throws -> TestRepository {
        let repo = try TestRepository()
        try repo.write("README.md", "MyApp\n")
        try repo.commit("feat: before the release")
        try repo.git(["tag", "-a", "v1.0.0", "-m", "1.0.0"])
        try repo.write("a.swift")
        try repo.commit("fix(sync): keep pinned notes on top")
        try repo.write("b.swift")
        try repo.commit("feat(ui): pin notes")
        try repo.write("c.swift")
        try repo.commit("feat!: drop iOS 16")
        try repo.write("d.swift")
        try repo.commit("refactor: storage\n\nBREAKING CHANGE: the database moved")
        try repo.write("README.md", "MyApp\n\nDocs.\n")
        try repo.commit("docs: wiki link [skip deploy]")
        try repo.write("e.swift")
        try repo.commit("Release 1.1.0 (7)\n\nSlipway-Release: 1.1.0+7")
        try repo.write("f.swift")
        try repo.commit("README: mention the widget")
        return repo
    }

    @Test("message tags are taken out of subjects; bots' commits are left out, as notes.excludeAuthors says")
    func tagsAndBots() throws {
        let repo = try TestRepository()
        try repo.write("README.md", "MyApp\n")
        try repo.commit("feat: before the release")
        try repo.git(["tag", "-a", "v1.0.0", "-m", "1.0.0"])
        try repo.write("a.swift")
        try repo.commit("fix: the badge count [deploy]")
        try repo.write("b.swift")
        try repo.commit("[DEPLOY]")
        try repo.write("Package.resolved", "{}\n")
        try repo.git(["add", "-A"])
        try repo.git(
            [
                "commit", "-q", "--author", "dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>",
                "-m", "chore(deps): bump swift-log from 1.5.0 to 1.6.0",
            ])
        let result = try repo.slipway("notes")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Fixes:\n- the badge count\n", "\(result.stdout)")

        // An empty list keeps every author.
        try repo.write(".slipway.yml", "notes:\n  excludeAuthors: []\n")
        let everyone = try repo.slipway("notes")
        #expect(everyone.stdout.contains("- deps: bump swift-log from 1.5.0 to 1.6.0"), "\(everyone.stdout)")
    }

    @Test("since the last release: breaking first, then features, fixes, other; release and [skip deploy] out")
    func grouped() throws {
        let repo = try repository()
        let result = try repo.slipway("notes")
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Breaking changes:
                - storage
                - drop iOS 16

                Features:
                - ui: pin notes

                Fixes:
                - sync: keep pinned notes on top

                Other:
                - README: mention the widget

                """)
    }

    @Test("markdown headings, JSON with every entry and the release it starts after")
    func formats() throws {
        let repo = try repository()
        let markdown = try repo.slipway("notes", "--format", "markdown")
        #expect(markdown.stdout.hasPrefix("### Breaking changes\n- storage\n"))
        #expect(markdown.stdout.contains("\n### Fixes\n- sync: keep pinned notes on top\n"))
        let json = try repo.slipway("notes", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["since"] as? String == "v1.0.0")
        #expect(object["count"] as? Int == 5)
        let groups = object["groups"] as? [[String: Any]] ?? []
        #expect(groups.map { $0["title"] as? String } == ["Breaking changes", "Features", "Fixes", "Other"])
    }

    @Test("a range given, and --max-bytes: whole lines within the limit, then 'and N more'")
    func rangeAndLimit() throws {
        let repo = try repository()
        let all = try repo.slipway("notes", "HEAD")
        #expect(all.stdout.contains("- before the release\n"))
        let trimmed = try repo.slipway("notes", "--max-bytes", "60")
        #expect(trimmed.status == 0)
        #expect(trimmed.stdout == "Breaking changes:\n- storage\n- drop iOS 16\nand 3 more\n")
        #expect(trimmed.stdout.utf8.count <= 60)
        let usage = try repo.slipway("notes", "--format", "html")
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("--format must be one of text, markdown, json, not 'html'"))
    }
}
