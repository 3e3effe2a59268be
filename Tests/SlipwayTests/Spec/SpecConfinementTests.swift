import Foundation
import Testing

/// A repository whose spec reaches a file outside it, beside the working tree in the same temporary folder.
struct OutsideSpecRepository {
    /// The line a file outside the repository holds that no output may ever show.
    static let secret = "GITHUB_TOKEN=ghp_confinement0utsideSecret42"
    /// A spec fragment that defines the marketing version, with the secret in a comment.
    static let fragment = "settings:\n  base:\n    MARKETING_VERSION: \"1.0.0\"\n# \(secret)\n"

    let repo: TestRepository
    /// The folder beside the working tree.
    var outside: URL { repo.directory.url.appendingPathComponent("outside", isDirectory: true) }
    /// The real path of the working tree, as messages name it.
    var root: String { realPath(repo.url.path) }

    /// `project.yml` with `include` (none when `nil`) and the given outside files, committed.
    init(include: String?, outsideFiles: [String: String] = ["inc.yml": fragment]) throws {
        repo = try TestRepository()
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        for (name, text) in outsideFiles {
            try Data(text.utf8).write(to: outside.appendingPathComponent(name))
        }
        let includes = include.map { "include:\n  - \($0)\n" } ?? ""
        try repo.write(
            "project.yml",
            "name: App\n\(includes)settings:\n  base:\n    CURRENT_PROJECT_VERSION: \"7\"\ntargets:\n"
                + "  App:\n    type: application\n    platform: iOS\n")
        try repo.commit("App")
    }

    func link(_ path: String, to target: String) throws {
        let url = repo.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    /// Every file outside the working tree and in it, bytes and links, to compare before and after.
    func snapshot() throws -> TreeSnapshot { try TreeSnapshot(repo.directory.url) }
}

/// The commands that must refuse a spec file outside the repository (the dry runs too).
private let writers: [[String]] = [
    ["bump", "patch"], ["bump", "patch", "--dry-run"], ["release", "patch"], ["release", "patch", "--dry-run"],
]

@Suite("confinement: spec files outside the repository")
struct SpecConfinementTests {
    /// Exit 2, the message at the include, the hint, nothing on stdout, nothing changed anywhere, no secret.
    private func expectRefused(
        _ result: ProcessResult, _ message: String, _ arguments: [String], unchanged before: TreeSnapshot,
        _ fixture: OutsideSpecRepository
    ) throws {
        #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("hint: bump and release edit and commit only files inside the repository"))
        #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
        #expect(!(result.stdout + result.stderr).contains(OutsideSpecRepository.secret))
        let after = try fixture.snapshot()
        #expect(after.differences(from: before).filter { !$0.hasPrefix("repo/.git/") } == [], "\(arguments)")
        #expect(after.entries["outside/inc.yml"] == before.entries["outside/inc.yml"])
        #expect(try fixture.repo.trackedStatus() == "")
    }

    @Test(
        "an include through ../ out of the repository is refused by bump and release, dry runs too", arguments: writers)
    func relativeInclude(arguments: [String]) throws {
        let fixture = try OutsideSpecRepository(include: "../outside/inc.yml")
        let before = try fixture.snapshot()
        let result = try fixture.repo.slipway(arguments: arguments)
        let message = "project.yml:3:5: error: include '../outside/inc.yml' is outside the repository \(fixture.root)"
        try expectRefused(result, message, arguments, unchanged: before, fixture)
    }

    @Test("an absolute include outside the repository is refused by bump and release", arguments: writers)
    func absoluteInclude(arguments: [String]) throws {
        let fixture = try OutsideSpecRepository(include: "PLACEHOLDER")
        let absolute = fixture.outside.appendingPathComponent("inc.yml").path
        try fixture.repo.write(
            "project.yml", try fixture.repo.read("project.yml").replacingOccurrences(of: "PLACEHOLDER", with: absolute))
        try fixture.repo.commit("absolute include")
        let before = try fixture.snapshot()
        let result = try fixture.repo.slipway(arguments: arguments)
        let message =
            "project.yml:3:5: error: include '\(absolute)' names ../outside/inc.yml, outside the repository "
            + fixture.root
        try expectRefused(result, message, arguments, unchanged: before, fixture)
    }

    @Test("an include that is a symbolic link to a file outside is refused, saying so", arguments: writers)
    func linkedInclude(arguments: [String]) throws {
        let fixture = try OutsideSpecRepository(include: "Shared/inc.yml")
        try fixture.link("Shared/inc.yml", to: "../../outside/inc.yml")
        try fixture.repo.commit("link")
        let before = try fixture.snapshot()
        let result = try fixture.repo.slipway(arguments: arguments)
        let message =
            "project.yml:3:5: error: include 'Shared/inc.yml' leads through a symbolic link to ../outside/inc.yml, "
            + "outside the repository \(fixture.root)"
        try expectRefused(result, message, arguments, unchanged: before, fixture)
    }

    @Test("a project.yml that is a symbolic link to a spec outside is refused", arguments: writers)
    func linkedSpec(arguments: [String]) throws {
        let spec =
            "name: App\nsettings:\n  base:\n    MARKETING_VERSION: \"1.0.0\"\n# \(OutsideSpecRepository.secret)\n"
        let fixture = try OutsideSpecRepository(include: nil, outsideFiles: ["inc.yml": spec])
        try FileManager.default.removeItem(at: fixture.repo.url.appendingPathComponent("project.yml"))
        try fixture.link("project.yml", to: "../outside/inc.yml")
        try fixture.repo.commit("link the spec")
        let before = try fixture.snapshot()
        let result = try fixture.repo.slipway(arguments: arguments)
        let message = "Error: the spec ../outside/inc.yml is outside the repository \(fixture.root)"
        try expectRefused(result, message, arguments, unchanged: before, fixture)
    }

    /// The commands that only read the spec: each refuses a file outside the repository too, before reading it.
    static let readers: [[String]] = [["version"], ["doctor"], ["run", "--dry-run"]]

    @Test("version, doctor and run refuse an include outside the repository at its line, unread")
    func readersRefuseOutside() throws {
        let fixture = try OutsideSpecRepository(include: "../outside/inc.yml")
        let before = try fixture.snapshot()
        for arguments in Self.readers {
            let result = try fixture.repo.slipway(arguments: arguments)
            #expect(result.status != 0, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(
                result.stderr.contains(
                    "project.yml:3:5: error: include '../outside/inc.yml' is outside the repository"),
                "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.contains("hint: Slipway reads spec files only inside the repository"),
                "\(arguments): \(result.stderr)")
            #expect(!(result.stdout + result.stderr).contains(OutsideSpecRepository.secret), "\(arguments)")
        }
        #expect(try fixture.snapshot() == before)
    }

    /// Files outside the repository whose problems would name a line holding the secret, were they read.
    static let leakingFiles: [(name: String, text: String)] = [
        ("an environment file", "\(OutsideSpecRepository.secret)\nMORE=1\n"),
        ("malformed YAML", "settings:\n  base: [\(OutsideSpecRepository.secret)\nname: x\n"),
        ("an unknown alias", "settings: *\(OutsideSpecRepository.secret.prefix(12))\n"),
        (
            "a value YAML misreads",
            "settings:\n  base:\n    MARKETING_VERSION: 1.10  # \(OutsideSpecRepository.secret)\n"
        ),
    ]

    @Test(
        "version refuses a file outside before reading it, so none of its text or problems show",
        arguments: 0..<leakingFiles.count)
    func versionNeverReadsOutside(index: Int) throws {
        let (name, text) = Self.leakingFiles[index]
        let fixture = try OutsideSpecRepository(include: "../outside/inc.yml", outsideFiles: ["inc.yml": text])
        let before = try fixture.snapshot()
        let result = try fixture.repo.slipway("version")
        #expect(result.status == 2, "\(name): \(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("include '../outside/inc.yml' is outside the repository"), "\(name)")
        #expect(!result.stderr.contains("../outside/inc.yml:"), "\(name): a position inside the file")
        #expect(!(result.stdout + result.stderr).contains(OutsideSpecRepository.secret.prefix(12)), "\(name)")
        #expect(try fixture.snapshot() == before)
    }

    /// A system file whose first line is text and whose path is its real path, so messages name it as written: on
    /// macOS `/etc` is a link to `/private/etc` (which shares `/private` with the temporary folder).
    #if os(Linux)
    static let systemPath = "/etc/passwd"
    #else
    static let systemPath = "/System/Library/CoreServices/SystemVersion.plist"
    #endif

    @Test("including a system file (/etc/passwd): version and bump refuse it unread")
    func systemFile() throws {
        let system = Self.systemPath
        let text = try String(contentsOfFile: system, encoding: .utf8)
        let firstLine = try #require(text.split(separator: "\n").first.map(String.init))
        let fixture = try OutsideSpecRepository(include: system)
        let version = try fixture.repo.slipway("version")
        #expect(version.status == 2)
        #expect(version.stderr.contains("include '\(system)' is outside the repository"), "\(version.stderr)")
        let bump = try fixture.repo.slipway("bump", "patch", "--dry-run")
        #expect(bump.status == 2)
        #expect(bump.stderr.contains("include '\(system)' is outside the repository"), "\(bump.stderr)")
        for result in [version, bump] {
            #expect(!(result.stdout + result.stderr).contains(firstLine))
        }
    }

    @Test("outside a git repository the folder Slipway works in is the boundary")
    func plainFolder() throws {
        let folder = TemporaryDirectory("slipway-plain")
        let work = folder.url.appendingPathComponent("work")
        let outside = folder.url.appendingPathComponent("outside/inc.yml")
        try FileManager.default.createDirectory(
            at: outside.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(OutsideSpecRepository.fragment.utf8).write(to: outside)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try Data("name: App\ninclude: [../outside/inc.yml]\n".utf8).write(
            to: work.appendingPathComponent("project.yml"))
        let before = try TreeSnapshot(folder.url)
        let home = TemporaryDirectory("slipway-home")
        let result = try SlipwayBinary.run(
            ["bump", "patch"], in: work, environment: isolatedEnvironment(home: home.url))
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "project.yml:2:11: error: include '../outside/inc.yml' is outside "
                    + "\(realPath(work.path)), the folder Slipway works in (there is no git repository)"
            ), "\(result.stderr)")
        #expect(result.stderr.contains("hint: bump and release edit and commit only files inside that folder"))
        #expect(try TreeSnapshot(folder.url) == before)
        let version = try SlipwayBinary.run(["version"], in: work, environment: isolatedEnvironment(home: home.url))
        #expect(version.status == 2, "\(version.stdout)\(version.stderr)")
        #expect(version.stderr.contains("hint: Slipway reads spec files only inside that folder"), "\(version.stderr)")
    }
}
