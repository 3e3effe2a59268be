import Foundation
import SlipwayCore
import Testing

@Suite("manifest: slipway manifest end to end")
struct ManifestCommandTests {
    @Test(
        "records HEAD's project, versions, range since the last release, commits and artifacts, valid against the schema"
    )
    func fields() throws {
        let repo = try ReleaseFixture.unreleased()
        try repo.git(["remote", "add", "origin", "https://deploy:s3cret-token@git.example.com/team/app.git"])
        try ReleaseFixture.writeArtifact(repo, "build/MyApp.ipa", size: 300_000)
        try ReleaseFixture.writeArtifact(repo, "build/MyApp.dSYM.zip", size: 1234, seed: 9)
        let before = Date().addingTimeInterval(-2)
        let result = try repo.slipway("manifest", "--artifact", "build/*.ipa", "--artifact", "build/*.zip")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let path = ".slipway/releases/1.2.0+42/manifest.json"
        #expect(result.stdout.split(separator: "\n").last == "  manifest   \(path)")

        let manifest = try ReleaseFixture.readJSON(repo.url.appendingPathComponent(path))
        #expect(try ReleaseFixture.schemaProblems(repo.url.appendingPathComponent(path)) == [])
        #expect(manifest["schemaVersion"] == .int(1))
        #expect(manifest["tool"] == .object(["name": .string("slipway"), "version": .string(Slipway.version)]))
        #expect(manifest["project"] == .object(["name": .string("MyApp"), "spec": .string("project.yml")]))
        #expect(
            manifest["version"]
                == .object([
                    "marketing": .string("1.2.0"), "build": .string("42"),
                    "previousMarketing": .string("1.1.0"), "previousBuild": .string("41"),
                ]))
        try expectGitFields(manifest["git"], of: repo, file: repo.url.appendingPathComponent(path))
        expectTriggerIsTheVerdict(manifest["trigger"])
        try expectCommitsSinceTheRelease(manifest["commits"], of: repo)
        try expectArtifactsWithDigests(manifest["artifacts"], in: repo)
        expectSucceededWithoutStages(manifest, createdAfter: before)

        // Keys sorted, two-space indent, trailing newline: the file is exactly its own pretty rendering.
        let text = try String(contentsOf: repo.url.appendingPathComponent(path), encoding: .utf8)
        #expect(text == manifest.pretty())
    }

    /// HEAD on main, untagged, the range since v1.1.0, and the remote without its credentials, in the record and
    /// anywhere in the file.
    private func expectGitFields(_ git: JSON?, of repo: TestRepository, file: URL) throws {
        let head = try repo.head()
        let base = try repo.rev("v1.1.0")
        #expect(git?["commit"]?.stringValue == head)
        #expect(git?["branch"]?.stringValue == "main")
        #expect(git?["tag"] == .null)
        #expect(git?["remoteURL"]?.stringValue == "https://git.example.com/team/app.git")
        #expect(git?["range"] == .object(["base": .string(base), "baseTag": .string("v1.1.0"), "head": .string(head)]))
        #expect(!(try String(contentsOf: file, encoding: .utf8)).contains("s3cret"))
    }

    /// The trigger is detect's verdict for the range: not major (the fixture's Shared/ folder is compiled by one
    /// iOS app, and its bump changes versions only), a minor bump for the `feat` commit.
    private func expectTriggerIsTheVerdict(_ trigger: JSON?) {
        #expect(trigger?["major"]?.boolValue == false)
        #expect(trigger?["bump"]?.stringValue == "minor")
        #expect(trigger?["requested"] == .null)
        #expect(trigger?["reasons"]?.arrayValue?.isEmpty == true)
    }

    /// The two commits since v1.1.0, newest first, with their authors.
    private func expectCommitsSinceTheRelease(_ commits: JSON?, of repo: TestRepository) throws {
        let commits = commits?.arrayValue ?? []
        #expect(commits.compactMap { $0["subject"]?.stringValue } == ["Bump to 1.2.0 (42)", "feat: shared model"])
        #expect(commits.first?["sha"]?.stringValue == (try repo.head()))
        #expect(
            commits.first?["author"]
                == .object(["name": .string("Test Author"), "email": .string("author@example.com")]))
    }

    /// Both artifacts, sorted by path, with their sizes and the digests sha256sum gives.
    private func expectArtifactsWithDigests(_ artifacts: JSON?, in repo: TestRepository) throws {
        let artifacts = artifacts?.arrayValue ?? []
        #expect(artifacts.compactMap { $0["path"]?.stringValue } == ["build/MyApp.dSYM.zip", "build/MyApp.ipa"])
        #expect(artifacts.compactMap { $0["size"]?.intValue } == [1234, 300_000])
        #expect(artifacts[1]["sha256"]?.stringValue == (try ReleaseFixture.sha256sum(repo, "build/MyApp.ipa")))
        #expect(artifacts[0]["sha256"]?.stringValue == (try ReleaseFixture.sha256sum(repo, "build/MyApp.dSYM.zip")))
    }

    /// No stages ran, the record succeeded, and it was created (in UTC) during the test.
    private func expectSucceededWithoutStages(_ manifest: JSON, createdAfter before: Date) {
        #expect(manifest["stages"] == .array([]))
        #expect(manifest["status"]?.stringValue == "succeeded")
        #expect(manifest["failure"] == .null)
        let created = manifest["createdAt"]?.stringValue.flatMap(UTCTimestamp.date)
        #expect(created.map { $0 >= before.addingTimeInterval(-1) && $0 <= Date().addingTimeInterval(1) } == true)
        #expect(manifest["createdAt"]?.stringValue?.hasSuffix("Z") == true)
    }

    @Test("checksums.txt lists every artifact sorted by path and shasum -a 256 -c accepts it from the repository root")
    func checksums() throws {
        let repo = try ReleaseFixture.unreleased()
        try ReleaseFixture.writeArtifact(repo, "build/b.ipa", size: 5000)
        try ReleaseFixture.writeArtifact(repo, "build/a folder/with space.zip", size: 70, seed: 3)
        try ReleaseFixture.writeArtifact(repo, "build/back\\slash.bin", size: 10, seed: 4)
        let result = try repo.slipway("manifest", "--artifact", "build/**")
        #expect(result.status == 0, "\(result.stderr)")
        let file = ".slipway/releases/1.2.0+42/checksums.txt"
        let text = try repo.read(file)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(
            lines[0]
                == "\(try ReleaseFixture.sha256sum(repo, "build/a folder/with space.zip"))  build/a folder/with space.zip"
        )
        #expect(lines[1] == "\(try ReleaseFixture.sha256sum(repo, "build/b.ipa"))  build/b.ipa")
        #expect(lines[2] == "\\\(try ReleaseFixture.sha256sum(repo, "build/back\\slash.bin"))  build/back\\\\slash.bin")
        #expect(text.hasSuffix("\n"))

        let check = try runProcess(
            "/usr/bin/env", ReleaseFixture.sha256Command + ["--strict", "-c", file], in: repo.url,
            environment: repo.environment)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.components(separatedBy: ": OK").count - 1 == 3)

        // The check is real: a changed artifact fails it.
        try ReleaseFixture.writeArtifact(repo, "build/b.ipa", size: 5000, seed: 8)
        let tampered = try runProcess(
            "/usr/bin/env", ReleaseFixture.sha256Command + ["-c", file], in: repo.url, environment: repo.environment)
        #expect(tampered.status != 0)
        #expect(tampered.stdout.contains("build/b.ipa: FAILED"))
    }

    @Test(
        "an artifact pattern that matches nothing, or leaves the repository, is exit 2 naming the pattern",
        arguments: [
            ("build/*.ipa", "no file matches the artifact pattern 'build/*.ipa'"),
            ("../outside.ipa", "must be relative to the repository root"),
            ("/etc/hostname", "must be relative to the repository root"),
        ])
    func badPattern(pattern: String, message: String) throws {
        let repo = try ReleaseFixture.unreleased()
        let result = try repo.slipway("manifest", "--artifact", pattern)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("hint:"))
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent(".slipway").path))
    }

    @Test("the default folder gets a .gitignore, so manifests never show up as untracked files")
    func ignoredByGit() throws {
        let repo = try ReleaseFixture.unreleased()
        #expect(try repo.slipway("manifest").status == 0)
        #expect(try repo.read(".slipway/.gitignore").contains("*\n"))
        #expect(try repo.git(["status", "--porcelain", "--untracked-files=all"]) == "")
        // No artifacts: no checksums.txt, since an empty one fails `shasum -a 256 -c`.
        let checksums = repo.url.appendingPathComponent(".slipway/releases/1.2.0+42/checksums.txt")
        #expect(!FileManager.default.fileExists(atPath: checksums.path))
    }

    @Test("--output names the file (relative to the current folder) or a folder to put manifest.json in")
    func output() throws {
        let repo = try ReleaseFixture.unreleased()
        try ReleaseFixture.writeArtifact(repo, "build/a.ipa", size: 10)
        try FileManager.default.createDirectory(
            at: repo.url.appendingPathComponent("iOS/out"), withIntermediateDirectories: true)
        let intoFolder = try repo.slipway(
            arguments: ["manifest", "--artifact", "build/a.ipa", "--output", "out"], in: "iOS")
        #expect(intoFolder.status == 0, "\(intoFolder.stderr)")
        #expect(intoFolder.stdout.hasSuffix("  manifest   iOS/out/manifest.json\n"))
        #expect(FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("iOS/out/checksums.txt").path))
        let named = try repo.slipway("manifest", "--output", "dist/record.json")
        #expect(named.status == 0)
        let manifest = try ReleaseFixture.readJSON(repo.url.appendingPathComponent("dist/record.json"))
        #expect(manifest["schemaVersion"] == .int(1))
        // Without artifacts there is nothing to check, so no checksums.txt.
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("dist/checksums.txt").path))
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent(".slipway").path))
    }

    @Test("release.manifest in .slipway.yml sets the path; release.inToto turns the statement on")
    func configuredPath() throws {
        let repo = try ReleaseFixture.unreleased()
        try repo.write(".slipway.yml", "release:\n  manifest: dist/{version}-{build}/{commit}.json\n  inToto: true\n")
        try ReleaseFixture.writeArtifact(repo, "build/a.ipa", size: 10)
        try repo.commit("Configure slipway")
        let head = try repo.head()
        let result = try repo.slipway("manifest", "--artifact", "build/a.ipa")
        #expect(result.status == 0, "\(result.stderr)")
        let folder = "dist/1.2.0-42"
        #expect(result.stdout.hasSuffix("  manifest   \(folder)/\(head.prefix(7)).json\n"))
        #expect(
            FileManager.default.fileExists(
                atPath: repo.url.appendingPathComponent("\(folder)/provenance.intoto.json").path))
    }

    @Test("an unknown placeholder in release.manifest is a configuration error at its line and column")
    func badPlaceholder() throws {
        let repo = try ReleaseFixture.unreleased()
        try repo.write(".slipway.yml", "release:\n  manifest: out/{verison}/manifest.json\n")
        let result = try repo.slipway("manifest")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(".slipway.yml:2:13: error: unknown placeholder '{verison}' in 'release.manifest'"),
            "\(result.stderr)")
        #expect(result.stderr.contains("did you mean '{version}'?"))
    }

    @Test("with a release tag on HEAD, git.tag names it and the range starts at the release before")
    func taggedHead() throws {
        let repo = try ReleaseFixture.unreleased()
        try repo.git(["tag", "-a", "v1.2.0", "-m", "Release 1.2.0"])
        let result = try repo.slipway("manifest")
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try ReleaseFixture.readJSON(
            repo.url.appendingPathComponent(".slipway/releases/1.2.0+42/manifest.json"))
        #expect(manifest["git"]?["tag"]?.stringValue == "v1.2.0")
        #expect(manifest["git"]?["range"]?["baseTag"]?.stringValue == "v1.1.0")
        #expect(manifest["commits"]?.arrayValue?.count == 2)
    }

    @Test("a first release over long history lists the newest 200 commits and counts the rest in commitsOmitted")
    func boundedHistory() throws {
        let repo = try TestRepository()
        try repo.write("Package.swift", "// swift-tools-version:6.0\n")
        try repo.commit("one")
        _ = try runProcess(
            "/bin/sh",
            ["-c", "i=2; while [ $i -le 205 ]; do git commit -q --allow-empty -m \"c$i\" || exit 1; i=$((i+1)); done"],
            in: repo.url, environment: repo.environment)
        let result = try repo.slipway("manifest")
        #expect(result.status == 0, "\(result.stderr)")
        let file = repo.url.appendingPathComponent(".slipway/releases/unversioned/manifest.json")
        let manifest = try ReleaseFixture.readJSON(file)
        #expect(try ReleaseFixture.schemaProblems(file) == [])
        #expect(manifest["commits"]?.arrayValue?.count == 200)
        #expect(manifest["commits"]?.arrayValue?.first?["subject"]?.stringValue == "c205")
        #expect(manifest["commitsOmitted"] == .int(5))
        #expect(manifest["trigger"]?["commits"]?.arrayValue?.count == 200)
    }

    @Test("without a release tag or a spec: all history, no versions, the folder's name as the project")
    func bareHistory() throws {
        let repo = try TestRepository()
        try repo.write("Package.swift", "// swift-tools-version:6.0\n")
        try repo.commit("one")
        try repo.write("Sources/A.swift")
        try repo.commit("two")
        try repo.git(["checkout", "-q", "--detach"])
        let result = try repo.slipway("manifest")
        #expect(result.status == 0, "\(result.stderr)")
        // No build number: the folder is the version alone, never `+0`.
        let file = repo.url.appendingPathComponent(".slipway/releases/unversioned/manifest.json")
        let manifest = try ReleaseFixture.readJSON(file)
        #expect(try ReleaseFixture.schemaProblems(file) == [])
        #expect(manifest["project"] == .object(["name": .string("repo"), "spec": .null]))
        #expect(manifest["version"]?["marketing"] == .null)
        #expect(manifest["git"]?["branch"] == .null)
        #expect(manifest["git"]?["remoteURL"] == .null)
        #expect(manifest["git"]?["range"]?["base"] == .null)
        #expect(manifest["commits"]?.arrayValue?.count == 2)
        #expect(manifest["trigger"]?["range"]?["baseSource"]?.stringValue == "root")
    }

    @Test("manifest --help describes the command; a missing --output value is a usage error")
    func help() throws {
        let repo = try ReleaseFixture.unreleased()
        let help = try repo.slipway("manifest", "--help")
        #expect(help.status == 0)
        #expect(
            help.stdout.contains(
                "USAGE: slipway manifest [--artifact <glob>] ... [--output <path>] [--build <n>] [--in-toto]"))
        let usage = try repo.slipway("manifest", "--output")
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("See 'slipway manifest --help'"))
    }
}

@Suite("manifest: artifacts from .slipway.yml")
struct ManifestConfiguredArtifactsTests {
    @Test("with no --artifact, slipway manifest records the files 'artifacts:' names; --artifact replaces them")
    func configuredArtifacts() throws {
        let repo = try ReleaseFixture.unreleased()
        try repo.write(".slipway.yml", "artifacts:\n  - build/*.ipa\n  - build/**/*.zip\n")
        try repo.commit("Configure artifacts")
        try ReleaseFixture.writeArtifact(repo, "build/MyApp.ipa", size: 1000)
        try ReleaseFixture.writeArtifact(repo, "build/symbols/MyApp.dSYM.zip", size: 300, seed: 5)
        try ReleaseFixture.writeArtifact(repo, "build/notes.txt", size: 10, seed: 6)

        let result = try repo.slipway("manifest")
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try ReleaseFixture.readJSON(
            repo.url.appendingPathComponent(".slipway/releases/1.2.0+42/manifest.json"))
        #expect(
            manifest["artifacts"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == [
                "build/MyApp.ipa", "build/symbols/MyApp.dSYM.zip",
            ])

        // A second record of the same commit goes beside the first, never over it.
        let given = try repo.slipway("manifest", "--artifact", "build/*.txt")
        #expect(given.status == 0, "\(given.stderr)")
        let replaced = try ReleaseFixture.readJSON(
            repo.url.appendingPathComponent(".slipway/releases/1.2.0+42/manifest-2.json"))
        #expect(
            FileManager.default.fileExists(
                atPath: repo.url.appendingPathComponent(".slipway/releases/1.2.0+42/checksums-2.txt").path))
        #expect(replaced["artifacts"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["build/notes.txt"])

        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("build/MyApp.ipa"))
        let missing = try repo.slipway("manifest")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no file matches the artifact pattern 'build/*.ipa'"), "\(missing.stderr)")
    }
}
