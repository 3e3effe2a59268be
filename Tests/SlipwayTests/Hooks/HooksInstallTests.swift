import Foundation
import Testing

@Suite("slipway hooks install, uninstall and status")
struct HooksInstallTests {
    let hookNames = ["post-commit", "pre-push"]

    func makeRepository() throws -> TestRepository {
        let repository = try TestRepository()
        try repository.write("README.md", "hello\n")
        try repository.commit("Initial commit")
        return repository
    }

    @Test("install writes hooks/ byte for byte, executable, and records the absolute slipway path")
    func installs() throws {
        let repository = try makeRepository()
        let result = try repository.slipway("hooks", "install")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Installed Slipway's git hooks in .git/hooks"))
        for name in hookNames {
            let installed = repository.hooksFolder.appendingPathComponent(name)
            #expect(
                Array(try Data(contentsOf: installed)) == (try SourceTree.bytes("hooks/\(name)")),
                "\(name) differs from hooks/\(name)")
            let mode = try FileManager.default.attributesOfItem(atPath: installed.path)[.posixPermissions] as? Int
            #expect(mode == 0o755)
        }
        let recorded = try repository.configValue("slipway.path")
        #expect(recorded == SlipwayBinary.path)
        #expect(recorded?.hasPrefix("/") == true)
    }

    @Test("installing twice changes nothing, and says so")
    func reinstall() throws {
        let repository = try makeRepository()
        #expect(try repository.slipway("hooks", "install", "--action", "push").status == 0)
        let folder = try FileSnapshot.folder(repository.hooksFolder)
        let config = try Data(contentsOf: repository.gitFolder.appendingPathComponent("config"))
        let inodes = try hookNames.map {
            try FileManager.default.attributesOfItem(atPath: repository.hooksFolder.appendingPathComponent($0).path)[
                .systemFileNumber] as? Int
        }

        let again = try repository.slipway("hooks", "install", "--action", "push")
        #expect(again.status == 0)
        #expect(again.stdout.contains("already installed"))
        #expect(again.stdout.contains("nothing changed"))
        #expect(try FileSnapshot.folder(repository.hooksFolder) == folder)
        #expect(try Data(contentsOf: repository.gitFolder.appendingPathComponent("config")) == config)
        let inodesAfter = try hookNames.map {
            try FileManager.default.attributesOfItem(atPath: repository.hooksFolder.appendingPathComponent($0).path)[
                .systemFileNumber] as? Int
        }
        #expect(inodesAfter == inodes, "the hooks were rewritten")
    }

    @Test("uninstall with no earlier hook leaves the hooks folder and .git/config exactly as before")
    func uninstallRestoresEmpty() throws {
        let repository = try makeRepository()
        let folder = try FileSnapshot.folder(repository.hooksFolder)
        let config = try Data(contentsOf: repository.gitFolder.appendingPathComponent("config"))
        #expect(try repository.slipway("hooks", "install", "--action", "release").status == 0)
        #expect(try FileSnapshot.folder(repository.hooksFolder) != folder)

        let result = try repository.slipway("hooks", "uninstall")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("post-commit   removed"))
        #expect(try FileSnapshot.folder(repository.hooksFolder) == folder)
        #expect(try Data(contentsOf: repository.gitFolder.appendingPathComponent("config")) == config)
        #expect(try repository.slipway("hooks", "uninstall").stdout.contains("nothing changed"))
    }

    @Test("an existing hook is kept, still runs with git's input, and comes back byte for byte with its mode")
    func chainsExistingHooks() throws {
        let repository = try makeRepository()
        let marker = repository.directory.url.appendingPathComponent("existing-ran")
        let postCommit = "#!/bin/sh\n# the team's own hook\necho post-commit >> '\(marker.path)'\n"
        let prePush = "#!/bin/sh\ncat >> '\(marker.path)'\n"
        try repository.writeExecutable(
            repository.hooksFolder.appendingPathComponent("post-commit"), postCommit, mode: 0o700)
        try repository.writeExecutable(repository.hooksFolder.appendingPathComponent("pre-push"), prePush, mode: 0o750)
        let before = try FileSnapshot.folder(repository.hooksFolder)

        let install = try repository.slipway("hooks", "install")
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("kept as post-commit.pre-slipway"))
        let chained = repository.hooksFolder.appendingPathComponent("post-commit.pre-slipway")
        #expect(contents(chained) == postCommit)
        #expect(try FileManager.default.attributesOfItem(atPath: chained.path)[.posixPermissions] as? Int == 0o700)

        // Installing again neither chains Slipway's own hook nor touches the kept one.
        #expect(try repository.slipway("hooks", "install").stdout.contains("nothing changed"))
        #expect(contents(chained) == postCommit)

        try repository.write("notes.txt", "one\n")
        let commit = try repository.commitWithHooks("A note", extraEnvironment: ["SLIPWAY_HOOK_VERBOSE": "1"])
        #expect(contents(marker) == "post-commit\n", "the existing post-commit hook did not run")
        #expect(
            commit.stderr.contains("slipway: post-commit hook skipped"),
            "Slipway's hook did not run after it: \(commit.stderr)")

        let remote = try TestRepository(bare: true)
        try repository.git(["remote", "add", "origin", remote.path])
        let push = try repository.gitResult(["push", "-q", "origin", "main"])
        #expect(push.status == 0, "\(push.stderr)")
        let head = try repository.head()
        #expect(
            contents(marker).contains(
                "refs/heads/main \(head) refs/heads/main 0000000000000000000000000000000000000000\n"),
            "the existing pre-push hook did not get git's lines: \(contents(marker))")

        let uninstall = try repository.slipway("hooks", "uninstall")
        #expect(uninstall.status == 0)
        #expect(uninstall.stdout.contains("the hook that was there before is back"))
        #expect(try FileSnapshot.folder(repository.hooksFolder) == before)
    }

    @Test("a failing existing pre-push hook still stops the push")
    func chainedPrePushVerdictCounts() throws {
        let repository = try makeRepository()
        try repository.writeExecutable(
            repository.hooksFolder.appendingPathComponent("pre-push"),
            "#!/bin/sh\necho 'team rule says no' >&2\nexit 3\n")
        #expect(try repository.slipway("hooks", "install").status == 0)
        let remote = try TestRepository(bare: true)
        try repository.git(["remote", "add", "origin", remote.path])
        let push = try repository.gitResult(["push", "origin", "main"])
        #expect(push.status != 0)
        #expect(push.stderr.contains("team rule says no"))
        #expect(try remote.gitResult(["rev-parse", "--verify", "-q", "refs/heads/main"], in: remote.url).status != 0)
    }

    /// A script an earlier Slipway shipped, byte for byte (`Tests/Fixtures/EarlierHooks/<name>`).
    func earlierScript(_ name: String) throws -> String {
        try String(
            contentsOf: SourceTree.root.appendingPathComponent("Tests/Fixtures/EarlierHooks/\(name)"), encoding: .utf8)
    }

    @Test("a hook an earlier Slipway shipped is updated in place, not chained, and uninstall removes it")
    func updatesOlderScript() throws {
        let repository = try makeRepository()
        for name in hookNames {
            try repository.writeExecutable(repository.hooksFolder.appendingPathComponent(name), try earlierScript(name))
        }
        let result = try repository.slipway("hooks", "install")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("post-commit   updated to this version"), "\(result.stdout)")
        #expect(result.stdout.contains("pre-push      updated to this version"), "\(result.stdout)")
        #expect(!fileExists(repository.hooksFolder.appendingPathComponent("post-commit.pre-slipway")))
        #expect(
            Array(try Data(contentsOf: repository.hooksFolder.appendingPathComponent("post-commit")))
                == (try SourceTree.bytes("hooks/post-commit")))

        try repository.writeExecutable(
            repository.hooksFolder.appendingPathComponent("pre-push"), try earlierScript("pre-push"))
        #expect(try repository.slipway("hooks", "uninstall").status == 0)
        #expect(
            !fileExists(repository.hooksFolder.appendingPathComponent("pre-push")),
            "an earlier shipped version is Slipway's to remove")
    }

    @Test(
        "a Slipway hook the user edited is kept: install refuses (exit 2) unless --force, uninstall keeps it and says so"
    )
    func editedHook() throws {
        let repository = try makeRepository()
        #expect(try repository.slipway("hooks", "install").status == 0)
        let hook = repository.hooksFolder.appendingPathComponent("post-commit")
        let edited = contents(hook).replacingOccurrences(
            of: "\"$slipway\" hook post-commit \"$@\"\n",
            with: "\"$slipway\" hook post-commit \"$@\"\necho 'my own step'\n")
        #expect(edited != contents(hook))
        try repository.writeExecutable(hook, edited)
        let before = try FileSnapshot.folder(repository.hooksFolder)

        let status = try repository.slipway("hooks", "status")
        #expect(status.status == 1)
        #expect(
            status.stdout.contains("post-commit   Slipway's hook with changes made after installing"),
            "\(status.stdout)")

        let refused = try repository.slipway("hooks", "install")
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "Error: .git/hooks/post-commit is Slipway's hook with changes made after installing; nothing was written"
            ), "\(refused.stderr)")
        #expect(refused.stderr.contains("--force"))
        #expect(try FileSnapshot.folder(repository.hooksFolder) == before)

        let uninstall = try repository.slipway("hooks", "uninstall")
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(
            uninstall.stdout.contains("post-commit   kept: it is Slipway's hook with changes made after installing"),
            "\(uninstall.stdout)")
        #expect(uninstall.stdout.contains("pre-push      removed"))
        #expect(uninstall.stderr.contains("warning: kept .git/hooks/post-commit"))
        #expect(contents(hook) == edited)

        let forced = try repository.slipway("hooks", "install", "--force")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(
            forced.stdout.contains("post-commit   replaced the edited copy with this version (--force)"),
            "\(forced.stdout)")
        #expect(Array(try Data(contentsOf: hook)) == (try SourceTree.bytes("hooks/post-commit")))
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
