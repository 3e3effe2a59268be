import Foundation
import SlipwayCore
import Testing

@Suite("manifest: --in-toto provenance")
struct ManifestInTotoTests {
    @Test("--in-toto writes an in-toto Statement v1 with SLSA provenance whose subjects are the artifacts")
    func inToto() throws {
        let repo = try ReleaseFixture.released()
        try repo.git(["remote", "add", "origin", "https://x-access-token:ghs_abc@github.com/team/app.git"])
        try ReleaseFixture.writeArtifact(repo, "build/MyApp.ipa", size: 4096)
        try ReleaseFixture.writeArtifact(repo, "build/MyApp.dSYM.zip", size: 100, seed: 2)
        let result = try repo.slipway(
            arguments: ["manifest", "--artifact", "build/*", "--in-toto"],
            extraEnvironment: [
                "GITHUB_ACTIONS": "true", "GITHUB_SERVER_URL": "https://github.com",
                "GITHUB_REPOSITORY": "team/app", "GITHUB_RUN_ID": "77", "GITHUB_RUN_ATTEMPT": "2",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let folder = repo.url.appendingPathComponent(".slipway/releases/1.2.0+42")
        #expect(result.stdout.contains("  in-toto    .slipway/releases/1.2.0+42/provenance.intoto.json\n"))
        let statement = try ReleaseFixture.readJSON(folder.appendingPathComponent("provenance.intoto.json"))
        #expect(statement["_type"]?.stringValue == "https://in-toto.io/Statement/v1")
        #expect(statement["predicateType"]?.stringValue == "https://slsa.dev/provenance/v1")
        try expectSubjectsAreTheArtifacts(statement, in: repo)
        try expectBuildDefinition(statement["predicate"]?["buildDefinition"], of: repo)
        try expectRunDetails(statement["predicate"]?["runDetails"], of: repo)
        #expect(
            !(try String(contentsOf: folder.appendingPathComponent("provenance.intoto.json"), encoding: .utf8))
                .contains("ghs_abc"))
    }

    /// Each artifact is a subject, sorted by name, with the digest sha256sum gives.
    private func expectSubjectsAreTheArtifacts(_ statement: JSON, in repo: TestRepository) throws {
        #expect(
            statement["subject"]
                == .array([
                    .object([
                        "name": .string("build/MyApp.dSYM.zip"),
                        "digest": .object([
                            "sha256": .string(try ReleaseFixture.sha256sum(repo, "build/MyApp.dSYM.zip"))
                        ]),
                    ]),
                    .object([
                        "name": .string("build/MyApp.ipa"),
                        "digest": .object(["sha256": .string(try ReleaseFixture.sha256sum(repo, "build/MyApp.ipa"))]),
                    ]),
                ]))
    }

    /// The build definition names the source: HEAD's commit on main, at the remote without its credentials.
    private func expectBuildDefinition(_ definition: JSON?, of repo: TestRepository) throws {
        #expect(definition?["buildType"]?.stringValue == "urn:slipway:buildtype:release:v1")
        #expect(
            definition?["externalParameters"]?["source"]
                == .object([
                    "commit": .string(try repo.head()), "ref": .string("refs/heads/main"),
                    "repository": .string("https://github.com/team/app.git"),
                ]))
        #expect(
            definition?["resolvedDependencies"]
                == .array([
                    .object([
                        "uri": .string("git+https://github.com/team/app.git@refs/heads/main"),
                        "digest": .object(["gitCommit": .string(try repo.head())]),
                    ])
                ]))
    }

    /// The run details name the GitHub Actions builder and run, and the manifest as the byproduct.
    private func expectRunDetails(_ run: JSON?, of repo: TestRepository) throws {
        #expect(run?["builder"]?["id"]?.stringValue == "urn:slipway:builder:github-actions")
        #expect(
            run?["metadata"]?["invocationId"]?.stringValue == "https://github.com/team/app/actions/runs/77/attempts/2")
        #expect(run?["metadata"]?["finishedOn"]?.stringValue.flatMap(UTCTimestamp.date) != nil)
        let manifestDigest = try ReleaseFixture.sha256sum(repo, ".slipway/releases/1.2.0+42/manifest.json")
        #expect(
            run?["byproducts"]
                == .array([
                    .object(["name": .string("manifest.json"), "digest": .object(["sha256": .string(manifestDigest)])])
                ]))
    }

    @Test("--in-toto with no artifact is exit 2 and writes no file")
    func inTotoWithoutArtifacts() throws {
        let repo = try ReleaseFixture.released()
        let result = try repo.slipway("manifest", "--in-toto")
        #expect(result.status == 2)
        #expect(result.stderr.contains("needs at least one artifact"))
        #expect(
            !FileManager.default.fileExists(
                atPath: repo.url.appendingPathComponent(".slipway/releases/1.2.0+42/manifest.json").path))
    }
}
