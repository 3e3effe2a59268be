import Foundation
import Testing

/// What a refused release or manifest leaves equal: the refs, the tracked files' status, `.git/config`, and every
/// file outside `.git` (in the working tree and beside it).
private struct Untouched: Equatable {
    var refs: String
    var status: String
    var gitConfig: Data
    var files: [String: FileSnapshot]

    init(_ repo: TestRepository) throws {
        refs = try ReleaseRepository.refs(repo)
        status = try repo.git(["status", "--porcelain", "--untracked-files=all", "--ignored"])
        gitConfig = try Data(contentsOf: repo.url.appendingPathComponent(".git/config"))
        files = try TreeSnapshot(repo.directory.url).entries.filter { !$0.key.hasPrefix("repo/.git/") }
    }
}

@Suite("confinement: manifests and artifacts stay inside the repository")
struct ReleaseConfinementTests {
    static let secret = "GITHUB_TOKEN=ghp_confinementArtifactSecret7"

    /// `ReleaseRepository.make` with `release.manifest` set (and the default stages and artifacts).
    private func repository(manifest: String) throws -> TestRepository {
        try ReleaseRepository.make(
            config: ReleaseRepository.recordingStages + "release:\n  manifest: \"\(manifest)\"\n")
    }

    private func expectRefused(
        _ result: ProcessResult, _ message: String, _ label: String, before: Untouched, _ repo: TestRepository
    ) throws {
        #expect(result.status == 2, "\(label): \(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(message), "\(label): \(result.stderr)")
        #expect(result.stderr.contains("hint: "), "\(label)")
        #expect(!(result.stdout + result.stderr).contains(Self.secret), "\(label)")
        #expect(try Untouched(repo) == before, "\(label)")
    }

    @Test("release.manifest: .git/config is refused before anything changes, and .git/config keeps its bytes")
    func manifestInGitFolder() throws {
        let repo = try repository(manifest: ".git/config")
        let before = try Untouched(repo)
        let message =
            "Error: cannot release: cannot write the manifest to .git/config: that is inside git's own folder"
        for arguments in [["release", "--dry-run"], ["release"]] {
            let result = try repo.slipway(arguments: arguments)
            try expectRefused(result, message, "\(arguments)", before: before, repo)
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("a ship.whatToTestFile linked out of the repository is refused before the release reads or writes it")
    func whatToTestFileOutside() throws {
        let repo = try ReleaseRepository.make(config: "ship:\n  when: major\n  whatToTestFile: notes.txt\n")
        let outside = repo.directory.url.appendingPathComponent("outside-notes.txt")
        try Data("\(Self.secret)\n".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(
            atPath: repo.url.appendingPathComponent("notes.txt").path, withDestinationPath: outside.path)
        try repo.git(["add", "notes.txt"])
        try repo.commit("notes link")
        for arguments in [
            ["release", "--dry-run", "--major", "--skip-stages"], ["release", "--major", "--skip-stages"],
        ] {
            let result = try repo.slipway(arguments: arguments)
            #expect(result.status != 0, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("leads out of the repository"), "\(arguments): \(result.stderr)")
            #expect(!(result.stdout + result.stderr).contains(Self.secret), "\(arguments)")
        }
        #expect(try String(contentsOf: outside, encoding: .utf8) == "\(Self.secret)\n")
    }

    @Test("a tracked file as release.manifest is refused, keeping its uncommitted edits")
    func manifestOverTrackedFile() throws {
        let repo = try repository(manifest: "iOS/App.swift")
        try repo.write("iOS/App.swift", "// work in progress, not committed\n")
        let before = try Untouched(repo)
        let message =
            "Error: cannot release: cannot write the manifest to iOS/App.swift: git tracks that file, so writing the "
            + "manifest would replace its contents"
        for arguments in [["release", "--allow-dirty", "--dry-run"], ["release", "--allow-dirty"]] {
            try expectRefused(try repo.slipway(arguments: arguments), message, "\(arguments)", before: before, repo)
        }
        #expect(try repo.read("iOS/App.swift") == "// work in progress, not committed\n")
    }

    @Test(
        "manifest --output refuses git's folder, a tracked file, a path outside and a folder linked outside",
        arguments: [
            (".git/config", "cannot write the manifest to .git/config: that is inside git's own folder"),
            ("iOS/App.swift", "cannot write the manifest to iOS/App.swift: git tracks that file"),
            ("../outside/manifest.json", "cannot write the manifest to "),
            ("dist/manifest.json", "cannot write the manifest to dist/manifest.json (which leads to "),
            ("iOS/checksums-here/", "cannot write checksums.txt to iOS/checksums-here/checksums.txt: git tracks"),
        ])
    func manifestOutput(output: String, message: String) throws {
        let repo = try ReleaseFixture.released()
        let outside = repo.directory.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: repo.url.appendingPathComponent("dist").path, withDestinationPath: "../outside")
        try repo.write("iOS/checksums-here/checksums.txt", "tracked\n")
        try repo.commit("a tracked checksums.txt")
        try repo.write("iOS/App.swift", "// uncommitted edit\n")
        let before = try Untouched(repo)
        let result = try repo.slipway("manifest", "--output", output)
        try expectRefused(result, message, output, before: before, repo)
        #expect(result.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [])
        if output.hasPrefix("../") || output.hasPrefix("dist") {
            #expect(result.stderr.contains("outside the repository \(realPath(repo.url.path))"))
        }
    }

    /// `build/MyApp-1.3.0.zip` as a link to a secret file beside the repository.
    private func linkArtifact(_ repo: TestRepository, _ path: String) throws -> URL {
        let secret = repo.directory.url.appendingPathComponent("outside/secret.txt")
        try FileManager.default.createDirectory(
            at: secret.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("\(Self.secret)\n".utf8).write(to: secret)
        let link = repo.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: secret.path)
        return secret
    }

    @Test("manifest refuses an artifact that is a symbolic link out of the repository, naming it")
    func manifestLinkedArtifact() throws {
        let repo = try ReleaseFixture.released()
        let secret = try linkArtifact(repo, "build/MyApp.zip")
        let before = try Untouched(repo)
        let result = try repo.slipway("manifest", "--artifact", "build/*.zip")
        try expectRefused(
            result,
            "Error: the artifact build/MyApp.zip leads to \(realPath(secret.path)), outside "
                + "the repository", "manifest", before: before, repo)
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent(".slipway").path))
    }

    @Test("release refuses an artifact already linked out of the repository before it bumps or runs anything")
    func releaseLinkedArtifact() throws {
        let repo = try ReleaseRepository.make()
        _ = try linkArtifact(repo, "build/MyApp-1.3.0.zip")
        let before = try Untouched(repo)
        for arguments in [["release", "--dry-run"], ["release"]] {
            let result = try repo.slipway(arguments: arguments)
            try expectRefused(
                result, "Error: cannot release: the artifact build/MyApp-1.3.0.zip leads to ", "\(arguments)",
                before: before, repo)
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("build/env.txt").path))
    }

    @Test("an artifact a stage links out of the repository fails the release, which puts the spec back")
    func stageLinksArtifact() throws {
        let secret = TemporaryDirectory("slipway-secret")
        let target = secret.url.appendingPathComponent("secret.txt")
        try Data("\(Self.secret)\n".utf8).write(to: target)
        let repo = try ReleaseRepository.make(
            config: """
                stages:
                  - name: archive
                    run: mkdir -p build && ln -s '\(target.path)' "build/MyApp-$SLIPWAY_VERSION.zip"
                artifacts:
                  - build/*.zip

                """)
        let refs = try ReleaseRepository.refs(repo)
        let spec = try repo.read("project.yml")
        let result = try repo.slipway("release")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("the artifact build/MyApp-1.3.0.zip leads to "), "\(result.stderr)")
        #expect(result.stderr.contains("project.yml is back as it was, byte for byte"))
        #expect(!(result.stdout + result.stderr).contains(Self.secret))
        #expect(try ReleaseRepository.refs(repo) == refs)
        #expect(try repo.read("project.yml") == spec)
        #expect(try Data(contentsOf: target) == Data("\(Self.secret)\n".utf8))
    }

    @Test("a .slipway folder linked out of the repository is refused: no log or manifest is written through it")
    func linkedOutputFolder() throws {
        let repo = try ReleaseRepository.make()
        let outside = repo.directory.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: repo.url.appendingPathComponent(".slipway").path, withDestinationPath: outside.path)
        let before = try Untouched(repo)
        let release = try repo.slipway("release")
        try expectRefused(
            release, "cannot write the manifest to .slipway/releases/1.3.0+43/manifest.json (which leads to ",
            "release", before: before, repo)
        let run = try repo.slipway("run", "check")
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("the output folder .slipway leads to "), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [])
    }
}
