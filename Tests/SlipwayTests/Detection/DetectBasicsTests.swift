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
}
