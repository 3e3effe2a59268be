import Foundation
import SlipwayCore
import Testing

/// The after-push journal under the release journal's rules: a copy of the checkout does not run the original's
/// upload, a moved checkout runs its own, and a journal of an unknown format or that is not a file is refused.
@Suite("after-push journal: portable, and refused when it is not one to act on")
struct AfterPushJournalPortabilityTests {
    static func journal(_ folder: URL) -> URL { folder.appendingPathComponent(".git/slipway/after-push-journal") }

    /// A release whose upload failed: its after-push journal waits for `release retry-after-push`.
    static func failedUpload() throws -> TestRepository {
        let repo = try ReleaseRepository.make(config: ReleaseAfterPushTests.config)
        let failed = try repo.slipway("release", "--set", "1.3.0")
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        #expect(fileExists(journal(repo.url)))
        return repo
    }

    @Test("retry-after-push in a copy of the checkout refuses and runs nothing in the original")
    func copiedCheckout() throws {
        let repo = try Self.failedUpload()
        let copy = repo.directory.url.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: repo.url, to: copy)
        try Data().write(to: copy.appendingPathComponent("build/allow-upload"))
        try Data().write(to: repo.url.appendingPathComponent("build/allow-upload"))
        let result = try SlipwayBinary.run(["release", "retry-after-push"], in: copy, environment: repo.environment)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("belongs to another repository"), "\(result.stderr)")
        #expect(!fileExists(repo.url.appendingPathComponent("build/uploaded.txt")))
        #expect(!fileExists(copy.appendingPathComponent("build/uploaded.txt")))
        #expect(fileExists(Self.journal(repo.url)))
    }

    @Test("retry-after-push in a moved checkout runs the upload there")
    func movedCheckout() throws {
        let repo = try Self.failedUpload()
        let moved = repo.directory.url.appendingPathComponent("moved")
        try FileManager.default.moveItem(at: repo.url, to: moved)
        try Data().write(to: moved.appendingPathComponent("build/allow-upload"))
        let result = try SlipwayBinary.run(["release", "retry-after-push"], in: moved, environment: repo.environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let uploaded = try String(contentsOf: moved.appendingPathComponent("build/uploaded.txt"), encoding: .utf8)
        #expect(uploaded == "uploaded 1.3.0 (43)\n")
        #expect(!fileExists(Self.journal(moved)))
    }

    @Test("an after-push journal of an unknown format is refused, with the way out")
    func unknownFormat() throws {
        let repo = try Self.failedUpload()
        try repo.write("build/allow-upload", "")
        let url = Self.journal(repo.url)
        let text = try String(contentsOf: url, encoding: .utf8)
        let changed = text.replacingOccurrences(
            of: #""format"\s*:\s*1\b"#, with: "\"format\": 99", options: .regularExpression)
        #expect(changed != text)
        try Data(changed.utf8).write(to: url)
        let result = try repo.slipway("release", "retry-after-push")
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("has format 99"), "\(result.stderr)")
        #expect(result.stderr.contains("remove"), "\(result.stderr)")
        #expect(!fileExists(repo.url.appendingPathComponent("build/uploaded.txt")))
    }

    @Test("an after-push journal that is a folder or a dangling link is refused, not taken for none")
    func oddJournal() throws {
        let repo = try ReleaseRepository.make(config: ReleaseAfterPushTests.config)
        let url = Self.journal(repo.url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let folder = try repo.slipway("release", "retry-after-push")
        #expect(folder.status != 0)
        #expect(folder.stderr.contains("is a folder"), "\(folder.stdout)\(folder.stderr)")
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/nonexistent/journal")
        let link = try repo.slipway("release", "retry-after-push")
        #expect(link.status != 0)
        #expect(link.stderr.contains("is a symbolic link"), "\(link.stdout)\(link.stderr)")
        let release = try repo.slipway("release", "patch")
        #expect(release.status == 2, "\(release.stdout)\(release.stderr)")
        #expect(release.stderr.contains("did not pass"), "\(release.stderr)")
    }
}
