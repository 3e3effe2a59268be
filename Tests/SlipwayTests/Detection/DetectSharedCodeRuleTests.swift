import Foundation
import Testing

@Suite("detect: the shared-code rule")
struct DetectSharedCodeRuleTests {
    @Test(
        "shared-code fires for a path segment named Shared at any depth",
        arguments: [
            ("Shared/Model.swift", true),
            ("Modules/Shared/Sync/Engine.swift", true),
            ("iOS/Shared/Colors.swift", true),
            ("Shared/Resources/Strings.txt", true),
            ("SharedKit/Model.swift", false),
            ("shared/Model.swift", false),
            ("iOS/NotShared.swift", false),
            ("iOS/SharedModel.swift", false),
        ])
    func sharedPaths(path: String, fires: Bool) throws {
        let repo = try AppRepository.make()
        try repo.edit("Shared/Model.swift", "// before")
        try repo.commit("Touch shared model")
        try repo.touch(path)
        try repo.commit("Change \(path)")
        let report = try repo.detect()
        #expect(report.major == fires)
        #expect(report.reason("shared-code")?.paths == (fires ? [path] : nil))
    }

    @Test("a rename into Shared counts the new path; the status is renamed with the old path")
    func renameIntoShared() throws {
        let repo = try AppRepository.make()
        try repo.touch("iOS/Formatter.swift")
        try repo.commit("Add formatter")
        try repo.move("iOS/Formatter.swift", "Shared/Formatter.swift")
        try repo.commit("Share the formatter")
        let report = try repo.detect()
        #expect(report.files == [.init("renamed", "Shared/Formatter.swift", from: "iOS/Formatter.swift")])
        #expect(report.files == (try repo.gitChanges(from: "HEAD~1", to: "HEAD")))
        #expect(report.reason("shared-code")?.paths == ["Shared/Formatter.swift"])
        #expect(report.counts.swiftFiles == 1)
    }

    @Test("a rename out of Shared counts the old path, even with edits")
    func renameOutOfShared() throws {
        let repo = try AppRepository.make()
        let body = (1...20).map { "let line\($0) = \($0)" }.joined(separator: "\n") + "\n"
        try repo.write("Shared/Formatter.swift", body)
        try repo.commit("Add formatter")
        try repo.move("Shared/Formatter.swift", "iOS/Formatter.swift")
        try repo.write("iOS/Formatter.swift", body + "let extra = 1\n")
        try repo.commit("Keep the formatter on iOS")
        let report = try repo.detect()
        #expect(report.files == [.init("renamed", "iOS/Formatter.swift", from: "Shared/Formatter.swift")])
        #expect(report.files == (try repo.gitChanges(from: "HEAD~1", to: "HEAD")))
        #expect(report.reason("shared-code")?.paths == ["Shared/Formatter.swift"])
        #expect(report.counts.swiftFiles == 1)
    }

    @Test("a rename inside Shared lists both paths once each")
    func renameWithinShared() throws {
        let repo = try AppRepository.make()
        try repo.move("Shared/Model.swift", "Shared/Models/Model.swift")
        try repo.commit("Reorganise")
        let report = try repo.detect()
        #expect(report.reason("shared-code")?.paths == ["Shared/Model.swift", "Shared/Models/Model.swift"])
        #expect(report.counts == .init(files: 1, swiftFiles: 1))
    }

    @Test("deleting shared code is a shared-code change")
    func sharedDeletion() throws {
        let repo = try AppRepository.make()
        try repo.remove("Shared/Model.swift")
        try repo.commit("Drop the model")
        let report = try repo.detect()
        #expect(report.files == [.init("deleted", "Shared/Model.swift")])
        #expect(report.reason("shared-code")?.paths == ["Shared/Model.swift"])
    }

    @Test("sharedPaths from the configuration replace the default")
    func customSharedPaths() throws {
        let repo = try AppRepository.make()
        try repo.write(".slipway.yml", "detect:\n  sharedPaths: [\"Common/**\", \"**/*.metal\"]\n")
        try repo.commit("Configure")
        try repo.edit("Shared/Model.swift")
        try repo.touch("Common/Net.swift", "iOS/Render/Shader.metal")
        try repo.commit("Change")
        let report = try repo.detect()
        #expect(report.reason("shared-code")?.paths == ["Common/Net.swift", "iOS/Render/Shader.metal"])
    }
}
