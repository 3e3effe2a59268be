import Foundation
import Testing

@Suite("detect: revisions and ranges")
struct DetectRangeTests {
    @Test("with no revision, HEAD is judged against its first parent")
    func head() throws {
        let history = try DetectHistory()
        let report = try history.repo.detect()
        #expect(report.range.head == history.c)
        #expect(report.range.base == history.merge)
        #expect(report.commits.map(\.sha) == [history.c])
    }

    @Test("a single revision judges that commit, however it is named")
    func singleRevision() throws {
        let history = try DetectHistory()
        let repo = history.repo
        try repo.git(["tag", "-a", "-m", "Release 1.0", "v1.0", history.a])
        try repo.git(["tag", "light", history.b])
        let cases: [(String, String, String)] = [
            ("HEAD~1", history.merge, history.b),
            ("HEAD~1^2", history.f2, history.f1),
            ("feature", history.f2, history.f1),
            ("feature~1", history.f1, history.a),
            ("v1.0", history.a, history.root),
            ("light", history.b, history.a),
            (String(history.a.prefix(8)), history.a, history.root),
            (history.c, history.c, history.merge),
        ]
        for (revision, head, base) in cases {
            let report = try repo.detect(revision)
            #expect(report.range.head == head, "\(revision)")
            #expect(report.range.base == base, "\(revision)")
            #expect(report.commits.map(\.sha) == [head], "\(revision)")
            #expect(report.files == (try repo.gitChanges(from: base, to: head)), "\(revision)")
        }
    }

    @Test("a..b judges the net difference from a to b and the messages of every commit in b not in a")
    func twoDots() throws {
        let history = try DetectHistory()
        let repo = history.repo
        let report = try repo.detect("\(history.a)..\(history.merge)")
        #expect(report.range.base == history.a)
        #expect(report.range.head == history.merge)
        #expect(report.range.baseSource == "given")
        #expect(report.commits.map(\.sha) == (try repo.gitLog("\(history.a)..\(history.merge)")))
        #expect(report.commits.map(\.sha) == [history.merge, history.f2, history.b, history.f1])
        #expect(report.files == (try repo.gitChanges(from: history.a, to: history.merge)))
        // F1's tag counts although F1 is not the newest commit; F2's `!` makes the bump major.
        #expect(report.reason("message-tag")?.tags?.map(\.commit) == [history.f1])
        #expect(report.bump == "major")
        #expect(report.major)
    }

    @Test("an empty side of a..b means HEAD")
    func openEnds() throws {
        let history = try DetectHistory()
        let repo = history.repo
        let open = try repo.detect("\(history.b)..")
        #expect(open.range.base == history.b)
        #expect(open.range.head == history.c)
        #expect(open.commits.map(\.sha) == (try repo.gitLog("\(history.b)..HEAD")))
        let empty = try repo.detect("..HEAD")
        #expect(empty.commits.isEmpty)
        #expect(empty.files.isEmpty)
        #expect(!empty.major)
        #expect(empty.bump == "patch")
    }

    @Test("a..b across diverging branches: commits only in b, files as git diff a b")
    func divergingRange() throws {
        let history = try DetectHistory()
        let repo = history.repo
        let report = try repo.detect("\(history.b)..feature")
        #expect(report.commits.map(\.sha) == [history.f2, history.f1])
        #expect(report.files == (try repo.gitChanges(from: history.b, to: history.f2)))
        #expect(report.files.contains(.init("modified", "README.md")))
    }

    @Test("a...b judges from the merge base of a and b to b")
    func threeDots() throws {
        let history = try DetectHistory()
        let repo = history.repo
        let report = try repo.detect("\(history.b)...feature")
        let mergeBase = try repo.git(["merge-base", history.b, "feature"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(mergeBase == history.a)
        #expect(report.range.base == history.a)
        #expect(report.range.head == history.f2)
        #expect(report.commits.map(\.sha) == [history.f2, history.f1])
        #expect(report.files == (try repo.gitChanges(from: history.a, to: history.f2)))
        #expect(report.files == [.init("added", "Shared/Sync.swift")])
        let open = try repo.detect("feature...")
        #expect(open.range.base == history.f2)
        #expect(open.commits.map(\.sha) == [history.c, history.merge, history.b])
    }

    @Test("--each judges every commit of a..b on its own, newest first like git log, as JSON Lines")
    func each() throws {
        let history = try DetectHistory()
        let repo = history.repo
        let result = try repo.slipway("detect", "--each", "\(history.root)..HEAD", "--json")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(result.stdout.hasSuffix("\n"))
        let expected = try repo.gitLog("\(history.root)..HEAD")
        #expect(expected == [history.c, history.merge, history.f2, history.b, history.f1, history.a])
        let reports = try lines.map { try DetectReport.decode(String($0)) }
        #expect(reports.map(\.range.head) == expected)
        // Each line is exactly what judging that commit alone prints.
        for (line, sha) in zip(lines, expected) {
            let single = try repo.slipway("detect", sha, "--json")
            #expect(droppingAffected(single.stdout) == line + "\n", "\(sha)")
        }
        let merge = try #require(reports.first { $0.range.head == history.merge })
        #expect(merge.range.base == history.b)
        #expect(merge.files == (try repo.gitChanges(from: history.b, to: history.merge)))
        #expect(reports.map(\.major) == [false, true, true, false, true, false])
        #expect(reports.map(\.bump) == ["patch", "patch", "major", "patch", "patch", "minor"])
    }

    @Test("--each with a single revision judges its whole history, root commit included")
    func eachWholeHistory() throws {
        let history = try DetectHistory()
        let reports = try history.repo.detectEach("HEAD")
        #expect(reports.map(\.range.head) == (try history.repo.gitLog()))
        let root = try #require(reports.last)
        #expect(root.range.base == nil)
        #expect(root.files.allSatisfy { $0.status == "added" })
        #expect(root.rules == ["shared-code", "build-config"])
    }

    @Test("--each prints one readable line per commit: short sha, verdict, bump, rules, subject")
    func eachText() throws {
        let history = try DetectHistory()
        let result = try history.repo.slipway("detect", "--each", "\(history.b)..HEAD")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(
            lines.map { String($0.prefix(7)) }
                == [history.c, history.merge, history.f2, history.f1].map { String($0.prefix(7)) })
        #expect(
            lines[0].contains("-    ") && lines[0].contains("skip-tag") && lines[0].hasSuffix("Tidy up [skip deploy]"))
        #expect(
            lines[1].contains("major") && lines[1].contains("shared-code")
                && lines[1].hasSuffix("Merge branch 'feature'"))
        #expect(lines[2].contains("major  major"))
    }

    @Test("--each follows the spec's include: list as it was at each commit")
    func eachFollowsIncludesOverTime() throws {
        let repo = try TestRepository()
        try repo.write("project.yml", "name: MyApp\n")
        try repo.write(".slipway.yml", "detect:\n  buildConfig: paths\n")
        try repo.touch("iOS/App.swift")
        try repo.commit("Initial commit", date: 1_000)
        try repo.write("specs/extra.yml", "settings: {}\n")
        try repo.commit("Draft an extra spec, not used yet", date: 1_100)
        try repo.write("project.yml", "name: MyApp\ninclude: [specs/extra.yml]\n")
        try repo.commit("Use the extra spec", date: 1_200)
        try repo.edit("specs/extra.yml", "# tuned")
        try repo.commit("Tune the extra spec", date: 1_300)
        try repo.write("project.yml", "name: MyApp\n")
        try repo.remove("specs/extra.yml")
        try repo.commit("Drop the extra spec", date: 1_400)
        try repo.write("specs/extra.yml", "settings: {}\n")
        try repo.commit("Draft it again, unused", date: 1_500)

        let reports = try repo.detectEach("HEAD")
        let paths = reports.map { $0.reason("build-config")?.paths ?? [] }
        #expect(
            paths == [
                [],
                ["project.yml", "specs/extra.yml"],
                ["specs/extra.yml"],
                ["project.yml"],
                [],
                ["project.yml"],
            ])
        for report in reports {
            let single = try repo.detect(report.range.head)
            #expect(
                single.reason("build-config")?.paths == report.reason("build-config")?.paths,
                "\(report.commits.first?.subject ?? "")")
        }
    }

    @Test(
        "unknown revisions in any form are exit 2 naming the revision",
        arguments: [
            ["nope"], ["nope..HEAD"], ["HEAD..nope"], ["HEAD...nope"], ["--each", "nope..HEAD"],
            ["--base", "nope", "--head", "HEAD"],
            ["--head", "nope"],
        ])
    func unknownRevisions(arguments: [String]) throws {
        let history = try DetectHistory()
        let result = try history.repo.slipway(arguments: ["detect"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown revision 'nope'"))
        #expect(result.stderr.contains("hint:"))
        #expect(result.stdout.isEmpty)
    }

    @Test("a revision that names a tree, not a commit, is exit 2")
    func notACommit() throws {
        let history = try DetectHistory()
        let result = try history.repo.slipway("detect", "HEAD^{tree}")
        #expect(result.status == 2)
        #expect(result.stderr.contains("does not name a commit"))
    }

    @Test(
        "conflicting forms are usage errors, exit 64",
        arguments: [
            ["--each", "HEAD~1..HEAD", "HEAD"],
            ["--each", "HEAD~1..HEAD", "--base", "HEAD~1"],
            ["--each", "HEAD~1..HEAD", "--github-output"],
            ["HEAD", "--base", "HEAD~1"],
            ["HEAD", "HEAD~1"],
        ])
    func conflicts(arguments: [String]) throws {
        let history = try DetectHistory()
        let result = try history.repo.slipway(arguments: ["detect"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("See 'slipway detect --help'"))
        #expect(result.stdout.isEmpty)
    }
}
