import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Spec files that could hold a reader: `/dev/zero` (an endless device), a symbolic link to it, a FIFO no one
/// writes, and a file past the size limit. Each is refused before it is read, quickly and with a clear message.
@Suite("bounded reads: only regular files, up to a size limit")
struct BoundedReadTests {
    /// A repository whose `project.yml` includes `inc.yml`, which `make` turns into something else.
    static func repository(_ make: (URL) throws -> Void) throws -> TestRepository {
        let repo = try TestRepository()
        try repo.write(
            "project.yml",
            "name: App\ninclude:\n  - inc.yml\nsettings:\n  base:\n    MARKETING_VERSION: \"1.0.0\"\n"
                + "    CURRENT_PROJECT_VERSION: \"7\"\ntargets:\n  App:\n    type: application\n    platform: iOS\n")
        try make(repo.url.appendingPathComponent("inc.yml"))
        return repo
    }

    static let commands: [[String]] = [["version"], ["doctor"], ["run", "--dry-run"], ["release", "--dry-run"]]

    /// Each command ends within seconds, exits non-zero and says why it did not read the include.
    static func expectRefused(
        _ repo: TestRepository, _ reason: String, name: String = "inc.yml", extra: [String: String] = [:]
    ) throws {
        for arguments in commands {
            let started = Date()
            let result = try repo.slipway(arguments: arguments, extraEnvironment: extra)
            #expect(Date().timeIntervalSince(started) < 30, "\(arguments)")
            #expect(result.status != 0, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains(name), "\(arguments): \(result.stderr)")
            // Commands that edit the spec refuse a link leading out of the repository before anything else.
            #expect(
                result.stderr.contains(reason) || result.stderr.contains("outside the repository"),
                "\(arguments): \(result.stderr)")
        }
    }

    @Test("an include of /dev/zero, directly or through a symbolic link, is refused as a character device")
    func devZero() throws {
        let direct = try Self.repository { url in
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/zero")
        }
        try Self.expectRefused(direct, "not a regular file (a character device)", name: "/dev/zero")
    }

    @Test("an include that is a FIFO is refused without waiting for a writer")
    func fifo() throws {
        let repo = try Self.repository { url in #expect(mkfifo(url.path, 0o644) == 0) }
        try Self.expectRefused(repo, "not a regular file (a FIFO)")
    }

    @Test("an include past SLIPWAY_MAX_FILE_BYTES is refused by its size")
    func tooLarge() throws {
        let repo = try Self.repository { url in
            try Data(("settings:\n  base:\n    A: \"" + String(repeating: "x", count: 5000) + "\"\n").utf8).write(
                to: url)
        }
        try Self.expectRefused(repo, "larger than the 4096-byte limit", extra: ["SLIPWAY_MAX_FILE_BYTES": "4096"])
        // Under the default limit the same file reads.
        #expect(try repo.slipway("version").status == 0)
    }

    @Test("a test plan that is a FIFO is a warning at once, not a wait for a writer")
    func testPlanFIFO() throws {
        let repo = try TestRepository()
        try repo.write(
            "project.yml",
            "name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n  AppTests:\n"
                + "    type: bundle.unit-test\n    platform: iOS\nschemes:\n  App:\n    build:\n      targets:\n"
                + "        App: all\n    test:\n      testPlans:\n        - path: App.xctestplan\n")
        #expect(mkfifo(repo.url.appendingPathComponent("App.xctestplan").path, 0o644) == 0)
        let started = Date()
        let result = try repo.slipway("project")
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(
            result.stderr.contains("the test plan App.xctestplan could not be read: it is not a regular file (a FIFO)"),
            "\(result.stdout)\(result.stderr)")
    }

    @Test(".slipway.yml linked out of the repository is refused, not read")
    func configurationOutside() throws {
        let repo = try Self.repository { url in try Data("settings:\n  base: {}\n".utf8).write(to: url) }
        try FileManager.default.createSymbolicLink(
            atPath: repo.url.appendingPathComponent(".slipway.yml").path, withDestinationPath: "/dev/zero")
        let result = try repo.slipway("version")
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(".slipway.yml is a symbolic link to /dev/zero, outside the repository"))
    }
}
