import Foundation
import SlipwayCore
import Testing

/// scripts/github-action.sh, the steps of action.yml, run as the runner runs them: its variables set, outputs read
/// back from the files GITHUB_OUTPUT and GITHUB_PATH name. (Homebrew, apt-get and xcode-select are not run here.)
/// The release step downloads from a folder of fake releases through SLIPWAY_RELEASE_BASE_URL (a file:// URL).
@Suite("the GitHub Action's steps")
struct GitHubActionScriptTests {
    let folder = TemporaryDirectory("slipway-action")

    func step(_ name: String, _ variables: [String: String], in directory: URL? = nil) throws -> ProcessResult {
        var environment = isolatedEnvironment(home: folder.url)
        environment["GITHUB_OUTPUT"] = folder.url.appendingPathComponent("output").path
        environment["GITHUB_PATH"] = folder.url.appendingPathComponent("path").path
        for (key, value) in variables { environment[key] = value }
        let script = SourceTree.root.appendingPathComponent("scripts/github-action.sh").path
        return try runProcess("/bin/sh", [script, name], in: directory ?? folder.url, environment: environment)
    }

    func outputs() throws -> [String: String] {
        let text = try String(contentsOf: folder.url.appendingPathComponent("output"), encoding: .utf8)
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        return values
    }

    @Test("key: the ref, OS, architecture, a source hash and the library versions; the same inputs give the same key")
    func key() throws {
        let variables = [
            "ACTION_REF": "v1.2/x y", "RUNNER_OS": "macOS", "RUNNER_ARCH": "ARM64",
            "RUNNER_TOOL_CACHE": folder.url.appendingPathComponent("tools").path,
        ]
        let first = try step("key", variables)
        #expect(first.status == 0, "\(first.stderr)")
        let key = try #require(try outputs()["key"])
        #expect(key.hasPrefix("slipway-macOS-ARM64-v1.2_x_y-"), "the ref is made safe for a key and a path: \(key)")
        #expect(key.range(of: #"-[0-9a-f]{16}-\d"#, options: .regularExpression) != nil, "\(key)")
        #expect(try outputs()["prefix"] == folder.url.appendingPathComponent("tools/slipway/v1.2_x_y").path)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("output"))
        #expect(try step("key", variables).status == 0)
        #expect(try outputs()["key"] == key)
    }

    @Test("path: slipway's folder goes on PATH; its path and version become outputs")
    func path() throws {
        let bin = folder.url.appendingPathComponent("prefix/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: bin.appendingPathComponent("slipway").path, withDestinationPath: SlipwayBinary.path)
        let result = try step("path", ["PREFIX": bin.deletingLastPathComponent().path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try outputs()["path"] == bin.appendingPathComponent("slipway").path)
        #expect(try outputs()["version"]?.range(of: #"^\d+\.\d+\.\d+"#, options: .regularExpression) != nil)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("path"), encoding: .utf8) == bin.path + "\n")
    }

    @Test("xcodegen: auto looks for a spec; a present xcodegen is kept; a wrong value fails; Linux installs none")
    func xcodegen() throws {
        let project = folder.url.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let none = try step("xcodegen", ["XCODEGEN": "auto"], in: project)
        #expect(none.status == 0 && none.stdout.isEmpty, "no spec, nothing to do: \(none.stdout)")
        // Several apps: each entry names its spec.
        let apps = project.appendingPathComponent(".slipway.yml")
        try Data("apps:\n  - name: a\n    spec: A/project.yml\n".utf8).write(to: apps)
        let nested = try step("xcodegen", ["XCODEGEN": "auto"], in: project)
        #expect(nested.stdout.contains("::notice::XcodeGen runs on macOS only"), "\(nested.stdout)")
        try FileManager.default.removeItem(at: apps)
        try Data("name: App\n".utf8).write(to: project.appendingPathComponent("project.yml"))
        let linux = try step("xcodegen", ["XCODEGEN": "auto"], in: project)
        #expect(linux.status == 0)
        #expect(linux.stdout.contains("::notice::XcodeGen runs on macOS only"), "\(linux.stdout)")
        let off = try step("xcodegen", ["XCODEGEN": "false"], in: project)
        #expect(off.stdout.isEmpty)
        let wrong = try step("xcodegen", ["XCODEGEN": "yes"], in: project)
        #expect(wrong.status == 1)
        #expect(wrong.stdout.contains("::error::the xcodegen input is auto, true or false, not 'yes'"))
        #expect(try step("nonsense", [:]).status == 64)
    }

    // MARK: The released binary

    /// What the release workflow names this runner's asset (scripts/dist.sh): macOS gets the universal binary.
    static func platform() throws -> String {
        #if os(macOS)
        return "darwin-universal"
        #else
        let machine = try runProcess("/bin/sh", ["-c", "uname -m"]).stdout
        return "linux-" + machine.trimmingCharacters(in: .whitespacesAndNewlines)
        #endif
    }

    var releases: URL { folder.url.appendingPathComponent("releases") }
    var tools: URL { folder.url.appendingPathComponent("tools") }

    /// Publishes `<releases>/v<version>/slipway-<version>-<platform>.tar.gz` as scripts/dist.sh packs it, holding a
    /// `bin/slipway` that prints `reports`, and its `.sha256` (or `sha256` in its place); returns the asset's name.
    @discardableResult
    func publish(_ version: String, reports: String? = nil, sha256: String? = nil) throws -> String {
        let asset = "slipway-\(version)-\(try Self.platform()).tar.gz"
        let script = """
            set -eu
            stage="$0/stage/slipway-$1" release="$0/releases/v$1"
            mkdir -p "$stage/bin" "$release"
            printf '#!/bin/sh\\necho %s\\n' "$2" >"$stage/bin/slipway"
            chmod 755 "$stage/bin/slipway"
            tar -C "$0/stage" -czf "$release/$3" "slipway-$1"
            rm -rf "$0/stage"
            cd "$release"
            if [ -n "$4" ]; then printf '%s  %s\\n' "$4" "$3" >"$3.sha256"; else shasum -a 256 "$3" >"$3.sha256"; fi
            """
        let result = try runProcess(
            "/bin/sh", ["-c", script, folder.path, version, reports ?? version, asset, sha256 ?? ""])
        #expect(result.status == 0, "\(result.stderr)")
        return asset
    }

    func release(_ ref: String) throws -> ProcessResult {
        try step(
            "release",
            [
                "ACTION_REF": ref, "ACTION_REPOSITORY": "example/slipway", "RUNNER_TOOL_CACHE": tools.path,
                "SLIPWAY_RELEASE_BASE_URL": releases.absoluteString,
            ])
    }

    @Test("release: a version tag's binary is downloaded, checked against its sha256, unpacked and put on PATH")
    func releaseByTag() throws {
        try publish("9.8.7")
        let result = try release("v9.8.7")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try outputs()["installed"] == "true")
        let prefix = tools.appendingPathComponent("slipway/v9.8.7")
        #expect(try outputs()["prefix"] == prefix.path)
        #expect(result.stdout.contains("slipway 9.8.7 from file://"), "\(result.stdout)")
        let path = try step("path", ["PREFIX": prefix.path])
        #expect(path.status == 0, "\(path.stderr)")
        #expect(try outputs()["version"] == "9.8.7")
        #expect(try outputs()["path"] == prefix.appendingPathComponent("bin/slipway").path)
    }

    @Test("release: an asset that does not match its published sha256 fails the step and installs nothing")
    func releaseChecksumMismatch() throws {
        let asset = try publish("9.8.7", sha256: String(repeating: "0", count: 64))
        let result = try release("v9.8.7")
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("::error::\(asset) has sha256 ")
                && result.stdout.contains("but \(asset).sha256 says \(String(repeating: "0", count: 64))"),
            "\(result.stdout)")
        let binary = tools.appendingPathComponent("slipway/v9.8.7/bin/slipway")
        #expect(!FileManager.default.fileExists(atPath: binary.path))
        #expect(try outputs()["installed"] == nil)
    }

    @Test("release: an asset holding another version than its tag fails the step")
    func releaseWrongVersion() throws {
        let asset = try publish("9.8.7", reports: "9.8.6")
        let result = try release("v9.8.7")
        #expect(result.status == 1)
        #expect(result.stdout.contains("::error::\(asset) holds slipway 9.8.6, not 9.8.7"), "\(result.stdout)")
    }

    @Test("release: no release, no asset for this platform, or a branch ref leave installed=false for a source build")
    func releaseMissing() throws {
        let none = try release("v9.8.7")
        #expect(none.status == 0, "\(none.stderr)")
        #expect(try outputs()["installed"] == "false")
        #expect(none.stdout.contains("Release v9.8.7 has no slipway-9.8.7-"), "\(none.stdout)")
        // The macOS and Linux assets of another platform are no use here.
        let other = try publish("9.8.7")
        try FileManager.default.moveItem(
            at: releases.appendingPathComponent("v9.8.7/\(other).sha256"),
            to: releases.appendingPathComponent("v9.8.7/slipway-9.8.7-other.tar.gz.sha256"))
        #expect(try release("v9.8.7").status == 0)
        #expect(try outputs()["installed"] == "false")
        let branch = try release("main")
        #expect(branch.status == 0)
        #expect(branch.stdout.contains("neither a version tag nor a commit"), "\(branch.stdout)")
        #expect(try outputs()["installed"] == "false")
        #expect(!FileManager.default.fileExists(atPath: tools.appendingPathComponent("slipway/main").path))
    }

    @Test("release: a commit ref gets the release of its Slipway.version only when its sources are that release's")
    func releaseByCommit() throws {
        let commit = String(repeating: "a1", count: 20)
        try publish(Slipway.version)
        let sources = releases.appendingPathComponent("v\(Slipway.version)/slipway-\(Slipway.version)-sources.sha256")
        // No sources digest published: the commit cannot be matched to the release.
        #expect(try release(commit).status == 0)
        #expect(try outputs()["installed"] == "false")
        try Data("\(String(repeating: "f", count: 64))\n".utf8).write(to: sources)
        let other = try release(commit)
        #expect(other.stdout.contains("does not hold the sources of release v\(Slipway.version)"), "\(other.stdout)")
        #expect(try outputs()["installed"] == "false")
        // The digest the release workflow publishes (`github-action.sh sources`) of these very sources.
        let digest = try step("sources", [:])
        #expect(digest.stdout.range(of: "^[0-9a-f]{64}\n$", options: .regularExpression) != nil, "\(digest.stdout)")
        try Data(digest.stdout.utf8).write(to: sources)
        let same = try release(commit)
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(try outputs()["installed"] == "true")
        let binary = tools.appendingPathComponent("slipway/\(commit)/bin/slipway")
        #expect(try runProcess(binary.path, ["--version"]).stdout == Slipway.version + "\n")
    }
}
