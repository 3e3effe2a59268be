import Foundation
import SlipwayCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The release journal after the checkout is copied or moved, and journals this Slipway did not write: a copy does
/// not act on the original, a move carries its release along, and an unknown or odd journal is refused plainly.
@Suite("release journal: portable, and refused when it is not one to act on")
struct ReleaseJournalPortabilityTests {
    static let bumped = "MARKETING_VERSION: \"1.3.0\""

    static func journal(_ folder: URL) -> URL { folder.appendingPathComponent(".git/slipway/release-journal") }

    static func spec(_ folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("project.yml"), encoding: .utf8)
    }

    @Test("release abort in a copy of the checkout refuses and leaves the original alone")
    func copiedCheckout() throws {
        let (repo, _, _) = try ReleaseJournalTests.killed(after: 1)
        let copy = repo.directory.url.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: repo.url, to: copy)
        let original = try Self.spec(repo.url)
        #expect(original.contains(Self.bumped))
        for arguments in [["release", "abort"], ["release", "continue"]] {
            let result = try SlipwayBinary.run(arguments, in: copy, environment: repo.environment)
            #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("belongs to another repository"), "\(result.stderr)")
        }
        #expect(try Self.spec(repo.url) == original)
        #expect(fileExists(Self.journal(repo.url)))
    }

    @Test("release abort in a moved checkout puts its own spec back")
    func movedCheckout() throws {
        let (repo, _, spec) = try ReleaseJournalTests.killed(after: 1)
        let moved = repo.directory.url.appendingPathComponent("moved")
        try FileManager.default.moveItem(at: repo.url, to: moved)
        let result = try SlipwayBinary.run(["release", "abort"], in: moved, environment: repo.environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("put project.yml back as it was"), "\(result.stdout)")
        #expect(try Data(contentsOf: moved.appendingPathComponent("project.yml")) == spec)
        #expect(!fileExists(Self.journal(moved)))
    }

    @Test("a journal of an unknown format is refused, with the way out")
    func unknownFormat() throws {
        let (repo, _, _) = try ReleaseJournalTests.killed(after: 1)
        let url = Self.journal(repo.url)
        let text = try String(contentsOf: url, encoding: .utf8)
        let changed = text.replacingOccurrences(
            of: #""format"\s*:\s*1\b"#, with: "\"format\": 99", options: .regularExpression)
        #expect(changed != text)
        try Data(changed.utf8).write(to: url)
        for arguments in [["release", "abort"], ["release", "continue"], ["release", "status"]] {
            let result = try repo.slipway(arguments: arguments)
            #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("has format 99"), "\(result.stderr)")
        }
        #expect(try Self.spec(repo.url).contains(Self.bumped))
    }

    @Test("a journal that is a folder or a symbolic link is reported by release status, not taken for none")
    func oddJournal() throws {
        let repo = try ReleaseRepository.make()
        let url = Self.journal(repo.url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let folder = try repo.slipway("release", "status")
        #expect(folder.status != 0)
        #expect(folder.stderr.contains("is a folder"), "\(folder.stdout)\(folder.stderr)")
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/null")
        let link = try repo.slipway("release", "status")
        #expect(link.status != 0)
        #expect(link.stderr.contains("is a symbolic link"), "\(link.stdout)\(link.stderr)")
    }

    @Test("release abort and --continue remove the temporary files an interrupted atomic write left")
    func writeLeftovers() throws {
        for command in ["abort", "continue"] {
            let (repo, _, _) = try ReleaseJournalTests.killed(after: 1)
            let leftover = repo.url.appendingPathComponent(".project.yml.slipway-AbC123")
            try Data("half".utf8).write(to: leftover)
            let result = try repo.slipway("release", command)
            #expect(result.status == 0, "\(command): \(result.stdout)\(result.stderr)")
            #expect(!fileExists(leftover), "\(command)")
            #expect(result.stdout.contains(".project.yml.slipway-AbC123"), "\(command): \(result.stdout)")
        }
    }
}
