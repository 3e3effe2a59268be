import Foundation
import SlipwayCore

/// An in-toto Statement v1 whose subjects are the release's artifacts and whose predicate is SLSA Provenance v1,
/// so `cosign attest-blob`, `gh attestation` and other signing tools can attest the same files the manifest lists.
///
/// The statement is unsigned: signing needs the user's keys or their CI's identity, which a signing tool brings.
public enum InTotoStatement {
    public static let fileName = "provenance.intoto.json"
    public static let statementType = "https://in-toto.io/Statement/v1"
    public static let predicateType = "https://slsa.dev/provenance/v1"
    /// Names what `externalParameters` hold (the source commit, repository and branch, the stages, the versions, the
    /// bump asked for, the spec) and `internalParameters` (the manifest's schema version); docs/commands.md
    /// describes the statement.
    public static let buildType = "urn:slipway:buildtype:release:v1"

    /// The statement for `manifest`. `manifestDigest` (the written manifest's sha256) is listed as a byproduct so
    /// the provenance and the manifest point at each other. The statement needs at least one artifact.
    public static func json(_ manifest: ReleaseManifest, manifestDigest: String, environment: [String: String]) throws
        -> JSON
    {
        guard !manifest.artifacts.isEmpty else {
            throw Failure(
                "an in-toto statement needs at least one artifact to describe",
                hint: "name the files with --artifact <glob> (or artifacts: in .slipway.yml)")
        }
        let subjects: [JSON] = manifest.artifacts.map { artifact in
            .object(["name": .string(artifact.path), "digest": .object(["sha256": .string(artifact.sha256)])])
        }
        return .object([
            "_type": .string(statementType),
            "subject": .array(subjects),
            "predicateType": .string(predicateType),
            "predicate": .object([
                "buildDefinition": buildDefinition(manifest),
                "runDetails": runDetails(manifest, manifestDigest: manifestDigest, environment: environment),
            ]),
        ])
    }

    static func buildDefinition(_ manifest: ReleaseManifest) -> JSON {
        let git = manifest.git
        var source: [String: JSON] = ["commit": .string(git.commit.hex)]
        if let url = git.remoteURL { source["repository"] = .string(url) }
        if let branch = git.branch { source["ref"] = .string("refs/heads/\(branch)") }
        var external: [String: JSON] = [
            "source": .object(source),
            "stages": .array(
                manifest.stages.map { .object(["name": .string($0.name), "command": .string($0.command)]) }),
        ]
        var version: [String: JSON] = [:]
        if let marketing = manifest.version.marketing { version["marketing"] = .string(marketing) }
        if let build = manifest.version.build { version["build"] = .string(build) }
        external["version"] = .object(version)
        if let requested = manifest.trigger?.requested { external["bump"] = .string(requested) }
        if let spec = manifest.project.spec { external["spec"] = .string(spec) }

        var dependency: [String: JSON] = ["digest": .object(["gitCommit": .string(git.commit.hex)])]
        if let url = git.remoteURL {
            dependency["uri"] = .string("git+\(url)" + (git.branch.map { "@refs/heads/\($0)" } ?? ""))
        }
        return .object([
            "buildType": .string(buildType),
            "externalParameters": .object(external),
            "internalParameters": .object(["manifestSchemaVersion": .int(ReleaseManifest.schemaVersion)]),
            "resolvedDependencies": .array([.object(dependency)]),
        ])
    }

    static func runDetails(_ manifest: ReleaseManifest, manifestDigest: String, environment: [String: String]) -> JSON {
        let onGitHub = environment["GITHUB_ACTIONS"] == "true"
        var metadata: [String: JSON] = [
            "startedOn": .string(
                UTCTimestamp.string(manifest.stages.compactMap(\.startedAt).min() ?? manifest.createdAt)),
            "finishedOn": .string(UTCTimestamp.string(manifest.createdAt)),
        ]
        if onGitHub, let server = environment["GITHUB_SERVER_URL"], let repository = environment["GITHUB_REPOSITORY"],
            let run = environment["GITHUB_RUN_ID"]
        {
            let attempt = environment["GITHUB_RUN_ATTEMPT"].map { "/attempts/\($0)" } ?? ""
            metadata["invocationId"] = .string("\(server)/\(repository)/actions/runs/\(run)\(attempt)")
        }
        return .object([
            "builder": .object([
                "id": .string(onGitHub ? "urn:slipway:builder:github-actions" : "urn:slipway:builder:local"),
                "version": .object([Slipway.name: .string(Slipway.version)]),
            ]),
            "metadata": .object(metadata),
            "byproducts": .array([
                .object(["name": .string("manifest.json"), "digest": .object(["sha256": .string(manifestDigest)])])
            ]),
        ])
    }
}
