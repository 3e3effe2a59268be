import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayWorkspace
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("release: slipway release end to end, on real repositories with real stages")
struct ReleaseCommandTests {
    let manifestPath = ReleaseRepository.manifestPath

    @Test(
        "a full release: bump, stages with the new versions, one commit with the trailer, an annotated tag, a manifest")
    func fullRelease() throws {
        let repo = try ReleaseRepository.make()
        let source = try repo.head()
        let result = try repo.slipway("release")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").last == "  manifest   \(manifestPath)", "\(result.stdout)")

        try expectReleaseCommit(repo, on: source)
        try expectAnnotatedTag(repo)
        try expectStagesSawNewVersions(repo, source: source)
        try expectManifestRecordsRelease(repo, source: source)
        try expectManifestRecordsStagesAndArtifacts(repo)
        try expectChecksumsVerify(repo)

        // The lock is gone, and the release commit is not released again.
        #expect(!fileExists(repo.gitFolder.appendingPathComponent(WriterLock.fileName)))
        let again = try repo.slipway("release")
        #expect(again.status == 1)
        #expect(again.stderr.contains("nothing to release"), "\(again.stderr)")
    }

    /// The release commit: the spec alone, on top of the source commit, with the templated message and trailer.
    private func expectReleaseCommit(_ repo: TestRepository, on source: String) throws {
        #expect(try repo.rev("HEAD^") == source)
        #expect(try repo.log("%s") == "Release 1.3.0 (43)\n")
        #expect(try repo.log("%(trailers)") == "Slipway-Release: 1.3.0+43\n\n")
        #expect(
            try repo.log("%an <%ae>|%cn <%ce>")
                == "Test Author <author@example.com>|Test Committer <committer@example.com>\n")
        #expect(try repo.git(["diff-tree", "--no-commit-id", "--name-only", "-r", "HEAD"]) == "project.yml\n")
        #expect(try repo.read("project.yml") == ReleaseFixture.spec(version: "1.3.0", build: "43"))
        #expect(try repo.trackedStatus() == "", "the index and work tree should match the release commit")
    }

    /// An annotated tag on the release commit.
    private func expectAnnotatedTag(_ repo: TestRepository) throws {
        #expect(try repo.git(["cat-file", "-t", "v1.3.0"]) == "tag\n")
        #expect(try repo.rev("v1.3.0") == (try repo.head()))
        #expect(try repo.git(["tag", "-l", "--format=%(contents:subject)", "v1.3.0"]) == "Release 1.3.0 (43)\n")
    }

    /// The stages saw the new versions, in their environment and in the spec on disk.
    private func expectStagesSawNewVersions(_ repo: TestRepository, source: String) throws {
        let environment = try repo.read("build/env.txt")
        for line in [
            // Not major: the fixture's Shared/ folder is compiled by one iOS app, and its bump changes versions only.
            "SLIPWAY_VERSION=1.3.0", "SLIPWAY_BUILD=43", "SLIPWAY_COMMIT=\(source)", "SLIPWAY_BRANCH=main",
            "SLIPWAY_MAJOR=false", "SLIPWAY_TAG=v1.3.0", "SLIPWAY_PREVIOUS_VERSION=1.2.0", "SLIPWAY_PREVIOUS_BUILD=42",
            "SLIPWAY_STAGE=check",
        ] {
            #expect(environment.split(separator: "\n").contains(Substring(line)), "missing \(line) in \(environment)")
        }
        #expect(
            try repo.read("build/spec.txt") == "    MARKETING_VERSION: \"1.3.0\"\n    CURRENT_PROJECT_VERSION: \"43\"\n"
        )
    }

    /// The manifest: valid against the schema, recording this release, what triggered it and the commits it covers.
    private func expectManifestRecordsRelease(_ repo: TestRepository, source: String) throws {
        let manifest = try ReleaseRepository.readManifest(repo, manifestPath)
        #expect(try ReleaseFixture.schemaProblems(repo.url.appendingPathComponent(manifestPath)) == [])
        #expect(manifest["status"]?.stringValue == "succeeded")
        #expect(manifest["failure"] == .null)
        #expect(
            manifest["version"]
                == .object([
                    "marketing": .string("1.3.0"), "build": .string("43"),
                    "previousMarketing": .string("1.2.0"), "previousBuild": .string("41"),
                ]))
        #expect(manifest["git"]?["commit"]?.stringValue == (try repo.head()))
        #expect(manifest["git"]?["tag"]?.stringValue == "v1.3.0")
        #expect(manifest["git"]?["branch"]?.stringValue == "main")
        #expect(manifest["git"]?["range"]?["baseTag"]?.stringValue == "v1.2.0")
        #expect(manifest["trigger"]?["requested"]?.stringValue == "auto")
        #expect(manifest["trigger"]?["bump"]?.stringValue == "minor")
        // The trigger is the verdict that started the release, not one that counts the version bump itself.
        #expect(manifest["trigger"]?["range"]?["head"]?.stringValue == source)
        // The commits the release covers: those since the previous release, not the release commit itself.
        let subjects = manifest["commits"]?.arrayValue?.compactMap { $0["subject"]?.stringValue } ?? []
        #expect(subjects.first == "Configure slipway")
        #expect(!subjects.contains("Release 1.3.0 (43)"))
    }

    /// The manifest records both stages as passed, with their logs, and the artifact the stages produced.
    private func expectManifestRecordsStagesAndArtifacts(_ repo: TestRepository) throws {
        let manifest = try ReleaseRepository.readManifest(repo, manifestPath)
        let stages = manifest["stages"]?.arrayValue ?? []
        #expect(stages.compactMap { $0["name"]?.stringValue } == ["check", "archive"])
        #expect(stages.compactMap { $0["status"]?.stringValue } == ["passed", "passed"])
        #expect(stages.compactMap { $0["exitCode"]?.intValue } == [0, 0])
        #expect(stages.last?["log"]?.stringValue == ".slipway/logs/archive.log")
        let artifacts = manifest["artifacts"]?.arrayValue ?? []
        #expect(artifacts.compactMap { $0["path"]?.stringValue } == ["build/MyApp-1.3.0.zip"])
        #expect(
            artifacts.first?["sha256"]?.stringValue == (try ReleaseFixture.sha256sum(repo, "build/MyApp-1.3.0.zip")))
        #expect(try repo.read("build/MyApp-1.3.0.zip") == "MyApp 1.3.0 (43)\n")
    }

    /// checksums.txt checks out with sha256sum, from the repository root.
    private func expectChecksumsVerify(_ repo: TestRepository) throws {
        let check = try runProcess(
            "/usr/bin/env",
            ReleaseFixture.sha256Command + ["--strict", "-c", ".slipway/releases/1.3.0+43/checksums.txt"],
            in: repo.url, environment: repo.environment)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout == "build/MyApp-1.3.0.zip: OK\n")
    }

    @Test("--push sends the branch and the tag to the branch's upstream remote (a local bare repository)")
    func push() throws {
        let repo = try ReleaseRepository.make()
        let remote = try TestRepository(bare: true)
        try repo.git(["remote", "add", "upstream", remote.path])
        try repo.git(["push", "-q", "-u", "upstream", "main"])
        let result = try repo.slipway("release", "--push")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Pushed main and v1.3.0 to upstream\n"))
        let remoteRefs = try remote.git(["for-each-ref", "--format=%(refname) %(objectname)"])
        #expect(remoteRefs.contains("refs/heads/main \(try repo.head())\n"), "\(remoteRefs)")
        #expect(
            remoteRefs.contains(
                "refs/tags/v1.3.0 \(try repo.git(["rev-parse", "v1.3.0"]).trimmingCharacters(in: .whitespacesAndNewlines))\n"
            ))
        #expect(try remote.git(["cat-file", "-t", "v1.3.0"]) == "tag\n")
    }

    @Test("auto takes the level detect suggests since the latest release tag, and refuses when there is nothing new")
    func autoLevel() throws {
        let repo = try ReleaseRepository.make()
        let suggested = try repo.detectJSON("--base", "v1.2.0", "--head", "HEAD")["bump"] as? String
        #expect(suggested == "minor")
        #expect(try repo.slipway("release", "auto").status == 0)
        #expect(try repo.log("%s") == "Release 1.3.0 (43)\n")

        // A small fix in the app alone since v1.3.0: patch.
        try repo.write("iOS/App.swift", "// fixed\n")
        try repo.commit("Fix a label")
        #expect(try repo.detectJSON("--base", "v1.3.0", "--head", "HEAD")["bump"] as? String == "patch")
        let patch = try repo.slipway("release")
        #expect(patch.status == 0, "\(patch.stderr)")
        #expect(try repo.log("%s") == "Release 1.3.1 (44)\n")
        #expect(try repo.log("%(trailers:key=Slipway-Release,valueonly)") == "1.3.1+44\n\n")

        // Nothing since v1.3.1.
        let nothing = try repo.slipway("release", "auto")
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("no commits since v1.3.1: nothing to release"), "\(nothing.stderr)")
    }

    @Test("--set, --build and the build level choose the versions; the tag template can take the build")
    func explicitVersions() throws {
        let repo = try ReleaseRepository.make(
            config: ReleaseRepository.recordingStages + "release:\n  tag: \"v{version}-{build}\"\n")
        #expect(try repo.slipway("release", "--set", "2.0.0", "--build", "100").status == 0)
        #expect(try repo.log("%s") == "Release 2.0.0 (100)\n")
        #expect(try repo.git(["tag", "-l", "v2*"]) == "v2.0.0-100\n")
        let build = try repo.slipway("release", "build")
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try repo.log("%s%n%(trailers)") == "Release 2.0.0 (101)\nSlipway-Release: 2.0.0+101\n\n")
        #expect(try repo.git(["tag", "-l", "v2*"]) == "v2.0.0-100\nv2.0.0-101\n")
    }

    @Test("--skip-stages records the stages as skipped; --in-toto writes the statement beside the manifest")
    func skipStagesAndInToto() throws {
        let repo = try ReleaseRepository.make()
        try ReleaseFixture.writeArtifact(repo, "build/MyApp-1.3.0.zip", size: 2048)
        let result = try repo.slipway("release", "--skip-stages", "--in-toto")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!fileExists(repo.url.appendingPathComponent("build/env.txt")), "a stage ran")
        let manifest = try ReleaseRepository.readManifest(repo, manifestPath)
        #expect(manifest["stages"]?.arrayValue?.compactMap { $0["status"]?.stringValue } == ["skipped", "skipped"])
        #expect(manifest["stages"]?.arrayValue?.first?["detail"]?.stringValue == "--skip-stages")
        let statement = try ReleaseFixture.readJSON(
            repo.url.appendingPathComponent(".slipway/releases/1.3.0+43/provenance.intoto.json"))
        #expect(statement["subject"]?.arrayValue?.first?["name"]?.stringValue == "build/MyApp-1.3.0.zip")
        #expect(
            statement["subject"]?.arrayValue?.first?["digest"]?["sha256"]?.stringValue
                == (try ReleaseFixture.sha256sum(repo, "build/MyApp-1.3.0.zip")))
    }

    @Test("usage errors are exit 64")
    func usage() throws {
        let repo = try ReleaseRepository.make()
        for arguments in [
            ["release", "minor", "--set", "2.0.0"], ["release", "huge"], ["release", "--push", "--no-push"],
            ["release", "build", "--build", "7"], ["release", "--build", "x"],
        ] {
            let result = try repo.slipway(arguments: arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("See 'slipway release --help'"))
        }
    }
}
