import Foundation
import Testing

@Suite("detect: rules on root and merge commits")
struct DetectRootAndMergeTests {
    @Test("a root commit: every file is added and the rules judge them")
    func rootCommit() throws {
        let repo = try TestRepository()
        try repo.touch("project.yml", "Shared/Model.swift", "iOS/App.swift")
        try repo.commit("Initial commit")
        let report = try repo.detect()
        #expect(report.range.base == nil)
        #expect(report.range.baseSource == "parent")
        #expect(
            report.files == [
                .init("added", "Shared/Model.swift"), .init("added", "iOS/App.swift"), .init("added", "project.yml"),
            ])
        #expect(report.files == (try repo.gitChanges(from: nil, to: "HEAD")))
        #expect(report.rules == ["shared-code", "build-config"])
        let text = try repo.slipway("detect")
        #expect(text.stdout.contains("(root commit)"))
    }

    @Test("a merge commit is judged against its first parent")
    func mergeCommit() throws {
        let repo = try AppRepository.make()
        try repo.git(["checkout", "-q", "-b", "feature"])
        try repo.touch("Shared/Sync.swift")
        try repo.commit("[deploy] sync engine")
        try repo.git(["checkout", "-q", "main"])
        try repo.touch("iOS/Settings.swift")
        try repo.commit("Settings screen")
        try repo.git(["merge", "-q", "--no-ff", "-m", "Merge branch 'feature'", "feature"])
        let merge = try repo.head()
        let report = try repo.detect()
        #expect(report.range.base == (try repo.rev("HEAD^1")))
        #expect(report.files == [.init("added", "Shared/Sync.swift")])
        #expect(report.files == (try repo.gitChanges(from: "HEAD^1", to: "HEAD")))
        // Only the merge's own message counts for a single commit.
        #expect(report.commits.map(\.sha) == [merge])
        #expect(report.rules == ["shared-code"])

        // Merged the other way round, the first parent is the feature branch.
        try repo.git(["checkout", "-q", "feature"])
        try repo.git(["merge", "-q", "--no-ff", "-m", "Merge main into feature", "main~1"])
        let other = try repo.detect()
        #expect(other.files == [.init("added", "iOS/Settings.swift")])
        #expect(other.rules.isEmpty)
    }
}
