import Foundation
import Testing

/// The hooks find slipway through `slipway.path`. The shell reads it from the repository's config file itself
/// when the file says it plainly, so a commit starts no extra git process; anything that could override it (here
/// `git -c slipway.path=…`, which git passes on in GIT_CONFIG_PARAMETERS) is left to `git config`.
@Suite("hooks: slipway.path read without a git process")
struct HookSlipwayPathTests {
    /// A stand-in for slipway that says how it was called, and a `git` first on PATH that notes each call and
    /// answers `git config --get slipway.path` with `answer`.
    func standIns(in repository: TestRepository, answer: String) throws -> (slipway: URL, path: String, log: URL) {
        let folder = repository.directory.url.appendingPathComponent("stand-ins", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let slipway = folder.appendingPathComponent("slipway")
        try repository.writeExecutable(slipway, "#!/bin/sh\necho \"stand-in slipway: $*\" >&2\n")
        let log = folder.appendingPathComponent("git-calls")
        try repository.writeExecutable(
            folder.appendingPathComponent("git"), "#!/bin/sh\necho \"$*\" >>'\(log.path)'\necho '\(answer)'\n")
        return (slipway, folder.path + ":/usr/bin:/bin", log)
    }

    func runHook(_ repository: TestRepository, path: String, extra: [String: String] = [:]) throws -> ProcessResult {
        var environment = repository.environment
        environment["PATH"] = path
        for (key, value) in extra { environment[key] = value }
        return try runProcess(
            "/bin/sh", [".git/hooks/post-commit"], in: repository.url, environment: environment)
    }

    @Test("the post-commit hook runs the recorded slipway without calling git")
    func readsConfigItself() throws {
        let repository = try TestRepository.withInitialCommit()
        #expect(try repository.slipway("hooks", "install").status == 0)
        let (slipway, path, log) = try standIns(in: repository, answer: "/nonexistent/slipway")
        try repository.git(["config", "slipway.path", slipway.path])

        let result = try runHook(repository, path: path)
        #expect(result.status == 0)
        #expect(result.stderr == "stand-in slipway: hook post-commit --within 5\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: log.path), "git was called: \(contents(log))")
    }

    @Test("a slipway.path that 'git -c' may override is read through git")
    func commandLineOverrideGoesThroughGit() throws {
        let repository = try TestRepository.withInitialCommit()
        #expect(try repository.slipway("hooks", "install").status == 0)
        let (slipway, path, log) = try standIns(in: repository, answer: "")
        try repository.git(["config", "slipway.path", "/nonexistent/slipway"])
        // The stand-in git answers with the overriding path, as the real one would.
        try repository.writeExecutable(
            URL(fileURLWithPath: path.components(separatedBy: ":")[0]).appendingPathComponent("git"),
            "#!/bin/sh\necho \"$*\" >>'\(log.path)'\necho '\(slipway.path)'\n")

        let result = try runHook(
            repository, path: path, extra: ["GIT_CONFIG_PARAMETERS": "'slipway.path'='\(slipway.path)'"])
        #expect(result.status == 0)
        #expect(result.stderr == "stand-in slipway: hook post-commit --within 5\n", "\(result.stderr)")
        #expect(contents(log) == "config --get slipway.path\n")
    }

    func contents(_ file: URL) -> String {
        (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }
}
