import Foundation
import Testing

@Suite("slipway hooks install, uninstall and status")
struct HooksInstallTests {
    let hookNames = ["post-commit", "pre-push"]

    func makeRepository() throws -> TestRepository {
        try TestRepository.withInitialCommit()
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
            of: "hooks=${0%/*}\n", with: "hooks=${0%/*}\necho 'my own step'\n")
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
}
