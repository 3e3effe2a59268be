import Foundation
import Testing

@Suite("--dry-run of hooks install, hooks uninstall and ci install")
struct HooksDryRunTests {
    func makeRepository() throws -> TestRepository {
        let repository = try TestRepository()
        try repository.write("README.md", "hello\n")
        try repository.commit("Initial commit")
        return repository
    }

    /// The lines between the plan's header and "Afterwards:".
    func plannedChanges(_ output: String) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Array(lines.dropFirst().prefix { $0 != "Afterwards:" && !$0.hasPrefix("Dry run:") })
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Runs `arguments` and checks it changed nothing: the hooks folder, .git/config and the working tree.
    func dryRun(_ repository: TestRepository, _ arguments: String...) throws -> ProcessResult {
        let hooks = try FileSnapshot.folder(repository.hooksFolder)
        let config = try repository.configBytes
        let tree = try DiskState.capture(repository)
        let result = try repository.slipway(arguments: arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("Dry run: nothing was changed.\n"), "\(result.stdout)")
        #expect(try FileSnapshot.folder(repository.hooksFolder) == hooks, "the dry run changed the hooks folder")
        #expect(try repository.configBytes == config, "the dry run changed .git/config")
        #expect(try DiskState.capture(repository) == tree)
        return result
    }

    @Test("hooks install --dry-run prints each change in order and what the report would say; writes nothing")
    func install() throws {
        let repository = try makeRepository()
        try repository.writeExecutable(repository.hooksFolder.appendingPathComponent("post-commit"), "#!/bin/sh\n")
        let result = try dryRun(repository, "hooks", "install", "--dry-run", "--action", "push")
        #expect(result.stdout.hasPrefix("Plan for 'slipway hooks install --action push' in .git/hooks (dry run):\n"))
        #expect(
            plannedChanges(result.stdout) == [
                "set git config slipway.path \(SlipwayBinary.path)",
                "set git config slipway.hookAction push",
                "keep the existing hook as .git/hooks/post-commit.pre-slipway",
                "write .git/hooks/post-commit (executable)",
                "write .git/hooks/pre-push (executable)",
            ], "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "Afterwards:\n  post-commit   installed; the hook that was there is kept as "
                    + "post-commit.pre-slipway and runs first\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  after commit  push on a major change (git config slipway.hookAction)\n"))

        #expect(try repository.slipway("hooks", "install").status == 0)
        let again = try dryRun(repository, "hooks", "install", "--dry-run")
        #expect(plannedChanges(again.stdout) == ["nothing to change"], "\(again.stdout)")
    }

    @Test("hooks install --dry-run still refuses what install refuses")
    func refusals() throws {
        let repository = try makeRepository()
        try repository.write("lefthook.yml", "pre-commit:\n  commands: {}\n")
        let result = try repository.slipway("hooks", "install", "--dry-run")
        #expect(result.status == 2)
        #expect(result.stderr.contains("managed by lefthook"), "\(result.stderr)")
    }

    @Test("hooks install --dry-run with core.hooksPath plans the folder it would create, and creates none")
    func createsFolder() throws {
        let repository = try makeRepository()
        try repository.git(["config", "core.hooksPath", "tools/hooks"])
        let result = try dryRun(repository, "hooks", "install", "--dry-run")
        #expect(
            Array(plannedChanges(result.stdout).prefix(2)) == [
                "create the folder tools/hooks",
                "set git config slipway.createdHooksFolder \(repository.url.appendingPathComponent("tools").path)",
            ], "\(result.stdout)")
        #expect(!fileExists(repository.url.appendingPathComponent("tools")))
    }

    @Test("hooks uninstall --dry-run lists the removals and the hook it would put back; removes nothing")
    func uninstall() throws {
        let repository = try makeRepository()
        try repository.writeExecutable(repository.hooksFolder.appendingPathComponent("pre-push"), "#!/bin/sh\n")
        #expect(try repository.slipway("hooks", "install").status == 0)
        let result = try dryRun(repository, "hooks", "uninstall", "--dry-run")
        #expect(
            plannedChanges(result.stdout) == [
                "remove .git/hooks/post-commit",
                "remove .git/hooks/pre-push",
                "put the earlier hook back: rename .git/hooks/pre-push.pre-slipway to .git/hooks/pre-push",
                "unset git config slipway.path (it is \(SlipwayBinary.path) now)",
                "drop the [slipway] header from .git/config if no entry is left under it",
            ], "\(result.stdout)")
        #expect(result.stdout.contains("  pre-push      removed; the hook that was there before is back\n"))
        #expect(try repository.slipway("hooks", "uninstall").stdout.contains("Removed Slipway's git hooks"))
    }

    @Test("ci install --dry-run lists the folders and files it would write; writes none")
    func ciInstall() throws {
        let repository = try makeRepository()
        let source = CIInstallTests.source
        let result = try dryRun(
            repository, "ci", "install", "github", source[0], source[1], source[2], source[3], "--dry-run")
        #expect(
            result.stdout.hasPrefix(
                "Plan for 'slipway ci install github \(source.joined(separator: " "))' (dry run):\n"),
            "\(result.stdout)")
        #expect(
            plannedChanges(result.stdout) == [
                "create the folder .github/workflows", "write .github/workflows/slipway.yml",
            ], "\(result.stdout)")
        #expect(result.stdout.contains("Afterwards:\n  created    .github/workflows/slipway.yml\n"))
        #expect(!fileExists(repository.url.appendingPathComponent(".github")))
    }

    @Test(
        "--help documents --dry-run", arguments: [["hooks", "install"], ["hooks", "uninstall"], ["ci", "install"]])
    func help(command: [String]) throws {
        let repository = try makeRepository()
        let result = try repository.slipway(arguments: command + ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("[--dry-run]"), "\(result.stdout)")
        #expect(result.stdout.contains("  --dry-run                 Print each "), "\(result.stdout)")
    }
}
