import Foundation
import Testing

@Suite("slipway hooks install: where hooks go, managers, status, actions and usage")
struct HooksPlacementTests {
    func makeRepository() throws -> TestRepository {
        try TestRepository.withInitialCommit()
    }

    @Test("core.hooksPath from the global config (every repository's hooks) is refused with exit 2 unless --force")
    func globalHooksPath() throws {
        let repository = try makeRepository()
        let shared = repository.home.url.appendingPathComponent("global-hooks")
        try repository.git(["config", "--global", "core.hooksPath", shared.path])
        let refused = try repository.slipway("hooks", "install")
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "Error: core.hooksPath is set in the global git config (~/.gitconfig), so \(shared.path) holds the hooks of every repository"
            ), "\(refused.stderr)")
        #expect(refused.stderr.contains("git config --local core.hooksPath "))
        #expect(refused.stderr.contains("--force"))
        #expect(!fileExists(shared))
        #expect(try repository.configValue("slipway.path") == nil)
        #expect(
            try repository.slipway("hooks", "status").stdout.contains(
                "from the global git config (~/.gitconfig), shared by other repositories"))

        // The repository's own setting wins over the global one, and installing there is fine.
        try repository.git(["config", "--local", "core.hooksPath", ".git/hooks"])
        let local = try repository.slipway("hooks", "install")
        #expect(local.status == 0, "\(local.stderr)")
        #expect(fileExists(repository.hooksFolder.appendingPathComponent("post-commit")))
        #expect(try repository.slipway("hooks", "uninstall").status == 0)
        try repository.git(["config", "--local", "--unset", "core.hooksPath"])

        let forced = try repository.slipway("hooks", "install", "--force")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(fileExists(shared.appendingPathComponent("post-commit")))
    }

    @Test("uninstall leaves alone a hook someone put in place of Slipway's, and keeps the earlier one beside it")
    func replacedAfterInstall() throws {
        let repository = try makeRepository()
        try repository.writeExecutable(
            repository.hooksFolder.appendingPathComponent("post-commit"), "#!/bin/sh\necho first\n")
        #expect(try repository.slipway("hooks", "install").status == 0)
        let newer = "#!/bin/sh\necho someone else\n"
        try repository.writeExecutable(repository.hooksFolder.appendingPathComponent("post-commit"), newer)
        let result = try repository.slipway("hooks", "uninstall")
        #expect(result.status == 0)
        #expect(result.stdout.contains("left alone"))
        #expect(contents(repository.hooksFolder.appendingPathComponent("post-commit")) == newer)
        #expect(
            contents(repository.hooksFolder.appendingPathComponent("post-commit.pre-slipway"))
                == "#!/bin/sh\necho first\n")
        #expect(
            try repository.slipway("hooks", "install").status == 2,
            "chaining over a leftover .pre-slipway must be refused")
    }

    @Test("a hook that is a symbolic link is kept as the link and restored as the link")
    func symlinkHook() throws {
        let repository = try makeRepository()
        try repository.writeExecutable(
            repository.url.appendingPathComponent("tools/post-commit"), "#!/bin/sh\nexit 0\n")
        try FileManager.default.createSymbolicLink(
            atPath: repository.hooksFolder.appendingPathComponent("post-commit").path,
            withDestinationPath: "../../tools/post-commit")
        let before = try FileSnapshot.folder(repository.hooksFolder)
        #expect(try repository.slipway("hooks", "install").status == 0)
        let kept = try FileManager.default.destinationOfSymbolicLink(
            atPath: repository.hooksFolder.appendingPathComponent("post-commit.pre-slipway").path)
        #expect(kept == "../../tools/post-commit")
        #expect(try repository.slipway("hooks", "uninstall").status == 0)
        #expect(try FileSnapshot.folder(repository.hooksFolder) == before)
    }

    @Test("a core.hooksPath folder the repository tracks is never edited: exit 2 with the lines to add, tree clean")
    func trackedHooksFolder() throws {
        let repository = try makeRepository()
        try repository.writeExecutable(
            repository.url.appendingPathComponent(".githooks/pre-commit"), "#!/bin/sh\nexit 0\n")
        try repository.git(["add", ".githooks"])
        _ = try repository.commit("Share the hooks")
        try repository.git(["config", "core.hooksPath", ".githooks"])
        let before = try FileSnapshot.folder(repository.url.appendingPathComponent(".githooks"))
        let refused = try repository.slipway("hooks", "install")
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("the hooks folder .githooks is part of the repository"), "\(refused.stderr)")
        #expect(refused.stderr.contains("the repository tracks .githooks/pre-commit"))
        #expect(refused.stderr.contains(".githooks/post-commit:  slipway hook post-commit\n"))
        #expect(refused.stderr.contains(".githooks/pre-push:  slipway hook pre-push \"$@\"\n"))
        #expect(try FileSnapshot.folder(repository.url.appendingPathComponent(".githooks")) == before)
        #expect(try repository.git(["status", "--porcelain"]).isEmpty)
        #expect(try repository.configValue("slipway.path") == nil)
    }

    @Test("a core.hooksPath outside the repository is refused with exit 2 unless --force")
    func outsideHooksPath() throws {
        let repository = try makeRepository()
        let outside = repository.home.url.appendingPathComponent("elsewhere/hooks")
        try repository.git(["config", "--local", "core.hooksPath", outside.path])
        let refused = try repository.slipway("hooks", "install")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("outside this repository"), "\(refused.stderr)")
        #expect(refused.stderr.contains("git config --local core.hooksPath "))
        #expect(!fileExists(outside))
        let forced = try repository.slipway("hooks", "install", "--force")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(fileExists(outside.appendingPathComponent("post-commit")))
    }

    @Test("core.hooksPath is honoured, relative to the working tree; a folder install made is removed on uninstall")
    func hooksPath() throws {
        let repository = try makeRepository()
        try repository.git(["config", "core.hooksPath", "tools/githooks"])
        let folder = repository.url.appendingPathComponent("tools/githooks")
        let result = try repository.slipway("hooks", "install")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("in tools/githooks"))
        #expect(
            Array(try Data(contentsOf: folder.appendingPathComponent("post-commit")))
                == (try SourceTree.bytes("hooks/post-commit")))
        #expect(!fileExists(repository.hooksFolder.appendingPathComponent("post-commit")))

        try repository.write("Shared/Model.swift", "struct Model {}\n")
        let commit = try repository.commitWithHooks("Add the shared model")
        #expect(
            commit.stderr.contains("slipway: MAJOR CHANGE"), "the hook in core.hooksPath did not run: \(commit.stderr)")

        #expect(try repository.slipway("hooks", "uninstall").status == 0)
        #expect(
            !fileExists(repository.url.appendingPathComponent("tools")), "the folders install created are still there")
    }

    @Test("in a linked worktree the hooks go to the shared git folder and run for the worktree's commits")
    func linkedWorktree() throws {
        let repository = try makeRepository()
        let worktree = repository.directory.url.appendingPathComponent("feature-tree")
        try repository.git(["worktree", "add", "-q", "-b", "feature", worktree.path])
        let result = try SlipwayBinary.run(["hooks", "install"], in: worktree, environment: repository.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(fileExists(repository.hooksFolder.appendingPathComponent("post-commit")))
        #expect(!fileExists(repository.gitFolder.appendingPathComponent("worktrees/feature-tree/hooks")))

        try Data("struct Feature {}\n".utf8).write(to: worktree.appendingPathComponent("Feature.swift"))
        let commit = try repository.commitWithHooks("Feature [deploy]", in: worktree)
        #expect(commit.stderr.contains("slipway: MAJOR CHANGE"), "\(commit.stderr)")
        let status = try SlipwayBinary.run(["hooks", "status"], in: worktree, environment: repository.environment)
        #expect(status.status == 0)
        #expect(status.stdout.contains("post-commit   installed"))
    }

    @Test(
        "another hook manager: print the line for its configuration, exit 2, write nothing; --force installs",
        arguments: [
            ("husky", ".husky/post-commit", "slipway hook post-commit"),
            ("lefthook", "lefthook.yml", "post-commit: {commands: {slipway: {run: slipway hook post-commit}}}"),
            (
                "pre-commit", ".pre-commit-config.yaml",
                "entry: slipway hook post-commit, language: system, stages: [post-commit]"
            ),
        ])
    func hookManagers(manager: String, place: String, line: String) throws {
        let repository = try makeRepository()
        switch manager {
        case "husky":
            try repository.write(".husky/_/husky.sh", "# husky\n")
            try repository.git(["config", "core.hooksPath", ".husky/_"])
        case "lefthook":
            try repository.write("lefthook.yml", "pre-commit:\n  commands: {}\n")
        default:
            try repository.write(".pre-commit-config.yaml", "repos: []\n")
        }
        let folder = try FileSnapshot.folder(
            URL(
                fileURLWithPath: try repository.git(["rev-parse", "--path-format=absolute", "--git-path", "hooks"])
                    .trimmingCharacters(in: .whitespacesAndNewlines)))
        let config = try Data(contentsOf: repository.gitFolder.appendingPathComponent("config"))

        let refused = try repository.slipway("hooks", "install")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("managed by \(manager)"))
        #expect(refused.stderr.contains("add this line to \(place)"))
        #expect(refused.stderr.contains(line), "\(refused.stderr)")
        #expect(refused.stderr.contains("--force"))
        #expect(
            try FileSnapshot.folder(
                URL(
                    fileURLWithPath: try repository.git(["rev-parse", "--path-format=absolute", "--git-path", "hooks"])
                        .trimmingCharacters(in: .whitespacesAndNewlines))) == folder)
        #expect(try Data(contentsOf: repository.gitFolder.appendingPathComponent("config")) == config)

        let forced = try repository.slipway("hooks", "install", "--force")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.contains("Installed"))
    }

    @Test("status: exit 1 before install, 0 after, and names a binary that has gone")
    func status() throws {
        let repository = try makeRepository()
        let before = try repository.slipway("hooks", "status")
        #expect(before.status == 1)
        #expect(before.stdout.contains("post-commit   not installed"))
        #expect(try repository.slipway("hooks", "install", "--action", "push").status == 0)
        let after = try repository.slipway("hooks", "status")
        #expect(after.status == 0)
        #expect(after.stdout.contains("post-commit   installed"))
        #expect(after.stdout.contains("push on a major change (git config slipway.hookAction)"))

        try repository.git(["config", "slipway.path", "/nonexistent/slipway"])
        let gone = try repository.slipway("hooks", "status")
        #expect(gone.status == 1)
        #expect(gone.stdout.contains("/nonexistent/slipway is missing"))
    }

    @Test("the action comes from --action, else .slipway.yml hooks.action, else notify; a bad value is a usage error")
    func actionSources() throws {
        let repository = try makeRepository()
        #expect(try repository.slipway("hooks", "install").stdout.contains("notify on a major change (default)"))
        try repository.write(".slipway.yml", "hooks:\n  action: release\n")
        #expect(
            try repository.slipway("hooks", "status").stdout.contains(
                "release on a major change (.slipway.yml hooks.action)"))
        #expect(
            try repository.slipway("hooks", "install", "--action", "push").stdout.contains(
                "push on a major change (git config slipway.hookAction)"))
        let bad = try repository.slipway("hooks", "install", "--action", "deploy")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--action must be one of notify, push, release"))
        try repository.write(".slipway.yml", "hooks:\n  acton: push\n")
        let typo = try repository.slipway("hooks", "status")
        #expect(typo.status == 2)
        #expect(typo.stderr.contains(".slipway.yml:2:3"))
        #expect(typo.stderr.contains("did you mean 'action'"))
    }

    @Test("a bare repository is refused with a reason")
    func bare() throws {
        let repository = try TestRepository(bare: true)
        let result = try repository.slipway("hooks", "install")
        #expect(result.status == 2)
        #expect(result.stderr.contains("bare"))
    }

    @Test(
        "help for the nested commands works both ways",
        arguments: [
            ["help", "hooks", "install"], ["hooks", "install", "--help"], ["hooks", "--help"],
            ["help", "hook", "pre-push"],
            ["ci", "install", "-h"], ["help", "ci"],
        ])
    func help(arguments: [String]) throws {
        let home = TemporaryDirectory("slipway-home")
        let result = try SlipwayBinary.run(arguments, in: home.url, environment: isolatedEnvironment(home: home.url))
        #expect(result.status == 0)
        #expect(result.stdout.contains("OVERVIEW:"))
        #expect(
            result.stdout.contains(
                "USAGE: slipway \(arguments.filter { !$0.hasPrefix("-") && $0 != "help" }.joined(separator: " "))"))
    }

    @Test(
        "a group without its subcommand is a usage error like any other",
        arguments: [
            (["hooks"], "install, uninstall, status"), (["ci"], "install"),
            (["hook"], "post-commit, pre-push, run-action"),
        ])
    func missingSubcommand(arguments: [String], names: String) throws {
        let home = TemporaryDirectory("slipway-home")
        let result = try SlipwayBinary.run(arguments, in: home.url, environment: isolatedEnvironment(home: home.url))
        let group = arguments.joined(separator: " ")
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix("Error: missing subcommand of '\(group)': one of \(names)\n"), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: slipway \(group) <subcommand>\n"))
        #expect(result.stderr.contains("See 'slipway \(group) --help'"))
    }

    @Test("an unknown subcommand is a usage error naming the group")
    func unknownSubcommand() throws {
        let home = TemporaryDirectory("slipway-home")
        let result = try SlipwayBinary.run(
            ["hooks", "instal"], in: home.url, environment: isolatedEnvironment(home: home.url))
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown subcommand 'instal' of 'hooks'"))
        #expect(result.stderr.contains("See 'slipway hooks --help'"))
    }
}
