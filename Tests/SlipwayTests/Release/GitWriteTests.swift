import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayWorkspace
import Testing

@Suite("git writes: commit, tag, status, remote, push")
struct GitWriteTests {
    static let author = Identity(
        name: "Release Author", email: "ra@example.com",
        date: Date(timeIntervalSince1970: 1_714_564_800), timeZoneOffsetMinutes: 120)
    static let committer = Identity(
        name: "Release Bot", email: "bot@example.com",
        date: Date(timeIntervalSince1970: 1_714_564_860), timeZoneOffsetMinutes: -300)

    func app() throws -> (TestRepository, Repository) {
        let repo = try ReleaseFixture.unreleased()
        return (repo, try Repository(discoveringFrom: repo.url))
    }

    // MARK: Commit

    @Test("commits exactly the given files with a trailer git reads, leaving other staged and modified files alone")
    func commitOnlyGivenFiles() throws {
        let (repo, repository) = try app()
        let parent = try repo.head()
        try repo.write("project.yml", ReleaseFixture.spec(version: "1.3.0", build: "43"))
        try repo.write("Shared/Model.swift", "struct Model { var id = 1 }\n")
        try repo.git(["add", "Shared/Model.swift"])
        try repo.write("iOS/App.swift", "// edited, not staged\n")
        let message = CommitTrailer.append([CommitTrailer("Slipway-Release", "1.3.0+43")], to: "Release 1.3.0 (43)")
        let commit = try repository.commit(
            paths: ["project.yml"], message: message, author: Self.author, committer: Self.committer)

        #expect(try repo.head() == commit.hex)
        #expect(try repo.rev("main") == commit.hex)
        #expect(try repo.git(["rev-parse", "HEAD^"]).trimmingCharacters(in: .whitespacesAndNewlines) == parent)
        #expect(
            try repo.git(["log", "-1", "--format=%(trailers:key=Slipway-Release,valueonly)"]).trimmingCharacters(
                in: .whitespacesAndNewlines) == "1.3.0+43")
        #expect(try repo.git(["log", "-1", "--format=%B"]) == "Release 1.3.0 (43)\n\nSlipway-Release: 1.3.0+43\n\n")
        #expect(
            try repo.git(["log", "-1", "--format=%an|%ae|%at|%ai|%cn|%ce|%ci"])
                == "Release Author|ra@example.com|1714564800|2024-05-01 14:00:00 +0200|Release Bot|bot@example.com|2024-05-01 07:01:00 -0500\n"
        )
        #expect(try repo.git(["show", "--format=", "--name-only", "HEAD"]) == "project.yml\n")
        // The user's other work is exactly as it was: one staged change, one unstaged, the committed file clean.
        #expect(try repo.git(["status", "--porcelain"]) == "M  Shared/Model.swift\n M iOS/App.swift\n")
        #expect(try repo.git(["fsck", "--no-progress"]).isEmpty)
    }

    @Test("a deleted file is committed as a deletion, and an executable keeps its mode")
    func deletionsAndModes() throws {
        let (repo, repository) = try app()
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("iOS/App.swift"))
        try repo.write("scripts/ship.sh", "#!/bin/sh\necho ship\n")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: repo.url.appendingPathComponent("scripts/ship.sh").path)
        try repository.commit(
            paths: ["iOS/App.swift", "scripts/ship.sh"], message: "Release", author: Self.author,
            committer: Self.committer)
        #expect(
            try repo.git(["show", "--format=", "--name-status", "HEAD"]) == "D\tiOS/App.swift\nA\tscripts/ship.sh\n")
        #expect(try repo.git(["ls-tree", "HEAD", "scripts/ship.sh"]).hasPrefix("100755 blob"))
        #expect(try repo.git(["status", "--porcelain"]) == "")
    }

    @Test("committing files that already match HEAD is refused and makes no commit")
    func nothingToCommit() throws {
        let (repo, repository) = try app()
        let head = try repo.head()
        #expect(throws: GitError.nothingToCommit(paths: ["project.yml"])) {
            try repository.commit(
                paths: ["project.yml"], message: "Release", author: Self.author, committer: Self.committer)
        }
        #expect(try repo.head() == head)
    }

    @Test(
        "paths outside the working tree are refused",
        arguments: ["../escape.txt", "/etc/hostname", ".git/config", "Shared/../../x"])
    func invalidPaths(path: String) throws {
        let (repo, repository) = try app()
        let head = try repo.head()
        #expect(throws: GitError.invalidPath(path)) {
            try repository.commit(paths: [path], message: "Release", author: Self.author, committer: Self.committer)
        }
        #expect(try repo.head() == head)
    }

    @Test("the first commit of an empty repository has no parent")
    func unbornBranch() throws {
        let repo = try TestRepository()
        try repo.write("project.yml", "name: App\n")
        let repository = try Repository(discoveringFrom: repo.url)
        let commit = try repository.commit(
            paths: ["project.yml"], message: "Start", author: Self.author, committer: Self.committer)
        #expect(try repo.head() == commit.hex)
        #expect(
            try repo.git(["rev-list", "--parents", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
                == commit.hex)
    }

    @Test("trailers join an existing trailer paragraph and otherwise start their own")
    func trailers() {
        let trailer = [CommitTrailer("Slipway-Release", "1.0.0+1")]
        #expect(CommitTrailer.append(trailer, to: "Release 1.0.0\n") == "Release 1.0.0\n\nSlipway-Release: 1.0.0+1\n")
        #expect(
            CommitTrailer.append(trailer, to: "Release\n\nSigned-off-by: A <a@b>")
                == "Release\n\nSigned-off-by: A <a@b>\nSlipway-Release: 1.0.0+1\n")
        #expect(
            CommitTrailer.append(trailer, to: "Release\n\nBody text: with a colon and spaces")
                == "Release\n\nBody text: with a colon and spaces\n\nSlipway-Release: 1.0.0+1\n")
    }

    // MARK: Identity

    @Test("identity follows git: GIT_* variables, then author.*/committer.*, then user.*")
    func identity() throws {
        let (repo, repository) = try app()
        try repo.git(["config", "user.name", "Config User"])
        try repo.git(["config", "user.email", "user@example.com"])
        try repo.git(["config", "committer.name", "Config Committer"])
        let fromConfig = try repository.identity(.author, environment: [:])
        #expect(fromConfig.name == "Config User")
        #expect(fromConfig.email == "user@example.com")
        #expect(try repository.identity(.committer, environment: [:]).name == "Config Committer")

        let environment = [
            "GIT_AUTHOR_NAME": "Env Author", "GIT_AUTHOR_EMAIL": "env@example.com",
            "GIT_AUTHOR_DATE": "@1714564800 +0200",
        ]
        let fromEnvironment = try repository.identity(.author, environment: environment)
        #expect(
            fromEnvironment
                == Identity(
                    name: "Env Author", email: "env@example.com",
                    date: Date(timeIntervalSince1970: 1_714_564_800), timeZoneOffsetMinutes: 120))
        let iso = try repository.identity(.committer, environment: ["GIT_COMMITTER_DATE": "2024-05-01T14:00:00+02:00"])
        #expect(iso.date == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(iso.timeZoneOffsetMinutes == 120)
        #expect(throws: GitError.invalidDate(variable: "GIT_AUTHOR_DATE", value: "yesterday")) {
            try repository.identity(.author, environment: ["GIT_AUTHOR_DATE": "yesterday"])
        }
    }

    @Test("with no name or email anywhere, identity is an error that says how to set one")
    func identityUnknown() throws {
        let (repo, repository) = try app()
        // Empty values in the repository's own config hide any the machine has, as they do for git.
        for key in ["user.name", "user.email", "author.name", "author.email"] { try repo.git(["config", key, ""]) }
        #expect(throws: GitError.identityUnknown(role: "author")) { try repository.identity(.author, environment: [:]) }
        #expect(GitError.identityUnknown(role: "author").hint?.contains("git config --global user.email") == true)
        #expect(
            try repository.identity(.author, environment: ["GIT_AUTHOR_NAME": "A", "EMAIL": "a@example.com"]).email
                == "a@example.com")
    }

    // MARK: Tag

    @Test("creates an annotated tag with the tagger and message, and refuses to move an existing one")
    func annotatedTag() throws {
        let (repo, repository) = try app()
        let head = try repository.resolveCommit("HEAD")
        try repository.createAnnotatedTag(
            named: "v1.2.0", at: head, message: "Release 1.2.0 (42)", tagger: Self.committer)
        #expect(try repo.git(["cat-file", "-t", "v1.2.0"]) == "tag\n")
        #expect(try repo.rev("v1.2.0") == head.hex)
        #expect(
            try repo.git([
                "for-each-ref", "refs/tags/v1.2.0", "--format=%(taggername)|%(taggeremail)|%(contents:subject)",
            ]) == "Release Bot|<bot@example.com>|Release 1.2.0 (42)\n")
        #expect(repository.hasTag(named: "v1.2.0"))
        #expect(throws: GitError.tagExists("v1.2.0")) {
            try repository.createAnnotatedTag(named: "v1.2.0", at: head, message: "again", tagger: Self.committer)
        }
        #expect(throws: GitError.invalidReferenceName("bad..name")) {
            try repository.createAnnotatedTag(named: "bad..name", at: head, message: "x", tagger: Self.committer)
        }
        try repository.deleteTag(named: "v1.2.0")
        #expect(try repo.git(["tag", "--list", "v1.2.0"]) == "")
    }

    // MARK: Status and state

    @Test("tracked changes count, untracked and ignored files do not")
    func dirtiness() throws {
        let (repo, repository) = try app()
        #expect(try repository.trackedChanges() == [])
        try repo.write(".gitignore", "build/\n")
        try repo.commit("ignore build")
        try repo.write("build/App.ipa", "binary")
        try repo.write("notes.txt", "untracked")
        #expect(try repository.trackedChanges() == [])
        try repo.write("iOS/App.swift", "// changed\n")
        try repo.write("Shared/New.swift", "// staged new file\n")
        try repo.git(["add", "Shared/New.swift"])
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("project.yml"))
        #expect(try repository.trackedChanges() == ["Shared/New.swift", "iOS/App.swift", "project.yml"])
    }

    @Test(
        "an operation in progress is reported with how to finish it",
        arguments: ["merge", "cherry-pick", "revert", "rebase", "bisect"])
    func inProgress(operation: String) throws {
        let (repo, repository) = try app()
        #expect(repository.state == .clean)
        if operation == "bisect" {
            try repo.git(["bisect", "start"])
        } else {
            // Two branches that change the same line, so the operation stops on a conflict.
            try repo.git(["checkout", "-q", "-b", "other"])
            try repo.write("iOS/App.swift", "// other\n")
            try repo.commit("other change")
            try repo.git(["checkout", "-q", "main"])
            try repo.write("iOS/App.swift", "// main\n")
            try repo.commit("main change")
            try repo.write("iOS/App.swift", "// main again\n")
            try repo.commit("main change again")
            let arguments: [String]
            switch operation {
            case "merge": arguments = ["merge", "other"]
            case "cherry-pick": arguments = ["cherry-pick", "other"]
            case "revert": arguments = ["revert", "--no-edit", "HEAD~1"]
            default: arguments = ["rebase", "other"]
            }
            let result = try runProcess(
                "/usr/bin/env", ["git"] + arguments, in: repo.url, environment: repo.environment)
            #expect(result.status != 0, "the \(operation) should stop on a conflict")
        }
        let expected: RepositoryState =
            ["merge": .merge, "cherry-pick": .cherryPick, "revert": .revert, "rebase": .rebase, "bisect": .bisect][
                operation] ?? .clean
        #expect(repository.state == expected)
        #expect(expected.summary.contains(operation == "cherry-pick" ? "cherry-pick" : operation))
        #expect(expected.hint.contains("git \(operation)"))
    }

    // MARK: Remote

    @Test(
        "credentials are stripped from remote URLs",
        arguments: [
            ("https://user:token@github.com/team/app.git", "https://github.com/team/app.git"),
            ("https://ghp_abc123@github.com/team/app.git", "https://github.com/team/app.git"),
            ("http://x-access-token:ghs_1@host:8080/a/b.git?x=1", "http://host:8080/a/b.git"),
            ("https://host/a/b.git?private_token=abc#frag", "https://host/a/b.git"),
            ("ssh://git:hunter2@host.example.com:2222/app.git", "ssh://git@host.example.com:2222/app.git"),
            ("ssh://git@host.example.com/app.git", "ssh://git@host.example.com/app.git"),
            ("git@github.com:team/app.git", "git@github.com:team/app.git"),
            ("https://github.com/team/a@b.git", "https://github.com/team/a@b.git"),
            ("/srv/git/app.git", "/srv/git/app.git"),
            ("file:///srv/git/app.git", "file:///srv/git/app.git"),
        ])
    func redaction(url: String, expected: String) {
        #expect(RemoteURL.redactingCredentials(url) == expected)
    }

    @Test("the push target follows git's order: pushRemote, pushDefault, upstream, origin; URLs without credentials")
    func pushTargetOrder() throws {
        let (repo, repository) = try app()
        #expect(try PushTarget.remote(of: "main", in: repository) == nil)
        try repo.git(["remote", "add", "origin", "https://someone:pw@origin.example.com/app.git"])
        try repo.git(["remote", "add", "fork", "ssh://me:pw@fork.example.com/app.git"])
        try repo.git(["remote", "add", "mirror", "https://mirror.example.com/app.git"])
        #expect(try PushTarget.remote(of: "main", in: repository)?.name == "origin")
        #expect(try repository.remote(named: "origin")?.url == "https://origin.example.com/app.git")
        try repo.git(["config", "branch.main.remote", "."])
        #expect(try PushTarget.remote(of: "main", in: repository)?.name == "origin")
        try repo.git(["config", "branch.main.remote", "fork"])
        #expect(
            try PushTarget.remote(of: "main", in: repository)
                == Remote(name: "fork", url: "ssh://me@fork.example.com/app.git"))
        try repo.git(["config", "remote.pushDefault", "mirror"])
        #expect(try PushTarget.remote(of: "main", in: repository)?.name == "mirror")
        try repo.git(["config", "branch.main.pushRemote", "origin"])
        #expect(try PushTarget.remote(of: "main", in: repository)?.name == "origin")
        try repo.git(["config", "branch.main.pushRemote", "missing"])
        #expect(try PushTarget.remote(of: "main", in: repository) == nil)
        #expect(try repository.remote(named: "missing") == nil)
    }

    @Test("a repository libgit2 refuses for its owner gets git's safe.directory advice")
    func ownershipHint() {
        let error = GitError.library(
            function: "git_repository_open_ext", code: -36,
            detail: "repository path '/srv/app' is not owned by current user")
        #expect(error.hint?.contains("git config --global --add safe.directory") == true)
        #expect(GitError.library(function: "git_tree_lookup", code: -1, detail: "owned").hint == nil)
    }

    @Test("the local config: a value, an unset key, and an unreadable file as an error rather than unset")
    func localConfig() throws {
        let (repo, repository) = try app()
        try repository.setLocalConfig("slipway.hooks", "install")
        #expect(try repository.localConfigValue("slipway.hooks") == "install")
        #expect(try repository.localConfigValue("slipway.missing") == nil)
        #expect(repository.localConfigString("slipway.hooks") == "install")
        try repo.write(".git/config", "[core\n\tbare = false\n")
        #expect(throws: GitError.self) { try repository.localConfigValue("slipway.hooks") }
    }

    // MARK: Push

    @Test("push sends the branch and the tag to the remote with git, to the branch it tracks")
    func push() throws {
        let (repo, repository) = try app()
        let remote = TemporaryDirectory("slipway-remote")
        try repo.git(["init", "-q", "--bare", remote.path])
        try repo.git(["remote", "add", "origin", remote.path])
        try repo.git(["push", "-q", "origin", "main:trunk"])
        try repo.git(["branch", "-q", "--set-upstream-to=origin/trunk", "main"])
        try repo.write("project.yml", ReleaseFixture.spec(version: "1.3.0", build: "43"))
        let commit = try repository.commit(
            paths: ["project.yml"], message: "Release 1.3.0 (43)", author: Self.author, committer: Self.committer)
        try repository.createAnnotatedTag(named: "v1.3.0", at: commit, message: "Release 1.3.0", tagger: Self.committer)

        #expect(
            try repository.pushArguments(branch: "main", tag: "v1.3.0", remote: "origin") == [
                "push", "--atomic", "origin", "refs/heads/main:refs/heads/trunk", "refs/tags/v1.3.0:refs/tags/v1.3.0",
            ])
        try repository.push(branch: "main", tag: "v1.3.0", remote: "origin", environment: repo.environment)
        let remoteRefs = try repo.git(["ls-remote", remote.path])
        #expect(remoteRefs.contains("\(commit.hex)\trefs/heads/trunk"))
        #expect(remoteRefs.contains("\(commit.hex)\trefs/tags/v1.3.0^{}"))
    }

    @Test("a failed push names the command, how git ended and what it said")
    func pushFailure() throws {
        let (repo, repository) = try app()
        do {
            try repository.push(branch: "main", tag: nil, remote: "nowhere", environment: repo.environment)
            Issue.record("the push should fail")
        } catch let error {
            guard case .commandFailed(let command, let status, let output) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(command == "git push --atomic nowhere refs/heads/main:refs/heads/main")
            #expect(status == "exited with code 128")
            #expect(output.contains("nowhere"))
            #expect(error.message.contains("\nlast lines of standard error:\n  | "))
        }
        #expect(throws: GitError.invalidReferenceName("--force")) {
            try repository.pushArguments(branch: "main", tag: nil, remote: "--force")
        }
    }

    @Test("git push runs from the environment's PATH in Slipway's process group, so it can prompt on the terminal")
    func pushProcessGroup() throws {
        let (repo, repository) = try app()
        // A stand-in git that records its arguments and process group, then fails the way git does.
        let bin = repo.home.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let record = repo.home.url.appendingPathComponent("record")
        let script = bin.appendingPathComponent("git")
        try """
        #!/bin/sh
        echo "$*" > "\(record.path)"
        ps -o pgid= -p $$ | tr -d ' ' >> "\(record.path)"
        echo "fatal: pretend failure" >&2
        exit 3

        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        var environment = repo.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")

        #expect(
            throws: GitError.commandFailed(
                command: "git push --atomic origin refs/heads/main:refs/heads/main", status: "exited with code 3",
                output: "fatal: pretend failure")
        ) {
            try repository.push(branch: "main", tag: nil, remote: "origin", environment: environment)
        }
        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "push --atomic origin refs/heads/main:refs/heads/main")
        #expect(lines.last.flatMap { Int32($0) } == getpgrp())
    }
}
