import Foundation
import Testing

/// scripts/github-action.sh, the steps of action.yml, run as the runner runs them: its variables set, outputs read
/// back from the files GITHUB_OUTPUT and GITHUB_PATH name. (Homebrew, apt-get and xcode-select are not run here.)
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
}
