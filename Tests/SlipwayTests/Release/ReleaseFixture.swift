import Foundation
import SlipwayCore
import SlipwayGit

/// A small XcodeGen app repository with one release behind it, for manifest and release tests.
enum ReleaseFixture {
    static func spec(version: String, build: String, name: String = "MyApp") -> String {
        """
        name: \(name)
        settings:
          base:
            MARKETING_VERSION: "\(version)"
            CURRENT_PROJECT_VERSION: "\(build)"
        targets:
          \(name):
            type: application
            platform: iOS
            sources: [iOS, Shared]

        """
    }

    /// `v1.2.0` (1.2.0, build 41), then two commits: a shared-code change and the build moved to 42. (A spec
    /// already at a newer, untagged version would be released as it is, not bumped.)
    static func released() throws -> TestRepository {
        let repo = try TestRepository()
        try repo.write("project.yml", spec(version: "1.2.0", build: "41"))
        try repo.write("iOS/App.swift")
        try repo.commit("Initial app")
        try repo.git(["tag", "-a", "v1.2.0", "-m", "Release 1.2.0"])
        try repo.write("Shared/Model.swift", "struct Model {}\n")
        try repo.commit("feat: shared model")
        try repo.write("project.yml", spec(version: "1.2.0", build: "42"))
        try repo.commit("Bump build to 42")
        return repo
    }

    /// `v1.1.0` (1.1.0, build 41), then two commits moving to 1.2.0 (42) with a shared-code change: a spec ahead of
    /// its last release tag, which `release` (auto) releases as it is and a tag on HEAD (`v1.2.0`) releases.
    static func unreleased() throws -> TestRepository {
        let repo = try TestRepository()
        try repo.write("project.yml", spec(version: "1.1.0", build: "41"))
        try repo.write("iOS/App.swift")
        try repo.commit("Initial app")
        try repo.git(["tag", "-a", "v1.1.0", "-m", "Release 1.1.0"])
        try repo.write("Shared/Model.swift", "struct Model {}\n")
        try repo.commit("feat: shared model")
        try repo.write("project.yml", spec(version: "1.2.0", build: "42"))
        try repo.commit("Bump to 1.2.0 (42)")
        return repo
    }

    /// Writes `count` bytes of a repeating pattern to `path` in the working tree.
    static func writeArtifact(_ repo: TestRepository, _ path: String, size: Int, seed: UInt8 = 7) throws {
        let url = repo.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var bytes = [UInt8](repeating: 0, count: size)
        var state = UInt32(seed) &* 2_654_435_761
        for index in bytes.indices {
            state = state &* 1_103_515_245 &+ 12345
            bytes[index] = UInt8(truncatingIfNeeded: state >> 16)
        }
        try Data(bytes).write(to: url)
    }

    /// The checksum program, as argv: Perl's `shasum -a 256`, on every Mac and every Linux with Perl, which writes
    /// and checks the format `sha256sum` does (GNU's escaping of backslashes included).
    static let sha256Command = ["shasum", "-a", "256"]

    /// `sha256sum <path>`'s digest, the oracle for Slipway's own.
    static func sha256sum(_ repo: TestRepository, _ path: String) throws -> String {
        let result = try runProcess(
            "/usr/bin/env", sha256Command + ["--", path], in: repo.url, environment: repo.environment)
        guard result.status == 0, let digest = result.stdout.split(separator: " ").first else {
            throw TestFailure("sha256sum failed: \(result.stderr)")
        }
        return String(digest.trimmingCharacters(in: CharacterSet(charactersIn: "\\")))
    }

    static let schemaURL = JSONSchemaCheck.packageRoot.appendingPathComponent("schemas/manifest.schema.json")

    /// check-jsonschema's problems with manifest files against schemas/manifest.schema.json; empty when valid.
    static func schemaProblems(_ manifests: URL...) throws -> [JSONSchemaCheck.Problem] {
        try JSONSchemaCheck.problems(in: manifests, schema: schemaURL)
    }

    /// The same for manifests built in the test: each is written to `<name>.json` in `folder`, then all are checked
    /// in one run. The problems come back by name; a valid manifest has none.
    static func schemaProblems(_ manifests: [String: JSON], in folder: URL)
        throws -> [String: [JSONSchemaCheck.Problem]]
    {
        var files: [String: URL] = [:]
        for (name, manifest) in manifests {
            let file = folder.appendingPathComponent("\(name).json")
            try Data(manifest.pretty().utf8).write(to: file)
            files[name] = file
        }
        let problems = try JSONSchemaCheck.problems(in: files.values.sorted { $0.path < $1.path }, schema: schemaURL)
        return files.mapValues { file in problems.filter { $0.filename == file.path } }
    }

    static func readJSON(_ url: URL) throws -> JSON {
        try JSON.parse(Data(contentsOf: url))
    }
}
