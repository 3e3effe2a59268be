import Foundation
import SlipwayHooks
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("the pre-push hook, run by real git pushes to a local bare remote")
struct PrePushHookTests {
    func makeRepositories(configuration: String? = nil) throws -> (local: TestRepository, remote: TestRepository) {
        let local = try TestRepository()
        try local.write("App/App.swift", "struct App {}\n")
        if let configuration { try local.write(".slipway.yml", configuration) }
        try local.commit("Initial commit")
        try local.git(["tag", "-a", "v1.0.0", "-m", "1.0.0"])
        let install = try local.slipway("hooks", "install")
        guard install.status == 0 else { throw TestFailure("hooks install failed: \(install.stderr)") }
        let remote = try TestRepository(bare: true)
        try local.git(["remote", "add", "origin", remote.path])
        let first = try local.gitResult(["push", "-q", "origin", "main", "v1.0.0"])
        guard first.status == 0 else { throw TestFailure("first push failed: \(first.stderr)") }
        return (local, remote)
    }

    func remoteHead(_ remote: TestRepository, _ branch: String) throws -> String? {
        let result = try remote.gitResult(["rev-parse", "-q", "--verify", "refs/heads/\(branch)"], in: remote.url)
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    @Test("a pushed range with a [deploy] commit is reported as major, an ordinary one as not")
    func reportsEachRange() throws {
        let (local, remote) = try makeRepositories()
        let base = try local.head()
        try local.write("App/App.swift", "struct App { let a = 1 }\n")
        try local.commitWithHooks("Tweak", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        let ordinary = try local.gitResult(["push", "origin", "main"])
        #expect(ordinary.status == 0)
        #expect(
            ordinary.stderr.contains(
                "slipway: main -> origin main: not a major change [1 commit since \(base.prefix(7))]"),
            "\(ordinary.stderr)")

        try local.write("App/Login.swift", "struct Login {}\n")
        try local.commitWithHooks("Login [deploy]", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        try local.write("App/Logout.swift", "struct Logout {}\n")
        try local.commitWithHooks("Logout", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        let major = try local.gitResult(["push", "origin", "main"])
        #expect(major.status == 0, "report mode must never block: \(major.stderr)")
        #expect(
            major.stderr.contains("slipway: main -> origin main: MAJOR CHANGE (bump patch): message tag [deploy]"),
            "\(major.stderr)")
        #expect(major.stderr.contains("[2 commits since "))
        #expect(try remoteHead(remote, "main") == (try local.head()))
    }

    @Test("a new branch is judged since the latest release tag; deleting it is skipped")
    func newBranchAndDeletion() throws {
        let (local, remote) = try makeRepositories()
        try local.write("App/App.swift", "struct App { let b = 2 }\n")
        try local.commitWithHooks("On main after the release", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        try local.git(["checkout", "-q", "-b", "feature"])
        try local.write("Shared/Core.swift", "struct Core {}\n")
        try local.commitWithHooks("Shared core", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        let push = try local.gitResult(["push", "origin", "feature"])
        #expect(push.status == 0, "\(push.stderr)")
        #expect(
            push.stderr.contains(
                "slipway: feature -> origin feature (new branch): MAJOR CHANGE (bump patch): shared code changed: Shared/Core.swift [2 commits since v1.0.0]"
            ), "\(push.stderr)")

        let delete = try local.gitResult(["push", "origin", "--delete", "feature"])
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect(delete.stderr.contains("slipway: origin feature: deleted, nothing to judge"), "\(delete.stderr)")
        #expect(try remoteHead(remote, "feature") == nil)
    }

    @Test("a new branch with no release tag is judged from the root")
    func newBranchWithoutTag() throws {
        let local = try TestRepository()
        try local.write("README.md", "hi\n")
        try local.commit("First")
        #expect(try local.slipway("hooks", "install").status == 0)
        let remote = try TestRepository(bare: true)
        try local.git(["remote", "add", "origin", remote.path])
        let push = try local.gitResult(["push", "origin", "main"])
        #expect(push.status == 0)
        #expect(push.stderr.contains("(new branch): not a major change [1 commit, all of history]"), "\(push.stderr)")
    }

    @Test(
        "hooks.prePush: block refuses an unreleased major change, lets a release through, SLIPWAY_SKIP_HOOK overrides")
    func block() throws {
        let (local, remote) = try makeRepositories(configuration: "hooks:\n  prePush: block\n")
        let before = try remoteHead(remote, "main")
        try local.write("Shared/Core.swift", "struct Core {}\n")
        try local.commitWithHooks("Shared core", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        let refused = try local.gitResult(["push", "origin", "main"])
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains("slipway: refusing to push main: a major change that has not been released"),
            "\(refused.stderr)")
        #expect(try remoteHead(remote, "main") == before)

        try local.write("project.yml", "name: App\n")
        try local.commitWithHooks(
            "Release 1.1.0 (2)\n\nSlipway-Release: 1.1.0+2\n", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        let released = try local.gitResult(["push", "origin", "main"])
        #expect(released.status == 0, "\(released.stderr)")
        #expect(try remoteHead(remote, "main") == (try local.head()))

        try local.write("Shared/More.swift", "struct More {}\n")
        try local.commitWithHooks("More shared", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        #expect(try local.gitResult(["push", "origin", "main"]).status != 0)
        let skipped = try local.gitResult(["push", "origin", "main"], extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        #expect(skipped.status == 0, "\(skipped.stderr)")
    }

    @Test("git's ref lines parse, including deletions; blank and malformed lines are ignored")
    func parse() {
        let zero = String(repeating: "0", count: 40)
        let sha = String(repeating: "a", count: 40)
        let updates = PrePushHook.parse(
            "refs/heads/main \(sha) refs/heads/main \(zero)\n\n(delete) \(zero) refs/heads/old \(sha)\nnonsense\n")
        #expect(
            updates == [
                .init(localRef: "refs/heads/main", localSHA: sha, remoteRef: "refs/heads/main", remoteSHA: zero),
                .init(localRef: "(delete)", localSHA: zero, remoteRef: "refs/heads/old", remoteSHA: sha),
            ])
    }

    @Test("pre-commit's variables stand in for git's lines")
    func preCommitVariables() throws {
        let (local, _) = try makeRepositories()
        try local.write("Shared/Core.swift", "struct Core {}\n")
        try local.commitWithHooks("Shared core", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        let result = try local.slipway(
            arguments: ["hook", "pre-push", "origin"],
            extraEnvironment: [
                "PRE_COMMIT_FROM_REF": try local.rev("HEAD~1"), "PRE_COMMIT_TO_REF": try local.head(),
                "PRE_COMMIT_LOCAL_BRANCH": "refs/heads/main", "PRE_COMMIT_REMOTE_BRANCH": "refs/heads/main",
            ])
        #expect(result.status == 0)
        #expect(result.stderr.contains("slipway: main -> origin main: MAJOR CHANGE"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}

@Suite("Slipway's own failure under the pre-push hook: report mode lets the push go, block mode stops it")
struct PrePushHookFailOpenTests {
    @Test(
        "in report mode a slipway that crashes or fails under the hook lets the push go, with one line saying so",
        arguments: [
            "kill -SEGV $$", "exit 1", "exit 2", "exit 127",
        ])
    func failOpen(body: String) throws {
        let (local, remote) = try PrePushHookTests().makeRepositories()
        let broken = local.directory.url.appendingPathComponent("broken-slipway")
        try Data("#!/bin/sh\ncat >/dev/null\n\(body)\n".utf8).write(to: broken)
        chmod(broken.path, 0o755)
        try local.git(["config", "slipway.path", broken.path])
        try local.write("App/App.swift", "struct App { let b = 2 }\n")
        try local.commitWithHooks("Tweak", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        let push = try local.gitResult(["push", "origin", "main"])
        #expect(push.status == 0, "\(body): \(push.stderr)")
        #expect(push.stderr.contains("slipway: pre-push hook failed (exit status"), "\(body): \(push.stderr)")
        #expect(try PrePushHookTests().remoteHead(remote, "main") == (try local.head()))
    }

    @Test(
        "with hooks.prePush: block a slipway that crashes or fails under the hook stops the push, saying how to push anyway",
        arguments: [
            "kill -SEGV $$", "exit 2", "exit 127",
        ])
    func failClosed(body: String) throws {
        let (local, remote) = try PrePushHookTests().makeRepositories(configuration: "hooks:\n  prePush: block\n")
        let before = try PrePushHookTests().remoteHead(remote, "main")
        let broken = local.directory.url.appendingPathComponent("broken-slipway")
        try Data("#!/bin/sh\ncat >/dev/null\n\(body)\n".utf8).write(to: broken)
        chmod(broken.path, 0o755)
        try local.git(["config", "slipway.path", broken.path])
        try local.write("App/App.swift", "struct App { let b = 2 }\n")
        try local.commitWithHooks("Tweak", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        let push = try local.gitResult(["push", "origin", "main"])
        #expect(push.status != 0, "\(body): \(push.stderr)")
        #expect(
            push.stderr.contains("so the push is stopped; to push anyway: git push --no-verify"),
            "\(body): \(push.stderr)")
        #expect(try PrePushHookTests().remoteHead(remote, "main") == before)
        let bypass = try local.gitResult(["push", "--no-verify", "origin", "main"])
        #expect(bypass.status == 0, "\(bypass.stderr)")
    }

    @Test("with hooks.prePush: block a configuration slipway cannot read stops the push, saying how to push anyway")
    func unreadableConfiguration() throws {
        let (local, remote) = try PrePushHookTests().makeRepositories(configuration: "hooks:\n  prePush: block\n")
        let before = try PrePushHookTests().remoteHead(remote, "main")
        try local.write(".slipway.yml", "hooks:\n  prePush: block\n  unknownKey: 1\n")
        try local.commitWithHooks("Config", extraEnvironment: ["SLIPWAY_SKIP_HOOK": "1"])
        let push = try local.gitResult(["push", "origin", "main"])
        #expect(push.status != 0, "\(push.stderr)")
        #expect(push.stderr.contains("to push anyway: git push --no-verify"), "\(push.stderr)")
        #expect(try PrePushHookTests().remoteHead(remote, "main") == before)
    }
}
