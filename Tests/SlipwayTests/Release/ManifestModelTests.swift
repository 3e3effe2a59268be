import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwayPipeline
import SlipwayRelease
import SlipwayWorkspace
import SlipwayYAML
import Testing

@Suite("manifest: model, writer and schema")
struct ManifestModelTests {
    /// A manifest for the fixture's HEAD, assembled in process as `slipway release` will.
    func assembled(_ repo: TestRepository, now: Date) throws -> (Workspace, ReleaseManifest) {
        let workspace = try Workspace.open(from: repo.url)
        let head = try workspace.requireRepository().resolveCommit("HEAD")
        return (
            workspace,
            try ManifestAssembler(workspace: workspace).manifest(
                head: head, releaseTag: .named("v1.2.0"), requested: "minor", now: now)
        )
    }

    @Test("a failed release records every stage result, the failing stage, and stays valid against the schema")
    func failedRelease() throws {
        let repo = try ReleaseFixture.unreleased()
        let now = Date(timeIntervalSince1970: 1_714_564_800.25)
        var (workspace, manifest) = try assembled(repo, now: now)
        manifest.stages = [
            StageResult(
                name: "generate", command: "xcodegen generate", status: .passed, exitCode: 0,
                startedAt: now.addingTimeInterval(-10.5), duration: 1.23456, logPath: ".slipway/logs/generate.log"),
            StageResult(
                name: "test", command: "swift test", status: .failed, exitCode: 3,
                startedAt: now.addingTimeInterval(-9), duration: 8, logPath: ".slipway/logs/test.log"),
            StageResult(name: "archive", command: "make archive", status: .skipped),
            StageResult(
                name: "upload", command: "make upload", status: .cancelled, startedAt: now, duration: 0.5,
                detail: "stopped by SIGINT"),
        ]
        manifest.fail(stage: "test", message: "stage 'test' exited with status 3")
        let url = workspace.root.appendingPathComponent("out/manifest.json")
        let written = try ManifestWriter(repository: try workspace.requireRepository(), environment: [:]).write(
            manifest, to: url, inToto: false)
        #expect(written.inToto == nil)
        let json = try ReleaseFixture.readJSON(written.manifest)
        #expect(try ReleaseFixture.schemaProblems(written.manifest) == [])
        #expect(json["status"]?.stringValue == "failed")
        #expect(
            json["failure"]
                == .object(["stage": .string("test"), "message": .string("stage 'test' exited with status 3")]))
        #expect(json["createdAt"]?.stringValue == "2024-05-01T12:00:00Z")
        #expect(json["git"]?["tag"]?.stringValue == "v1.2.0")
        #expect(json["trigger"]?["requested"]?.stringValue == "minor")
        let stages = json["stages"]?.arrayValue ?? []
        #expect(stages.compactMap { $0["status"]?.stringValue } == ["passed", "failed", "skipped", "cancelled"])
        #expect(
            stages[0]
                == .object([
                    "name": .string("generate"), "command": .string("xcodegen generate"), "status": .string("passed"),
                    "exitCode": .int(0), "signal": .null, "startedAt": .string("2024-05-01T11:59:49.750Z"),
                    "durationSeconds": .double(1.235),
                    "log": .string(".slipway/logs/generate.log"), "detail": .null,
                ]))
        #expect(stages[1]["exitCode"] == .int(3))
        #expect(stages[2]["exitCode"] == .null)
        #expect(stages[2]["startedAt"] == .null)
        #expect(stages[3]["detail"]?.stringValue == "stopped by SIGINT")
    }

    @Test(
        "a release that failed before tagging ranges from the release tag on HEAD; a tagged release from the one before"
    )
    func rangeFollowsTheRelease() throws {
        let repo = try ReleaseFixture.unreleased()
        try repo.git(["tag", "-a", "v1.2.0", "-m", "Release 1.2.0"])
        let workspace = try Workspace.open(from: repo.url)
        let head = try workspace.requireRepository().resolveCommit("HEAD")
        let assembler = try ManifestAssembler(workspace: workspace)
        let failed = try assembler.manifest(head: head, releaseTag: .none)
        #expect(failed.git.tag == nil)
        #expect(failed.git.baseTag == "v1.2.0")
        #expect(failed.commits.isEmpty)
        let tagged = try assembler.manifest(head: head, releaseTag: .named("v1.2.0"))
        #expect(tagged.git.tag == "v1.2.0")
        #expect(tagged.git.baseTag == "v1.1.0")
        #expect(tagged.commits.count == 2)
        #expect(tagged.version.previousMarketing == "1.1.0")
    }

    @Test("check-jsonschema rejects manifests that break the schema, so validating against it means something")
    func schemaRejects() throws {
        let repo = try ReleaseFixture.unreleased()
        let (_, manifest) = try assembled(repo, now: Date())
        guard case .object(let valid) = manifest.json else { throw TestFailure("not an object") }
        var missing = valid
        missing.removeValue(forKey: "createdAt")
        var extra = valid
        extra["surprise"] = .bool(true)
        var wrongStatus = valid
        wrongStatus["status"] = .string("ok")
        var badArtifact = valid
        badArtifact["artifacts"] = .array([
            .object(["path": .string("a.ipa"), "size": .int(-1), "sha256": .string("XYZ")])
        ])
        guard case .object(var stage) = StageResult(name: "x", command: "y", status: .passed).jsonForTests else {
            throw TestFailure("a stage is not an object")
        }
        stage["status"] = .string("done")
        var badStage = valid
        badStage["stages"] = .array([.object(stage)])
        var badTime = valid
        badTime["createdAt"] = .string("2024-05-01 12:00")

        let folder = TemporaryDirectory("slipway-schema")
        let problems = try ReleaseFixture.schemaProblems(
            [
                "valid": .object(valid), "missing": .object(missing), "extra": .object(extra),
                "wrongStatus": .object(wrongStatus), "badArtifact": .object(badArtifact), "badStage": .object(badStage),
                "badTime": .object(badTime),
            ], in: folder.url)
        /// Each problem as "<JSON path>: <message>".
        func found(_ name: String) -> [String] {
            problems[name]?.map { "\($0.path): \($0.message)" } ?? ["\(name) was not checked"]
        }
        #expect(found("valid") == [])
        #expect(found("missing") == ["$: 'createdAt' is a required property"])
        #expect(found("extra") == ["$: Additional properties are not allowed ('surprise' was unexpected)"])
        #expect(found("wrongStatus") == ["$.status: 'ok' is not one of ['succeeded', 'failed']"])
        #expect(
            found("badArtifact").sorted() == [
                "$.artifacts[0].sha256: 'XYZ' does not match '^[0-9a-f]{64}$'",
                "$.artifacts[0].size: -1 is less than the minimum of 0",
            ])
        #expect(
            found("badStage") == [
                "$.stages[0].status: 'done' is not one of ['passed', 'failed', 'skipped', 'cancelled']"
            ])
        #expect(
            found("badTime").sorted() == [
                "$.createdAt: '2024-05-01 12:00' does not match "
                    + #"'^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?Z$'"#,
                "$.createdAt: '2024-05-01 12:00' is not a 'date-time'",
            ])
    }

    @Test("the writer replaces an existing manifest atomically and keeps its file mode")
    func atomicRewrite() throws {
        let repo = try ReleaseFixture.unreleased()
        let (workspace, manifest) = try assembled(repo, now: Date())
        let url = workspace.root.appendingPathComponent("m/manifest.json")
        let writer = ManifestWriter(repository: try workspace.requireRepository(), environment: [:])
        _ = try writer.write(manifest, to: url, inToto: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        _ = try writer.write(manifest, to: url, inToto: false)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).filter
        { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test("release templates fill known placeholders and leave others as written")
    func templates() {
        let template = ReleaseTemplate("Release {version} ({build}) {unknown} {")
        #expect(template.placeholders == ["version", "build", "unknown"])
        #expect(template.render(["version": "1.2.0", "build": "42"]) == "Release 1.2.0 (42) {unknown} {")
    }

    @Test("the release: section reads every key and rejects unknown ones with a hint")
    func releaseConfig() throws {
        let file = try YAMLFile(
            path: ".slipway.yml",
            text: """
                detect:
                  releaseTagPattern: "release-*"
                release:
                  manifest: out/{version}.json
                  inToto: true
                  commitMessage: "chore: release {version} ({build})"
                  tag: "release-{version}"
                  push: true
                """)
        let config = try Configuration.parse(file).release
        #expect(config.manifest.text == "out/{version}.json")
        #expect(config.inToto)
        #expect(config.commitMessage.text == "chore: release {version} ({build})")
        #expect(config.tag.text == "release-{version}")
        #expect(config.push)
        #expect(Configuration().release.manifest.text == ".slipway/releases/{version}+{build}/manifest.json")
        #expect(Configuration().release.tag.text == "v{version}")
        #expect(Configuration().release.commitMessage.text == "Release {version} ({build})")

        // A tag the release tag pattern does not match is refused where the tag is written.
        let unseen = try YAMLFile(path: ".slipway.yml", text: "release:\n  tag: \"release-{version}\"\n")
        let hidden = #expect(throws: YAMLError.self) { try Configuration.parse(unseen) }
        #expect(hidden?.location?.description == ".slipway.yml:2:8")
        #expect(hidden?.message.contains("the release tag pattern 'v*' does not match") == true)

        let typo = try YAMLFile(path: ".slipway.yml", text: "release:\n  pussh: true\n")
        let unknown = #expect(throws: YAMLError.self) { try Configuration.parse(typo) }
        #expect(unknown?.rendered.contains(".slipway.yml:2:3: error: unknown key 'pussh' in 'release'") == true)
        #expect(unknown?.rendered.contains("did you mean 'push'?") == true)
        // A manifest path outside the repository, absolute or through '..', is refused at its value.
        for manifest in ["/tmp/m.json", "../{version}/m.json"] {
            let file = try YAMLFile(path: ".slipway.yml", text: "release:\n  manifest: \(manifest)\n")
            let error = #expect(throws: YAMLError.self) { try Configuration.parse(file) }
            #expect(error?.location?.description == ".slipway.yml:2:13", "\(manifest)")
            #expect(
                error?.message
                    == "'release.manifest' must be a file path inside the repository, relative to its root")
            #expect(error?.hint == "for example .slipway/releases/{version}+{build}/manifest.json")
        }
    }
}

extension StageResult {
    /// The manifest's JSON for one stage, through a manifest (the encoder is internal to SlipwayRelease).
    var jsonForTests: JSON {
        JSON.object([
            "name": .string(name), "command": .string(command), "status": .string(status.rawValue),
            "exitCode": .null, "signal": .null, "startedAt": .null, "durationSeconds": .null, "log": .null,
            "detail": .null,
        ])
    }
}
