import Foundation
import Testing

@Suite("detect: the swift-files rule")
struct DetectSwiftFilesRuleTests {
    @Test("swift-files fires above the threshold: 5 files do not, 6 do", arguments: [5, 6])
    func threshold(count: Int) throws {
        let repo = try AppRepository.make()
        let paths = (1...count).map { "iOS/Screen\($0).swift" }
        for path in paths { try repo.touch(path) }
        try repo.touch("iOS/Notes.md")
        try repo.commit("Add screens")
        let report = try repo.detect()
        #expect(report.counts == .init(files: count + 1, swiftFiles: count))
        #expect(report.major == (count > 5))
        if count > 5 {
            let reason = try #require(report.reason("swift-files"))
            #expect(reason.count == count)
            #expect(reason.threshold == 5)
            #expect(reason.paths == paths.sorted())
            #expect(reason.message == "\(count) Swift files changed, more than 5")
        } else {
            #expect(report.rules.isEmpty)
            let text = try repo.slipway("detect")
            #expect(text.stdout.contains("----  swift-files   5 Swift files changed, fires above 5"))
        }
    }

    @Test("deleted Swift files count toward the threshold")
    func deletions() throws {
        let repo = try AppRepository.make()
        for index in 1...6 { try repo.touch("iOS/Old\(index).swift") }
        try repo.commit("Add old screens")
        for index in 1...6 { try repo.remove("iOS/Old\(index).swift") }
        try repo.commit("Remove old screens")
        let report = try repo.detect()
        #expect(report.files.allSatisfy { $0.status == "deleted" })
        #expect(report.counts.swiftFiles == 6)
        #expect(report.rules == ["swift-files"])
    }

    @Test("a renamed Swift file counts once, and so does one renamed to another extension")
    func renamesCountOnce() throws {
        let repo = try AppRepository.make()
        for index in 1...5 { try repo.touch("iOS/Screen\(index).swift") }
        try repo.commit("Add screens")
        for index in 1...5 { try repo.move("iOS/Screen\(index).swift", "iOS/Screens/Screen\(index).swift") }
        try repo.move("iOS/App.swift", "iOS/App.swift.txt")
        try repo.commit("Move screens")
        let report = try repo.detect()
        #expect(report.files.count == 6)
        #expect(report.files.allSatisfy { $0.status == "renamed" && $0.oldPath != nil })
        #expect(report.counts.swiftFiles == 6)
        #expect(report.reason("swift-files")?.count == 6)
        #expect(report.files == (try repo.gitChanges(from: "HEAD~1", to: "HEAD")))
    }

    @Test("the threshold comes from the configuration")
    func customThreshold() throws {
        let repo = try AppRepository.make()
        try repo.write(".slipway.yml", "detect:\n  swiftFileThreshold: 1\n")
        try repo.commit("Configure")
        try repo.touch("iOS/A.swift", "iOS/B.swift")
        try repo.commit("Two files")
        let report = try repo.detect()
        #expect(report.reason("swift-files")?.threshold == 1)
        #expect(report.reason("swift-files")?.count == 2)
    }
}
