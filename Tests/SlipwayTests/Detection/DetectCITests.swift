import Foundation
import Testing

@Suite("detect: --base/--head for CI")
struct DetectCITests {
    static let zeros = String(repeating: "0", count: 40)

    @Test("a base that is an ancestor of head is used as given")
    func givenBase() throws {
        let history = try DetectHistory()
        let repo = history.repo
        let report = try repo.detect("--base", history.a, "--head", history.c)
        #expect(report.range.base == history.a)
        #expect(report.range.head == history.c)
        #expect(report.range.baseSource == "given")
        #expect(report.notes.isEmpty)
        #expect(report.commits.map(\.sha) == (try repo.gitLog("\(history.a)..\(history.c)")))
        #expect(report.files == (try repo.gitChanges(from: history.a, to: history.c)))
        // The newest commit carries [skip deploy]: the whole push is not major.
        #expect(!report.major)
        #expect(report.rules.first == "skip-tag")
    }

    @Test("--head defaults to HEAD")
    func headDefault() throws {
        let history = try DetectHistory()
        let report = try history.repo.detect("--base", history.merge)
        #expect(report.range.head == history.c)
        #expect(report.commits.map(\.sha) == [history.c])
    }

    @Test(
        "an all-zero, empty or missing base starts at the latest release tag reachable from head",
        arguments: [
            ["--base", zeros, "--head", "HEAD"], ["--base", "", "--head", "HEAD"], ["--head", "HEAD"],
            ["--base", "0000000"],
        ])
    func releaseTagFallback(arguments: [String]) throws {
        let history = try DetectHistory()
        let repo = history.repo
        try repo.git(["tag", "v1.0", history.root])
        try repo.git(["tag", "-a", "-m", "Release 1.1", "v1.1", history.a])
        try repo.git(["tag", "nightly-7", history.b])
        try repo.git(["checkout", "-q", "-b", "elsewhere", history.root])
        try repo.touch("Other.swift")
        try repo.commit("Unrelated", date: 2_000)
        try repo.git(["tag", "v9.0"])
        try repo.git(["checkout", "-q", "main"])
        let result = try repo.slipway(arguments: ["detect", "--json"] + arguments)
        #expect(result.status == 0)
        let report = try DetectReport.decode(result.stdout)
        #expect(report.range.base == history.a)
        #expect(report.range.baseTag == "v1.1")
        #expect(report.range.baseSource == "tag")
        #expect(report.commits.map(\.sha) == (try repo.gitLog("v1.1..HEAD")))
        #expect(report.files == (try repo.gitChanges(from: history.a, to: "HEAD")))
        #expect(report.notes.contains("judging since release tag v1.1"))
        let text = try repo.slipway(arguments: ["detect"] + arguments)
        #expect(text.stdout.contains("range   v1.1 (\(history.a.prefix(7)))..\(history.c.prefix(7)), 5 commits"))
        #expect(text.stdout.contains("  note    "))
    }

    @Test("with no release tag, an all-zero base judges all history from the root")
    func rootFallback() throws {
        let history = try DetectHistory()
        let repo = history.repo
        try repo.git(["tag", "nightly-7", history.b])
        let report = try repo.detect("--base", Self.zeros, "--head", "HEAD")
        #expect(report.range.base == nil)
        #expect(report.range.baseSource == "root")
        #expect(report.range.baseTag == nil)
        #expect(report.commits.map(\.sha) == (try repo.gitLog()))
        #expect(report.files == (try repo.gitChanges(from: nil, to: "HEAD")))
        #expect(report.notes.contains { $0.contains("all zeros") })
        #expect(report.notes.contains { $0.contains("no release tag matching 'v*'") })
    }

    @Test("the release tag pattern comes from the configuration")
    func customTagPattern() throws {
        let history = try DetectHistory()
        let repo = history.repo
        try repo.write(".slipway.yml", "detect:\n  releaseTagPattern: release-*\n")
        try repo.git(["tag", "release-3", history.a])
        try repo.git(["tag", "v2.0", history.b])
        let report = try repo.detect("--base", Self.zeros)
        #expect(report.range.baseTag == "release-3")
        #expect(report.range.base == history.a)
    }

    @Test("a force-pushed base that is not an ancestor of head is replaced by the merge base")
    func forcePush() throws {
        let history = try DetectHistory()
        let repo = history.repo
        try repo.git(["checkout", "-q", "-b", "rewrite", history.b])
        try repo.touch("Shared/Discarded.swift")
        let oldTip = try repo.commit("[major] discarded work", date: 2_000)
        try repo.git(["reset", "-q", "--hard", history.b])
        try repo.touch("iOS/Kept.swift")
        let newTip = try repo.commit("Kept work", date: 2_100)
        let report = try repo.detect("--base", oldTip, "--head", newTip)
        #expect(report.range.base == history.b)
        #expect(report.range.baseSource == "merge-base")
        #expect(report.commits.map(\.sha) == [newTip])
        #expect(report.files == [.init("added", "iOS/Kept.swift")])
        #expect(!report.major)
        #expect(
            report.notes.contains { $0.contains("not an ancestor") && $0.contains("merge base \(history.b.prefix(7))") }
        )
    }

    @Test("a base sha this full clone does not have falls back to the release tag, with a note")
    func unknownBaseSha() throws {
        let history = try DetectHistory()
        let repo = history.repo
        try repo.git(["tag", "v1.1", history.merge])
        let missing = String(repeating: "ab", count: 20)
        let report = try repo.detect("--base", missing, "--head", "HEAD")
        #expect(report.range.base == history.merge)
        #expect(report.range.baseTag == "v1.1")
        #expect(report.notes.contains { $0.contains("abababa is not in this repository") })
    }

    @Test("a base with no history in common with head falls back to the release tag")
    func unrelatedBase() throws {
        let history = try DetectHistory()
        let repo = history.repo
        try repo.git(["checkout", "-q", "--orphan", "pages"])
        try repo.git(["rm", "-q", "-r", "-f", "."])
        try repo.touch("index.html")
        let orphan = try repo.commit("Pages", date: 2_000)
        try repo.git(["checkout", "-q", "main"])
        let report = try repo.detect("--base", orphan, "--head", "main")
        #expect(report.range.baseSource == "root")
        #expect(report.notes.contains { $0.contains("shares no history") })
        #expect(report.commits.count == 7)
    }

    // MARK: Shallow clones

    /// `git clone --depth <depth> file://…` of the history, next to the original.
    func shallowClone(of history: DetectHistory, depth: Int) throws -> URL {
        let clone = history.repo.directory.url.appendingPathComponent("shallow-\(depth)")
        try history.repo.git(
            ["clone", "-q", "--depth", String(depth), "file://" + history.repo.path, clone.path],
            in: history.repo.directory.url)
        return clone
    }

    func expectDeepenHint(_ result: ProcessResult, missing sha: String? = nil) {
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("is not in this shallow clone"))
        if let sha { #expect(result.stderr.contains(sha)) }
        #expect(result.stderr.contains("git fetch --unshallow"))
        #expect(result.stderr.contains("fetch-depth: 0"))
    }

    @Test("a base missing from a shallow clone is exit 2 with how to deepen the clone")
    func shallowMissingBase() throws {
        let history = try DetectHistory()
        let clone = try shallowClone(of: history, depth: 1)
        expectDeepenHint(
            try history.repo.slipway(["detect", "--base", history.merge, "--head", "HEAD"], at: clone),
            missing: history.merge)
        expectDeepenHint(try history.repo.slipway(["detect", "\(history.merge)..HEAD"], at: clone))
    }

    @Test("a shallow clone's edge is never judged as a root commit")
    func shallowEdge() throws {
        let history = try DetectHistory()
        let clone = try shallowClone(of: history, depth: 1)
        expectDeepenHint(try history.repo.slipway(["detect"], at: clone), missing: history.merge)
        expectDeepenHint(
            try history.repo.slipway(["detect", "--json", "--exit-code"], at: clone), missing: history.merge)
        expectDeepenHint(try history.repo.slipway(["detect", "--each", "HEAD"], at: clone))
        // No release tag in reach: judging "all history" would judge only what the clone happens to hold.
        expectDeepenHint(try history.repo.slipway(["detect", "--base", Self.zeros, "--head", "HEAD"], at: clone))
    }

    @Test("a shallow clone deep enough for the range judges it as a full clone does")
    func shallowDeepEnough() throws {
        let history = try DetectHistory()
        let clone = try shallowClone(of: history, depth: 2)
        let expected = try history.repo.detect("--base", history.merge, "--head", history.c)
        let cases = [
            ["detect", "--json", "--base", history.merge, "--head", "HEAD"],
            ["detect", "--json", "\(history.merge)..HEAD"], ["detect", "--json"],
        ]
        for arguments in cases {
            let result = try history.repo.slipway(arguments, at: clone)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let report = try DetectReport.decode(result.stdout)
            #expect(report.files == expected.files)
            #expect(report.commits == expected.commits)
            #expect(report.rules == expected.rules)
        }
        let each = try history.repo.slipway(["detect", "--each", "\(history.merge)..HEAD"], at: clone)
        #expect(each.status == 0)
        #expect(each.stdout.split(separator: "\n").count == 1)
        // The merge is the clone's edge: its parents are not there.
        expectDeepenHint(try history.repo.slipway(["detect", "HEAD~1"], at: clone), missing: history.b)
    }
}
