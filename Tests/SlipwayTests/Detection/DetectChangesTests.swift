import Foundation
import Testing

/// The files a verdict lists must be what `git diff-tree -r -M` lists: git is the oracle.
@Suite("detect: file changes")
struct DetectChangesTests {
    @Test("every commit of a varied history lists the files git diff-tree -r -M lists")
    func oracleOverHistory() throws {
        let repo = try TestRepository()
        let body = (1...30).map { "let value\($0) = \($0) * 2" }.joined(separator: "\n") + "\n"
        try repo.write("Shared/Model.swift", body)
        try repo.write("Shared/View.swift", body.replacingOccurrences(of: "value", with: "view"))
        try repo.touch("iOS/App.swift", "iOS/Info.plist", "watchOS/App.swift", "tool.sh", "Docs/a.md", "Docs/b.md")
        try repo.commit("Initial commit")
        // A move with edits, a plain move, an addition, a deletion and a modification together.
        try repo.move("Shared/Model.swift", "iOS/Model.swift")
        try repo.write("iOS/Model.swift", body + "let extra = 0\n")
        try repo.move("watchOS/App.swift", "watchOS/Sources/WatchApp.swift")
        try repo.touch("iOS/New.swift")
        try repo.remove("Docs/a.md")
        try repo.edit("iOS/App.swift")
        try repo.commit("Mixed change")
        // Executable bit only: a modification, as git reports it.
        try repo.git(["update-index", "--chmod=+x", "tool.sh"])
        try repo.git(["commit", "-q", "-m", "Make the tool executable"])
        // A file replaced by a folder of the same name, and a folder replaced by a file.
        try repo.remove("Docs/b.md")
        try repo.touch("Docs/b.md/index.md")
        try repo.remove("watchOS/Sources")
        try repo.touch("watchOS/Sources")
        try repo.commit("Swap files and folders")
        // A renamed folder.
        try repo.move("iOS", "Phone")
        try repo.commit("Rename the iOS folder")
        for sha in try repo.gitLog() {
            let report = try repo.detect(sha)
            let parent = try? repo.rev("\(sha)^1")
            #expect(report.files == (try repo.gitChanges(from: parent, to: sha)), "\(sha)")
            #expect(report.counts.files == report.files.count)
        }
    }

    @Test("renames with edits pair up as git pairs them: its similarity, same names first, best pairs first")
    func inexactRenames() throws {
        let repo = try TestRepository()
        let twenty = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
        try repo.write("Shared/Flag.swift", "other\n")
        try repo.write("A/Sub/First.swift", twenty)
        try repo.write("B/Twin.swift", twenty)
        for kept in 3...7 {
            let lines = (1...10).map { $0 <= kept ? "let shared\($0) = \($0)" : "let original\($0) = \($0)" }
            try repo.write("Keep/Kept\(kept).swift", lines.joined(separator: "\n") + "\n")
        }
        try repo.commit("Initial commit")

        // Small files: libgit2 scores "other" against "other / more" as a rename; git does not.
        try repo.remove("Shared/Flag.swift")
        try repo.write("iOS/Flags.swift", "other\nmore 4\n")
        // Two identical files moved and edited alike: git pairs the one that kept its name.
        try repo.remove("A/Sub/First.swift")
        try repo.remove("B/Twin.swift")
        try repo.write("A/Twin.swift", twenty + "edit\n")
        try repo.write("A/Other.swift", twenty + "edit\n")
        // Around the 50% threshold.
        for kept in 3...7 {
            try repo.remove("Keep/Kept\(kept).swift")
            let lines = (1...10).map { $0 <= kept ? "let shared\($0) = \($0)" : "let rewritten\($0) = \($0 * 10)" }
            try repo.write("Moved/Kept\(kept)Renamed.swift", lines.joined(separator: "\n") + "\n")
        }
        try repo.commit("Move and edit")
        let report = try repo.detect()
        #expect(report.files == (try repo.gitChanges(from: "HEAD~1", to: "HEAD")))
        #expect(report.files.contains(.init("added", "iOS/Flags.swift")))
        #expect(report.files.contains(.init("deleted", "Shared/Flag.swift")))
        #expect(report.files.contains(.init("renamed", "A/Twin.swift", from: "B/Twin.swift")))
        #expect(report.files.contains(.init("renamed", "A/Other.swift", from: "A/Sub/First.swift")))
    }

    @Test("a file that becomes a symbolic link is a typechange of its path")
    func typechange() throws {
        let repo = try TestRepository()
        try repo.touch("Configs/Base.xcconfig", "Configs/Real.xcconfig")
        try repo.commit("Add configs")
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("Configs/Base.xcconfig"))
        try FileManager.default.createSymbolicLink(
            atPath: repo.url.appendingPathComponent("Configs/Base.xcconfig").path, withDestinationPath: "Real.xcconfig")
        try repo.commit("Point the base config at the real one")
        let report = try repo.detect()
        #expect(report.files == [.init("typechange", "Configs/Base.xcconfig")])
        #expect(report.files == (try repo.gitChanges(from: "HEAD~1", to: "HEAD")))
        #expect(report.reason("build-config")?.paths == ["Configs/Base.xcconfig"])
    }

    @Test("a submodule added, moved to a new commit and removed is a change of its path")
    func submodule() throws {
        let library = try TestRepository()
        try library.touch("Sources/Lib.swift")
        try library.commit("Library")
        let repo = try TestRepository()
        try repo.touch("iOS/App.swift")
        try repo.commit("App")
        try repo.git(["-c", "protocol.file.allow=always", "submodule", "-q", "add", library.path, "Shared/Vendor"])
        try repo.commit("Add the vendored library")
        let added = try repo.detect()
        #expect(added.files == [.init("added", ".gitmodules"), .init("added", "Shared/Vendor", submodule: true)])
        #expect(added.files == (try repo.gitChanges(from: "HEAD~1", to: "HEAD")))
        #expect(added.reason("shared-code")?.paths == ["Shared/Vendor"])

        try library.edit("Sources/Lib.swift")
        try library.commit("Library update")
        let vendor = repo.url.appendingPathComponent("Shared/Vendor")
        try repo.git(["-c", "protocol.file.allow=always", "pull", "-q", "--no-rebase", "origin", "main"], in: vendor)
        try repo.commit("Update the library")
        let updated = try repo.detect()
        #expect(updated.files == [.init("modified", "Shared/Vendor", submodule: true)])
        #expect(updated.files == (try repo.gitChanges(from: "HEAD~1", to: "HEAD")))
        #expect(updated.rules == ["shared-code"])
        #expect(updated.counts.swiftFiles == 0)

        try repo.git(["rm", "-q", "Shared/Vendor"])
        try repo.commit("Drop the library")
        let removed = try repo.detect()
        #expect(removed.files == (try repo.gitChanges(from: "HEAD~1", to: "HEAD")))
        #expect(removed.files.contains(.init("deleted", "Shared/Vendor", submodule: true)))
    }

    static let oddNames = [
        "Shared/My Note.swift",
        "Shared/Say \"hi\".swift",
        "Shared/back\\slash.swift",
        "Shared/line\nbreak.swift",
        "Shared/tab\there.swift",
        "Shared/Straße – café ✓.swift",
        "Shared/日本語.swift",
    ]

    @Test("paths with spaces, quotes, backslashes, newlines, tabs and non-ASCII come out exactly in JSON")
    func oddPathsInJSON() throws {
        let repo = try TestRepository()
        try repo.touch("iOS/App.swift")
        try repo.commit("App")
        for name in Self.oddNames { try repo.touch(name) }
        try repo.commit("Odd names")
        let result = try repo.slipway("detect", "--json")
        #expect(result.status == 0)
        // One line of JSON: raw control characters never reach the output.
        #expect(result.stdout.filter { $0 == "\n" }.count == 1)
        #expect(!result.stdout.contains("\t"))
        #expect(result.stdout.contains(#""Shared/line\nbreak.swift""#))
        #expect(result.stdout.contains(#""Shared/Say \"hi\".swift""#))
        #expect(result.stdout.contains(#""Shared/back\\slash.swift""#))
        #expect(result.stdout.contains(#""Shared/tab\there.swift""#))
        #expect(result.stdout.contains("Straße – café ✓"))
        let report = try DetectReport.decode(result.stdout)
        let sorted = Self.oddNames.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(report.files.map(\.path) == sorted)
        #expect(report.files == (try repo.gitChanges(from: "HEAD~1", to: "HEAD")))
        #expect(report.reason("shared-code")?.paths == sorted)
        #expect(report.reason("swift-files")?.count == Self.oddNames.count)
    }

    @Test("odd paths are quoted in the readable report, so a newline cannot break a line")
    func oddPathsInText() throws {
        let repo = try TestRepository()
        try repo.touch("iOS/App.swift")
        try repo.commit("App")
        try repo.touch("Shared/line\nbreak.swift", "Shared/My Note.swift")
        try repo.commit("Odd names")
        let result = try repo.slipway("detect")
        #expect(result.status == 0)
        #expect(result.stdout.contains(#"shared code changed: Shared/My Note.swift, "Shared/line\nbreak.swift""#))
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("  ") || $0.hasPrefix("MAJOR") })
    }

    @Test("the net difference of a range leaves out a file added and deleted inside it")
    func netDifference() throws {
        let repo = try TestRepository()
        try repo.touch("iOS/App.swift")
        let base = try repo.commit("App")
        try repo.touch("Shared/Temp.swift")
        try repo.commit("Try something")
        try repo.remove("Shared/Temp.swift")
        try repo.touch("iOS/Keep.swift")
        try repo.commit("Undo it")
        let report = try repo.detect("\(base)..HEAD")
        #expect(report.files == [.init("added", "iOS/Keep.swift")])
        #expect(report.files == (try repo.gitChanges(from: base, to: "HEAD")))
        #expect(report.rules.isEmpty)
        #expect(report.commits.count == 2)
    }
}
