import Foundation
import SlipwayCore
import SlipwayHooks
import Testing

@Suite("ci install --source/--ref: where CI gets Slipway")
struct CISourceTests {
    static let sha = "0123456789abcdef0123456789abcdef01234567"

    func repository() throws -> TestRepository {
        let repository = try TestRepository()
        try repository.write("project.yml", "name: App\n")
        try repository.commit("First")
        return repository
    }

    @Test("without --source the placeholder is refused and nothing is written")
    func placeholderRefused() throws {
        let repository = try repository()
        for target in ["github", "xcode-cloud"] {
            let result = try repository.slipway("ci", "install", target)
            #expect(result.status == 2, "\(target): \(result.stdout)")
            #expect(result.stderr.contains("placeholder source"), "\(result.stderr)")
            #expect(result.stderr.contains("--source"), "the hint says what to pass: \(result.stderr)")
            let dryRun = try repository.slipway("ci", "install", target, "--dry-run")
            #expect(dryRun.status == 2, "a dry run refuses what the command refuses")
        }
        #expect(!FileManager.default.fileExists(atPath: repository.url.appendingPathComponent(".github").path))
        #expect(!FileManager.default.fileExists(atPath: repository.url.appendingPathComponent("ci_scripts").path))
    }

    @Test("github --source writes owner/repo@ref into every Slipway action line, and nothing else changes")
    func githubRendered() throws {
        let repository = try repository()
        let result = try repository.slipway(
            "ci", "install", "github", "--source", "git@github.com:acme/slipway-fork.git", "--ref", Self.sha)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Slipway from git@github.com:acme/slipway-fork.git at \(Self.sha)"))
        #expect(result.stderr.isEmpty, "a full sha needs no note: \(result.stderr)")
        let installed = try repository.read(".github/workflows/slipway.yml")
        #expect(!installed.contains(CISource.placeholderAction))
        let bundled = try #require(BundledFile.named("ci/github/slipway.yml")).contents
        let lines = bundled.components(separatedBy: CISource.placeholderAction).count - 1
        #expect(lines == 4, "detect, build, test and release install Slipway")
        #expect(installed.components(separatedBy: "uses: acme/slipway-fork@\(Self.sha) # slipway-action").count == 5)
        #expect(
            installed.replacingOccurrences(of: "acme/slipway-fork@\(Self.sha)", with: CISource.placeholderAction)
                == bundled)

        // Again, without --source: the installed workflow says where Slipway comes from, so nothing changes.
        let again = try repository.slipway("ci", "install", "github")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("unchanged  .github/workflows/slipway.yml"), "\(again.stdout)")
    }

    @Test("a tag is accepted with a note; a non-GitHub URL, a password or a shell character is refused")
    func githubValidation() throws {
        let repository = try repository()
        let tag = try repository.slipway(
            "ci", "install", "github", "--source", "https://github.com/acme/slipway", "--ref", "v0.2.0", "--dry-run")
        #expect(tag.status == 0, "\(tag.stderr)")
        #expect(tag.stderr.contains("not a full commit sha"), "\(tag.stderr)")
        let refusals: [([String], String)] = [
            (["--source", "https://gitlab.com/acme/slipway.git", "--ref", Self.sha], "not a GitHub repository"),
            (["--source", "https://me:secret@github.com/acme/slipway.git", "--ref", Self.sha], "password"),
            (["--source", "https://github.com/acme/slipway.git;rm", "--ref", Self.sha], "not a git URL"),
            (["--source", "https://github.com/acme/slipway.git", "--ref", "$(id)"], "not a tag, branch or commit"),
            (["--source", "https://github.com/acme/slipway.git", "--ref", "--force"], "not a tag, branch or commit"),
        ]
        for (arguments, message) in refusals {
            let result = try repository.slipway(arguments: ["ci", "install", "github"] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.stdout)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("secret"), "a password is never printed")
        }
        let lone = try repository.slipway("ci", "install", "github", "--source", "https://github.com/a/b.git")
        #expect(lone.status == 64, "--source needs --ref")
        #expect(!FileManager.default.fileExists(atPath: repository.url.appendingPathComponent(".github").path))
    }

    @Test("xcode-cloud --source writes the defaults ci_post_clone.sh builds from; any git URL will do")
    func xcodeCloudRendered() throws {
        let repository = try repository()
        let url = "ssh://git@git.example.com/tools/slipway.git"
        let result = try repository.slipway("ci", "install", "xcode-cloud", "--source", url, "--ref", "v0.3.1")
        #expect(result.status == 0, "\(result.stderr)")
        let script = try repository.read("ci_scripts/ci_post_clone.sh")
        #expect(script.contains("\nSLIPWAY_GIT_URL=${SLIPWAY_GIT_URL:-\(url)}\n"), "\(script)")
        #expect(script.contains("\nSLIPWAY_REF=${SLIPWAY_REF:-v0.3.1}\n"), "\(script)")
        #expect(!script.contains(CISource.placeholderURL))
        let shell = try runProcess(
            "/bin/sh", ["-n", repository.url.appendingPathComponent("ci_scripts/ci_post_clone.sh").path])
        #expect(shell.status == 0, "the rendered script still parses: \(shell.stderr)")
        let again = try repository.slipway("ci", "install", "xcode-cloud")
        #expect(again.status == 0, "the installed script names the source: \(again.stderr)")
        #expect(again.stdout.contains("unchanged  ci_scripts/ci_post_clone.sh"), "\(again.stdout)")
    }
}
