import Foundation
import Testing

@Suite("detect: basics")
struct DetectBasicsTests {
    @Test("a root commit judges every file as added")
    func rootCommit() throws {
        let repo = try TestRepository()
        try repo.write("iOS/App.swift")
        try repo.write("README.md", "hello\n")
        try repo.commit("Initial commit")
        let json = try repo.detectJSON()
        let range = json["range"] as? [String: Any]
        #expect(range?["base"] is NSNull)
        let files = json["files"] as? [[String: Any]] ?? []
        #expect(files.map { $0["status"] as? String } == ["added", "added"])
        #expect(json["major"] as? Bool == false)
    }

    @Test("an empty repository is exit 2 with a hint")
    func emptyRepository() throws {
        let repo = try TestRepository()
        let result = try repo.slipway("detect")
        #expect(result.status == 2)
        #expect(result.stderr.contains("no commits yet"))
    }

    @Test("an unknown revision is exit 2")
    func unknownRevision() throws {
        let repo = try TestRepository()
        try repo.write("a.txt")
        try repo.commit("one")
        let result = try repo.slipway("detect", "nope")
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown revision 'nope'"))
    }

    @Test(
        "an empty repository is exit 2 for every form",
        arguments: [["HEAD~1..HEAD"], ["--each", "HEAD"], ["--head", "HEAD"]])
    func emptyRepositoryForms(arguments: [String]) throws {
        let repo = try TestRepository()
        let result = try repo.slipway(arguments: ["detect"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("no commits yet"))
    }

    @Test("a detached HEAD is judged like any commit")
    func detachedHead() throws {
        let repo = try TestRepository()
        try repo.touch("iOS/App.swift")
        try repo.commit("App")
        try repo.touch("Shared/Model.swift")
        let shared = try repo.commit("Model")
        try repo.edit("iOS/App.swift")
        try repo.commit("Tweak")
        try repo.git(["checkout", "-q", "--detach", shared])
        let report = try repo.detect()
        #expect(report.range.head == shared)
        #expect(report.rules == ["shared-code"])
        let range = try repo.detect("HEAD~1..HEAD")
        #expect(range.commits.map(\.sha) == [shared])
    }

    @Test("run from a subfolder, detect finds the repository and its .slipway.yml at the root")
    func subfolder() throws {
        let repo = try TestRepository()
        try repo.write(".slipway.yml", "detect:\n  sharedPaths: [\"Core/**\"]\n")
        try repo.touch("iOS/Screens/Home.swift")
        try repo.commit("App")
        try repo.touch("Core/Engine.swift")
        try repo.commit("Engine")
        let report = try repo.detect(in: "iOS/Screens")
        #expect(report.reason("shared-code")?.paths == ["Core/Engine.swift"])
    }

    @Test("a bare repository is judged from its history")
    func bareRepository() throws {
        let repo = try TestRepository()
        try repo.touch("iOS/App.swift")
        try repo.commit("App")
        try repo.touch("Shared/Model.swift")
        let head = try repo.commit("Model [release]")
        let bare = repo.directory.url.appendingPathComponent("bare.git")
        try repo.git(["clone", "-q", "--bare", repo.path, bare.path], in: repo.directory.url)
        let result = try repo.slipway(["detect", "--json"], at: bare)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try DetectReport.decode(result.stdout)
        #expect(report.range.head == head)
        #expect(report.rules == ["message-tag", "shared-code"])
        let each = try repo.slipway(["detect", "--each", "HEAD"], at: bare)
        #expect(each.stdout.split(separator: "\n").count == 2)
    }

    @Test("a bare repository reads the .slipway.yml committed at HEAD")
    func bareRepositoryConfiguration() throws {
        let repo = try TestRepository()
        try repo.write(".slipway.yml", "detect:\n  tags: [\"#ship\"]\n")
        try repo.touch("iOS/App.swift")
        try repo.commit("App #ship")
        let bare = repo.directory.url.appendingPathComponent("bare.git")
        try repo.git(["clone", "-q", "--bare", repo.path, bare.path], in: repo.directory.url)
        let result = try repo.slipway(["detect", "--json"], at: bare)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try DetectReport.decode(result.stdout)
        #expect(report.rules.contains("message-tag"))
    }

    @Test("a linked worktree judges its own HEAD with its own .slipway.yml")
    func linkedWorktree() throws {
        let repo = try TestRepository()
        try repo.touch("iOS/App.swift")
        try repo.commit("App")
        let worktree = repo.directory.url.appendingPathComponent("linked")
        try repo.git(["worktree", "add", "-q", "-b", "topic", worktree.path])
        try repo.write("../linked/.slipway.yml", "detect:\n  tags: [\"#ship\"]\n")
        try repo.write("../linked/Shared/Sync.swift", "// sync\n")
        try repo.git(["add", "-A"], in: worktree)
        try repo.git(["commit", "-q", "-m", "Sync #ship"], in: worktree)
        let topic = try repo.git(["rev-parse", "HEAD"], in: worktree).trimmingCharacters(in: .whitespacesAndNewlines)
        let result = try repo.slipway(["detect", "--json"], at: worktree.appendingPathComponent("Shared"))
        #expect(result.status == 0, "\(result.stderr)")
        let report = try DetectReport.decode(result.stdout)
        #expect(report.range.head == topic)
        #expect(report.reason("message-tag")?.tags?.map(\.tag) == ["#ship"])
        // The main working tree still judges its own HEAD.
        #expect(try repo.detect().commits.map(\.subject) == ["App"])
    }

    @Test("an invalid .slipway.yml is exit 2 naming file:line:column, with the line, a caret and a hint")
    func configErrorEndToEnd() throws {
        let repo = try TestRepository()
        try repo.write(".slipway.yml", "# Slipway\ndetect:\n  tags: [\"[ship]\"]\n  skipTag: [\"[hold]\"]\n")
        try repo.touch("iOS/App.swift")
        try repo.commit("App")
        let result = try repo.slipway("detect", in: "iOS")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == """
                .slipway.yml:4:3: error: unknown key 'skipTag' in 'detect'
                  skipTag: ["[hold]"]
                  ^
                hint: did you mean 'skipTags'? known keys here: tags, skipTags, swiftFileThreshold, sharedPaths, buildConfigPaths, releaseTagPattern, buildConfig, versionOnly, sharedCode

                """)
        try repo.write(".slipway.yml", "detect:\n  swiftFileThreshold: [6]\n")
        let wrongType = try repo.slipway("detect", "--json", "--exit-code")
        #expect(wrongType.status == 2)
        #expect(
            wrongType.stderr.hasPrefix(
                ".slipway.yml:2:23: error: 'detect.swiftFileThreshold' must be a whole number, found list"))
    }
}
