import Foundation

/// A real git repository in a temporary folder, built with the git CLI and isolated from the host's git config.
final class TestRepository {
    let directory: TemporaryDirectory
    let home: TemporaryDirectory
    /// The working tree.
    var url: URL { directory.url.appendingPathComponent("repo", isDirectory: true) }
    var path: String { url.path }
    var environment: [String: String] { isolatedEnvironment(home: home.url) }

    init(initialize: Bool = true, bare: Bool = false) throws {
        directory = TemporaryDirectory("slipway-repo")
        home = TemporaryDirectory("slipway-home")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let config = """
            [user]
            \tname = Test User
            \temail = test@example.com
            [init]
            \tdefaultBranch = main
            [commit]
            \tgpgsign = false
            [tag]
            \tgpgsign = false
            [core]
            \tautocrlf = false

            """
        try config.write(to: home.url.appendingPathComponent(".gitconfig"), atomically: true, encoding: .utf8)
        if initialize {
            try git(bare ? ["init", "-q", "--bare"] : ["init", "-q"])
        }
    }

    /// Runs git in the working tree; throws with git's stderr when it fails.
    @discardableResult
    func git(_ arguments: [String], in directory: URL? = nil, input: String? = nil) throws -> String {
        let result = try runProcess(
            "/usr/bin/env", ["git"] + arguments, in: directory ?? url, environment: environment, input: input)
        guard result.status == 0 else {
            throw TestFailure("git \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr)")
        }
        return result.stdout
    }

    /// Writes a file (creating folders), relative to the working tree.
    func write(_ relativePath: String, _ content: String = "// content\n") throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: file)
    }

    func remove(_ relativePath: String) throws {
        try git(["rm", "-q", "-r", "--", relativePath])
    }

    func move(_ from: String, _ to: String) throws {
        let target = url.appendingPathComponent(to).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try git(["mv", from, to])
    }

    /// Stages everything and commits; returns the new commit's sha.
    @discardableResult
    func commit(_ message: String, allowEmpty: Bool = false) throws -> String {
        try git(["add", "-A"])
        try git(["commit", "-q", "-F", "-"] + (allowEmpty ? ["--allow-empty"] : []), input: message)
        return try head()
    }

    func head() throws -> String {
        try rev("HEAD")
    }

    func rev(_ revision: String) throws -> String {
        try git(["rev-parse", "--verify", revision + "^{commit}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func read(_ relativePath: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(relativePath), encoding: .utf8)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
