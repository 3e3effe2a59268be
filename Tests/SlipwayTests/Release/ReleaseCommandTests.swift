import Foundation
import SlipwayCore
import SlipwayGit
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("release: slipway release end to end, on real repositories with real stages")
struct ReleaseCommandTests {
    let manifestPath = ".slipway/releases/1.3.0+43/manifest.json"

    @Test("a full release: bump, stages with the new versions, one commit with the trailer, an annotated tag, a manifest")
    func fullRelease() throws {
        let repo = try ReleaseRepository.make()
        let source = try repo.head()
        let result = try repo.slipway("release")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").last == "  manifest   \(manifestPath)", "\(result.stdout)")

        // The release commit: the spec alone, on top of the source commit, with the templated message and trailer.
        let head = try repo.head()
        #expect(try repo.rev("HEAD^") == source)
        #expect(try repo.log("%s") == "Release 1.3.0 (43)\n")
        #expect(try repo.log("%(trailers)") == "Slipway-Release: 1.3.0+43\n\n")
        #expect(try repo.log("%an <%ae>|%cn <%ce>") == "Test Author <author@example.com>|Test Committer <committer@example.com>\n")
        #expect(try repo.git(["diff-tree", "--no-commit-id", "--name-only", "-r", "HEAD"]) == "project.yml\n")
        #expect(try repo.read("project.yml") == ReleaseFixture.spec(version: "1.3.0", build: "43"))
        #expect(try repo.trackedStatus() == "", "the index and work tree should match the release commit")

        // An annotated tag on it.
        #expect(try repo.git(["cat-file", "-t", "v1.3.0"]) == "tag\n")
        #expect(try repo.rev("v1.3.0") == head)
        #expect(try repo.git(["tag", "-l", "--format=%(contents:subject)", "v1.3.0"]) == "Release 1.3.0 (43)\n")

        // The stages saw the new versions, in their environment and in the spec on disk.
        let environment = try repo.read("build/env.txt")
        for line in ["SLIPWAY_VERSION=1.3.0", "SLIPWAY_BUILD=43", "SLIPWAY_COMMIT=\(source)", "SLIPWAY_BRANCH=main",
                     "SLIPWAY_MAJOR=true", "SLIPWAY_TAG=v1.3.0", "SLIPWAY_PREVIOUS_VERSION=1.2.0", "SLIPWAY_PREVIOUS_BUILD=42",
                     "SLIPWAY_STAGE=check"] {
            #expect(environment.split(separator: "\n").contains(Substring(line)), "missing \(line) in \(environment)")
        }
        #expect(try repo.read("build/spec.txt") == "    MARKETING_VERSION: \"1.3.0\"\n    CURRENT_PROJECT_VERSION: \"43\"\n")

        // The manifest: valid against the schema, recording this release.
        let manifest = try ReleaseRepository.readManifest(repo, manifestPath)
        #expect(try ReleaseFixture.schemaProblems(repo.url.appendingPathComponent(manifestPath)) == [])
        #expect(manifest["status"]?.stringValue == "succeeded")
        #expect(manifest["failure"] == .null)
        #expect(manifest["version"] == .object([
            "marketing": .string("1.3.0"), "build": .string("43"),
            "previousMarketing": .string("1.1.0"), "previousBuild": .string("41"),
        ]))
        #expect(manifest["git"]?["commit"]?.stringValue == head)
        #expect(manifest["git"]?["tag"]?.stringValue == "v1.3.0")
        #expect(manifest["git"]?["branch"]?.stringValue == "main")
        #expect(manifest["git"]?["range"]?["baseTag"]?.stringValue == "v1.1.0")
        #expect(manifest["trigger"]?["requested"]?.stringValue == "auto")
        #expect(manifest["trigger"]?["bump"]?.stringValue == "minor")
        // The trigger is the verdict that started the release, not one that counts the version bump itself.
        #expect(manifest["trigger"]?["range"]?["head"]?.stringValue == source)
        // The commits the release covers: those since the previous release, not the release commit itself.
        let subjects = manifest["commits"]?.arrayValue?.compactMap { $0["subject"]?.stringValue } ?? []
        #expect(subjects.first == "Configure slipway")
        #expect(!subjects.contains("Release 1.3.0 (43)"))
        let stages = manifest["stages"]?.arrayValue ?? []
        #expect(stages.compactMap { $0["name"]?.stringValue } == ["check", "archive"])
        #expect(stages.compactMap { $0["status"]?.stringValue } == ["passed", "passed"])
        #expect(stages.compactMap { $0["exitCode"]?.intValue } == [0, 0])
        #expect(stages.last?["log"]?.stringValue == ".slipway/logs/archive.log")
        let artifacts = manifest["artifacts"]?.arrayValue ?? []
        #expect(artifacts.compactMap { $0["path"]?.stringValue } == ["build/MyApp-1.3.0.zip"])
        #expect(artifacts.first?["sha256"]?.stringValue == (try ReleaseFixture.sha256sum(repo, "build/MyApp-1.3.0.zip")))
        #expect(try repo.read("build/MyApp-1.3.0.zip") == "MyApp 1.3.0 (43)\n")

        // checksums.txt checks out with sha256sum, from the repository root.
        let check = try runProcess("/usr/bin/env", ["sha256sum", "--strict", "-c", ".slipway/releases/1.3.0+43/checksums.txt"],
                                   in: repo.url, environment: repo.environment)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout == "build/MyApp-1.3.0.zip: OK\n")

        // The lock is gone, and the release commit is not released again.
        #expect(!fileExists(repo.gitFolder.appendingPathComponent(ReleaseLock.fileName)))
        let again = try repo.slipway("release")
        #expect(again.status == 1)
        #expect(again.stderr.contains("nothing to release"), "\(again.stderr)")
    }

    @Test("a stage that fails (exit 3) leaves the spec byte-identical, no commit, no tag, and a failed manifest; exit 1")
    func failingStage() throws {
        let repo = try ReleaseRepository.make(config: """
            stages:
              - name: first
                run: touch first-ran
              - name: broken
                run: echo 'about to fail' >&2; exit 3
              - name: never
                run: touch never-ran
            artifacts: [build/*.zip]

            """)
        let spec = try Data(contentsOf: repo.url.appendingPathComponent("project.yml"))
        let refs = try ReleaseRepository.refs(repo)
        let index = try Data(contentsOf: repo.gitFolder.appendingPathComponent("index"))
        let source = try repo.head()

        let result = try repo.slipway("release", "minor")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("Error: release 1.3.0 (43) failed: stage 'broken' failed: "), "\(result.stderr)")
        #expect(result.stderr.contains("exited with code 3"))
        #expect(result.stderr.contains("project.yml is back as it was, byte for byte; nothing was committed or tagged"))
        #expect(result.stderr.contains("the failure is recorded in \(manifestPath)"))

        #expect(try Data(contentsOf: repo.url.appendingPathComponent("project.yml")) == spec)
        #expect(try ReleaseRepository.refs(repo) == refs)
        #expect(try Data(contentsOf: repo.gitFolder.appendingPathComponent("index")) == index)
        #expect(try repo.trackedStatus() == "")
        #expect(fileExists(repo.url.appendingPathComponent("first-ran")))
        #expect(!fileExists(repo.url.appendingPathComponent("never-ran")))

        let manifest = try ReleaseRepository.readManifest(repo, manifestPath)
        #expect(try ReleaseFixture.schemaProblems(repo.url.appendingPathComponent(manifestPath)) == [])
        #expect(manifest["status"]?.stringValue == "failed")
        #expect(manifest["failure"]?["stage"]?.stringValue == "broken")
        #expect(manifest["failure"]?["message"]?.stringValue?.contains("exited with code 3") == true)
        #expect(manifest["git"]?["commit"]?.stringValue == source)
        #expect(manifest["git"]?["tag"] == .null)
        #expect(manifest["version"]?["marketing"]?.stringValue == "1.3.0")
        #expect(manifest["version"]?["build"]?.stringValue == "43")
        #expect(manifest["trigger"]?["requested"]?.stringValue == "minor")
        let stages = manifest["stages"]?.arrayValue ?? []
        #expect(stages.compactMap { $0["status"]?.stringValue } == ["passed", "failed", "skipped"])
        #expect(stages[1]["exitCode"]?.intValue == 3)
        #expect(manifest["artifacts"] == .array([]))
        #expect(try String(contentsOf: repo.url.appendingPathComponent(".slipway/logs/broken.log"), encoding: .utf8) == "about to fail\n")
    }

    @Test("an artifact the stages did not produce fails the release before the commit, putting the spec back")
    func missingArtifact() throws {
        let repo = try ReleaseRepository.make(config: "stages:\n  - name: build\n    run: 'true'\nartifacts: [build/*.ipa]\n")
        let spec = try Data(contentsOf: repo.url.appendingPathComponent("project.yml"))
        let refs = try ReleaseRepository.refs(repo)
        let result = try repo.slipway("release")
        #expect(result.status == 1)
        #expect(result.stderr.contains("no file matches the artifact pattern 'build/*.ipa'"), "\(result.stderr)")
        #expect(try Data(contentsOf: repo.url.appendingPathComponent("project.yml")) == spec)
        #expect(try ReleaseRepository.refs(repo) == refs)
        let manifest = try ReleaseRepository.readManifest(repo, manifestPath)
        #expect(manifest["status"]?.stringValue == "failed")
        #expect(manifest["failure"]?["stage"] == .null)
        #expect(manifest["stages"]?.arrayValue?.first?["status"]?.stringValue == "passed")
    }

    @Test("Ctrl-C during a stage stops it, puts the spec back, records the stage as cancelled, and exits 130")
    func interrupted() throws {
        let repo = try ReleaseRepository.make(config: """
            stages:
              - name: wait
                run: touch started; sleep 30; touch finished

            """)
        let spec = try Data(contentsOf: repo.url.appendingPathComponent("project.yml"))
        let refs = try ReleaseRepository.refs(repo)
        let release = try RunningProcess(SlipwayBinary.path, ["release"], in: repo.url, environment: repo.environment)
        try waitUntil("the stage to start") { fileExists(repo.url.appendingPathComponent("started")) }
        release.signal(SIGINT)
        let status = release.waitForExit()
        #expect(status == 130, "\(release.stdout)\(release.stderr)")
        #expect(release.stderr.contains("interrupted by SIGINT"), "\(release.stderr)")
        #expect(!fileExists(repo.url.appendingPathComponent("finished")))
        #expect(try Data(contentsOf: repo.url.appendingPathComponent("project.yml")) == spec)
        #expect(try ReleaseRepository.refs(repo) == refs)
        let manifest = try ReleaseRepository.readManifest(repo, manifestPath)
        #expect(manifest["status"]?.stringValue == "failed")
        #expect(manifest["failure"]?["stage"]?.stringValue == "wait")
        #expect(manifest["stages"]?.arrayValue?.first?["status"]?.stringValue == "cancelled")
        #expect(!fileExists(repo.gitFolder.appendingPathComponent(ReleaseLock.fileName)))
    }

    @Test("a second release while one runs is refused with exit 2, naming the running one; nothing of it is touched")
    func lockContention() throws {
        let repo = try ReleaseRepository.make(config: """
            stages:
              - name: wait
                run: touch started; while [ ! -f go ]; do sleep 0.05; done

            """)
        let first = try RunningProcess(SlipwayBinary.path, ["release", "minor"], in: repo.url, environment: repo.environment)
        try waitUntil("the first release's stage to start") { fileExists(repo.url.appendingPathComponent("started")) }
        let bumped = try Data(contentsOf: repo.url.appendingPathComponent("project.yml"))

        for arguments in [["release"], ["release", "--dry-run"]] {
            let second = try repo.slipway(arguments: arguments)
            #expect(second.status == 2, "\(arguments): \(second.stdout)\(second.stderr)")
            #expect(second.stderr.contains("Error: another release holds this repository's lock: pid \(first.pid) on "), "\(second.stderr)")
            #expect(second.stderr.contains("('slipway release minor')"))
            #expect(second.stderr.contains("kill \(first.pid)"))
            #expect(second.stdout.isEmpty)
        }
        #expect(try Data(contentsOf: repo.url.appendingPathComponent("project.yml")) == bumped)

        try Data().write(to: repo.url.appendingPathComponent("go"))
        #expect(first.waitForExit() == 0, "\(first.stdout)\(first.stderr)")
        #expect(try repo.log("%s") == "Release 1.3.0 (43)\n")
    }

    @Test("a test holding the lock itself gets the same refusal")
    func lockHeldByAnotherProcess() throws {
        let repo = try ReleaseRepository.make()
        let lock = try ReleaseLock.acquire(in: try Repository(discoveringFrom: repo.url), command: "slipway release major --push")
        defer { lock.release() }
        let result = try repo.slipway("release")
        #expect(result.status == 2)
        #expect(result.stderr.contains("pid \(getpid()) on \(lock.holder.host)"), "\(result.stderr)")
        #expect(result.stderr.contains("('slipway release major --push')"))
        #expect(!fileExists(repo.url.appendingPathComponent(".slipway")))
    }

    @Test("uncommitted changes to tracked files are refused (exit 2); --allow-dirty releases and leaves them as they were")
    func dirtyTree() throws {
        let repo = try ReleaseRepository.make()
        try repo.write("iOS/App.swift", "// work in progress\n")
        try repo.write("Shared/Staged.swift", "struct Staged {}\n")
        try repo.git(["add", "Shared/Staged.swift"])
        let refs = try ReleaseRepository.refs(repo)

        let refused = try repo.slipway("release")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("Error: cannot release: tracked files have uncommitted changes:\n  Shared/Staged.swift\n  iOS/App.swift\n"),
                "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-dirty"))
        #expect(try ReleaseRepository.refs(repo) == refs)
        #expect(!fileExists(repo.url.appendingPathComponent(".slipway")), "a refusal writes nothing, not even a manifest")

        let released = try repo.slipway("release", "--allow-dirty")
        #expect(released.status == 0, "\(released.stdout)\(released.stderr)")
        #expect(try repo.git(["diff-tree", "--no-commit-id", "--name-only", "-r", "HEAD"]) == "project.yml\n")
        #expect(try repo.read("iOS/App.swift") == "// work in progress\n")
        #expect(try repo.git(["diff", "--cached", "--name-only"]) == "Shared/Staged.swift\n", "the staged file stays staged")
        #expect(try repo.git(["diff", "--name-only"]) == "iOS/App.swift\n")
    }

    @Test("--allow-dirty never lets a release commit someone's uncommitted edits to the spec")
    func dirtySpec() throws {
        let repo = try ReleaseRepository.make()
        let edited = try repo.read("project.yml") + "# note to self\n"
        try repo.write("project.yml", edited)
        let result = try repo.slipway("release", "--allow-dirty")
        #expect(result.status == 2)
        #expect(result.stderr.contains("project.yml has uncommitted changes, which the release commit would take along"), "\(result.stderr)")
        #expect(try repo.read("project.yml") == edited)
    }

    @Test("a merge in progress is refused with exit 2 and how to finish or abort it")
    func mergeInProgress() throws {
        let repo = try ReleaseRepository.make()
        try repo.git(["checkout", "-q", "-b", "side"])
        try repo.write("iOS/App.swift", "// side\n")
        try repo.commit("Side change")
        try repo.git(["checkout", "-q", "main"])
        try repo.write("iOS/App.swift", "// main\n")
        try repo.commit("Main change")
        let merge = try repo.gitResult(["merge", "side"])
        #expect(merge.status != 0, "the merge should stop on the conflict")
        let refs = try ReleaseRepository.refs(repo)

        let result = try repo.slipway("release")
        #expect(result.status == 2)
        #expect(result.stderr.contains("Error: cannot release: a merge is in progress"), "\(result.stderr)")
        #expect(result.stderr.contains("git merge --abort"))
        #expect(try ReleaseRepository.refs(repo) == refs)
        #expect(fileExists(repo.gitFolder.appendingPathComponent("MERGE_HEAD")))
    }

    @Test("--dry-run prints the whole plan and changes nothing: every file, .git included, stays byte for byte")
    func dryRun() throws {
        let repo = try ReleaseRepository.make()
        let before = try TreeSnapshot(repo.url)
        let refs = try ReleaseRepository.refs(repo)
        let result = try repo.slipway("release", "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let after = try TreeSnapshot(repo.url)
        #expect(after.differences(from: before) == [])
        #expect(try ReleaseRepository.refs(repo) == refs)

        let text = result.stdout
        for expected in [
            "version       1.2.0 -> 1.3.0\n", "build         42 -> 43\n",
            "bump          auto: minor, as detect suggests for the commits since v1.1.0\n",
            "-    MARKETING_VERSION: \"1.2.0\"\n-    CURRENT_PROJECT_VERSION: \"42\"\n+    MARKETING_VERSION: \"1.3.0\"\n+    CURRENT_PROJECT_VERSION: \"43\"\n",
            "1. check\n", "2. archive\n", "     SLIPWAY_VERSION=1.3.0\n", "     SLIPWAY_BUILD=43\n", "     SLIPWAY_TAG=v1.3.0\n",
            "   commit     project.yml only, on main\n", "   message    Release 1.3.0 (43)\n\n              Slipway-Release: 1.3.0+43\n",
            "   tag        v1.3.0 (annotated, on the release commit)\n",
            "   manifest   .slipway/releases/1.3.0+43/manifest.json, with checksums.txt beside it\n",
            "   push       no (", "Dry run: nothing was written, run, committed, tagged or pushed.\n",
        ] {
            #expect(text.contains(expected), "missing \(expected.debugDescription) in:\n\(text)")
        }
    }

    @Test("--dry-run works in a checkout nobody can write to")
    func dryRunReadOnly() throws {
        let repo = try ReleaseRepository.make()
        let bare = try TestRepository(bare: true)
        try repo.git(["remote", "add", "origin", bare.path])
        try repo.git(["push", "-q", "-u", "origin", "main"])
        let (result, changed) = try ReadOnly.run(repo, ["release", "--dry-run", "--push"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("   push       git push --atomic origin refs/heads/main:refs/heads/main refs/tags/v1.3.0:refs/tags/v1.3.0\n"),
                "\(result.stdout)")
        #expect(changed == [])
        // The same checkout really refuses a write: the check is not vacuous.
        let (write, _) = try ReadOnly.run(repo, ["bump", "patch"])
        #expect(write.status != 0, "the checkout was writable after all")
        #expect(write.stderr.contains("project.yml"), "\(write.stderr)")
    }

    @Test("--push sends the branch and the tag to the branch's upstream remote (a local bare repository)")
    func push() throws {
        let repo = try ReleaseRepository.make()
        let remote = try TestRepository(bare: true)
        try repo.git(["remote", "add", "upstream", remote.path])
        try repo.git(["push", "-q", "-u", "upstream", "main"])
        let result = try repo.slipway("release", "--push")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Pushed main and v1.3.0 to upstream\n"))
        let remoteRefs = try remote.git(["for-each-ref", "--format=%(refname) %(objectname)"])
        #expect(remoteRefs.contains("refs/heads/main \(try repo.head())\n"), "\(remoteRefs)")
        #expect(remoteRefs.contains("refs/tags/v1.3.0 \(try repo.git(["rev-parse", "v1.3.0"]).trimmingCharacters(in: .whitespacesAndNewlines))\n"))
        #expect(try remote.git(["cat-file", "-t", "v1.3.0"]) == "tag\n")
    }

    @Test("a push that fails after the commit says what exists and the command that finishes the release")
    func pushFails() throws {
        let repo = try ReleaseRepository.make()
        let remote = try TestRepository(bare: true)
        try repo.git(["remote", "add", "origin", remote.path])
        try repo.git(["push", "-q", "-u", "origin", "main"])
        try FileManager.default.removeItem(at: remote.url)
        let result = try repo.slipway("release", "--push")
        #expect(result.status == 1)
        #expect(result.stderr.contains("the release 1.3.0 (43) was committed ("), "\(result.stderr)")
        #expect(result.stderr.contains("tagged v1.3.0 and recorded, but pushing failed"))
        #expect(result.stderr.contains("git push --atomic origin refs/heads/main:refs/heads/main refs/tags/v1.3.0:refs/tags/v1.3.0"))
        #expect(try repo.log("%s") == "Release 1.3.0 (43)\n")
        #expect(try repo.git(["tag", "-l", "v1.3.0"]) == "v1.3.0\n")
        #expect(try ReleaseRepository.readManifest(repo, manifestPath)["status"]?.stringValue == "succeeded")
    }

    @Test("auto takes the level detect suggests since the latest release tag, and refuses when there is nothing new")
    func autoLevel() throws {
        let repo = try ReleaseRepository.make()
        let suggested = try repo.detectJSON("--base", "v1.1.0", "--head", "HEAD")["bump"] as? String
        #expect(suggested == "minor")
        #expect(try repo.slipway("release", "auto").status == 0)
        #expect(try repo.log("%s") == "Release 1.3.0 (43)\n")

        // A small fix in the app alone since v1.3.0: patch.
        try repo.write("iOS/App.swift", "// fixed\n")
        try repo.commit("Fix a label")
        #expect(try repo.detectJSON("--base", "v1.3.0", "--head", "HEAD")["bump"] as? String == "patch")
        let patch = try repo.slipway("release")
        #expect(patch.status == 0, "\(patch.stderr)")
        #expect(try repo.log("%s") == "Release 1.3.1 (44)\n")
        #expect(try repo.log("%(trailers:key=Slipway-Release,valueonly)") == "1.3.1+44\n\n")

        // Nothing since v1.3.1.
        let nothing = try repo.slipway("release", "auto")
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("no commits since v1.3.1: nothing to release"), "\(nothing.stderr)")
    }

    @Test("--set, --build and the build level choose the versions; the tag template can take the build")
    func explicitVersions() throws {
        let repo = try ReleaseRepository.make(config: ReleaseRepository.recordingStages + "release:\n  tag: \"v{version}-{build}\"\n")
        #expect(try repo.slipway("release", "--set", "2.0.0", "--build", "100").status == 0)
        #expect(try repo.log("%s") == "Release 2.0.0 (100)\n")
        #expect(try repo.git(["tag", "-l", "v2*"]) == "v2.0.0-100\n")
        let build = try repo.slipway("release", "build")
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try repo.log("%s%n%(trailers)") == "Release 2.0.0 (101)\nSlipway-Release: 2.0.0+101\n\n")
        #expect(try repo.git(["tag", "-l", "v2*"]) == "v2.0.0-100\nv2.0.0-101\n")
    }

    @Test("a tag that already exists is refused before anything changes")
    func existingTag() throws {
        let repo = try ReleaseRepository.make()
        try repo.git(["tag", "v1.3.0", "HEAD~2"])
        let result = try repo.slipway("release", "minor")
        #expect(result.status == 2)
        #expect(result.stderr.contains("Error: cannot release: the tag v1.3.0 already exists"), "\(result.stderr)")
        #expect(try repo.read("project.yml") == ReleaseFixture.spec(version: "1.2.0", build: "42"))
    }

    @Test("--skip-stages records the stages as skipped; --in-toto writes the statement beside the manifest")
    func skipStagesAndInToto() throws {
        let repo = try ReleaseRepository.make()
        try ReleaseFixture.writeArtifact(repo, "build/MyApp-1.3.0.zip", size: 2048)
        let result = try repo.slipway("release", "--skip-stages", "--in-toto")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!fileExists(repo.url.appendingPathComponent("build/env.txt")), "a stage ran")
        let manifest = try ReleaseRepository.readManifest(repo, manifestPath)
        #expect(manifest["stages"]?.arrayValue?.compactMap { $0["status"]?.stringValue } == ["skipped", "skipped"])
        #expect(manifest["stages"]?.arrayValue?.first?["detail"]?.stringValue == "--skip-stages")
        let statement = try ReleaseFixture.readJSON(repo.url.appendingPathComponent(".slipway/releases/1.3.0+43/provenance.intoto.json"))
        #expect(statement["subject"]?.arrayValue?.first?["name"]?.stringValue == "build/MyApp-1.3.0.zip")
        #expect(statement["subject"]?.arrayValue?.first?["digest"]?["sha256"]?.stringValue
                == (try ReleaseFixture.sha256sum(repo, "build/MyApp-1.3.0.zip")))
    }

    @Test("usage errors are exit 64")
    func usage() throws {
        let repo = try ReleaseRepository.make()
        for arguments in [["release", "minor", "--set", "2.0.0"], ["release", "huge"], ["release", "--push", "--no-push"],
                          ["release", "build", "--build", "7"], ["release", "--build", "x"]] {
            let result = try repo.slipway(arguments: arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("See 'slipway release --help'"))
        }
    }
}

/// Runs slipway where it cannot write to the repository: every file and folder loses its write bits, and when the
/// tests run as root (whom permission bits do not stop), slipway runs as `nobody`. Returns what slipway printed and
/// the paths that changed meanwhile; the permissions are put back exactly afterwards.
enum ReadOnly {
    static func run(_ repo: TestRepository, _ arguments: [String]) throws -> (result: ProcessResult, changed: [String]) {
        let original = try TreeSnapshot(repo.url)
        let chmod = try runProcess("/bin/chmod", ["-R", "a-w", repo.url.path])
        guard chmod.status == 0 else { throw TestFailure("chmod failed: \(chmod.stderr)") }
        defer { restoreModes(original, under: repo.url) }
        let sealed = try TreeSnapshot(repo.url)

        let result: ProcessResult
        if getuid() == 0 {
            // git refuses a repository owned by someone else unless it is declared safe.
            let config = repo.home.url.appendingPathComponent(".gitconfig")
            let saved = try String(contentsOf: config, encoding: .utf8)
            try (saved + "[safe]\n\tdirectory = \(repo.url.path)\n").write(to: config, atomically: true, encoding: .utf8)
            defer { try? saved.write(to: config, atomically: true, encoding: .utf8) }
            result = try runProcess("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", SlipwayBinary.path] + arguments,
                                    in: repo.url, environment: repo.environment)
        } else {
            result = try SlipwayBinary.run(arguments, in: repo.url, environment: repo.environment)
        }
        return (result, try TreeSnapshot(repo.url).differences(from: sealed))
    }

    private static func restoreModes(_ snapshot: TreeSnapshot, under root: URL) {
        // Folders last and outermost last, so each chmod still finds its way in.
        for (path, entry) in snapshot.entries.sorted(by: { $0.key.count > $1.key.count }) where entry.link == nil {
            chmod(root.appendingPathComponent(path).path, mode_t(entry.mode))
        }
        chmod(root.path, 0o755)
    }
}
