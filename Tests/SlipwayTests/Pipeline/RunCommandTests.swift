import Foundation
import Testing

/// `slipway run` end to end: the built binary in a real repository.
@Suite("slipway run")
struct RunCommandTests {
    func repository(_ configuration: String) throws -> TestRepository {
        let repo = try TestRepository()
        try repo.write(".slipway.yml", configuration)
        try repo.commit("Configure stages")
        return repo
    }

    func running(_ repo: TestRepository, _ arguments: [String], extra: [String: String] = [:]) throws -> RunningProcess
    {
        var environment = repo.environment
        for (key, value) in extra { environment[key] = value }
        return try RunningProcess(SlipwayBinary.path, arguments, in: repo.url, environment: environment)
    }

    @Test("passing stages: exit 0, live output, a summary, a log per stage and an ignored output folder")
    func passing() throws {
        let repo = try repository(
            """
            stages:
              - name: build
                run: echo building; echo "stage=$SLIPWAY_STAGE branch=$SLIPWAY_BRANCH"
              - name: test
                run: echo testing >&2
            """)
        let result = try repo.slipway("run")
        #expect(result.status == 0)
        #expect(result.stdout.contains("==> build (1/2): echo building;"))
        #expect(result.stdout.contains("building\nstage=build branch=main\n==> build passed in "))
        #expect(result.stderr.contains("testing\n"))
        #expect(result.stdout.contains("\nSummary:\n  build  passed "))
        #expect(result.stdout.contains("\n  test   passed "))
        #expect(result.stdout.contains("Logs: .slipway/logs/"))
        #expect(try repo.read(".slipway/logs/build.log") == "building\nstage=build branch=main\n")
        #expect(try repo.read(".slipway/logs/test.log") == "testing\n")
        #expect(try repo.read(".slipway/.gitignore").contains("\n*\n"))
        // Nothing under .slipway/ shows up for git, even without an entry in the repository's own .gitignore.
        #expect(try repo.git(["status", "--porcelain", "--untracked-files=all"]) == "")
    }

    @Test("a failing stage: exit 1, later stages skipped, the error names the command, exit code and stderr tail")
    func failing() throws {
        let repo = try repository(
            """
            stages:
              - name: lint
                run: echo 'bad indentation in Foo.swift' >&2; exit 3
              - name: build
                run: touch built
            """)
        let result = try repo.slipway("run")
        #expect(result.status == 1)
        #expect(result.stdout.contains("==> lint failed in "))
        #expect(result.stdout.contains("==> build skipped: an earlier stage failed"))
        #expect(
            result.stderr.contains(
                "Error: stage 'lint' failed: /bin/sh -c 'echo '\\''bad indentation in Foo.swift'\\'' >&2; exit 3' exited with code 3\n"
            ))
        #expect(result.stderr.contains("  | bad indentation in Foo.swift\n"))
        #expect(result.stderr.contains("hint: the stage's full output is in .slipway/logs/lint.log"))
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("built").path))
    }

    @Test("named stages run alone; an unknown name is exit 2 with a suggestion")
    func selection() throws {
        let repo = try repository(
            "stages:\n  - name: build\n    run: touch built\n  - name: test\n    run: touch tested\n")
        let result = try repo.slipway("run", "test")
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("tested").path))
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("built").path))
        let unknown = try repo.slipway("run", "tset")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("Error: unknown stage 'tset'\nhint: did you mean 'test'? stages: build, test"))
    }

    @Test("--dry-run prints commands, folders and environment and runs nothing, not even the output folder")
    func dryRun() throws {
        let repo = try repository(
            """
            stages:
              - name: package
                run: touch packaged
                workingDirectory: App
                timeout: 600
                env:
                  CONFIGURATION: Release
              - name: upload
                run: touch uploaded
                when: major
            """)
        let result = try repo.slipway("run", "--dry-run")
        #expect(result.status == 0)
        // Each stage in a few lines, the environment once.
        #expect(
            result.stdout.hasPrefix(
                "Stages from .slipway.yml:\n\n1. package\n   run:       touch packaged\n   directory: App\n"
                    + "   when:      always\n   env:       CONFIGURATION=Release\n2. upload\n   run:       touch uploaded\n"
                    + "   when:      major (would be skipped: not a major change"), "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: "SLIPWAY_BRANCH=main\n").count == 2)
        #expect(result.stdout.contains("     SLIPWAY_COMMIT=\(try repo.head())\n"))
        #expect(!result.stdout.contains("SLIPWAY_STAGE="))
        #expect(!result.stdout.contains("timeout:"))
        #expect(result.stdout.contains("Dry run: nothing was run."))

        let verbose = try repo.slipway("run", "--dry-run", "--verbose")
        #expect(verbose.status == 0)
        #expect(verbose.stdout.contains("   directory: App\n   timeout:   600 s\n   when:      always\n"))
        #expect(verbose.stdout.contains("     CONFIGURATION=Release\n"))
        #expect(verbose.stdout.contains("     SLIPWAY_STAGE=package\n"))
        #expect(verbose.stdout.components(separatedBy: "SLIPWAY_BRANCH=main\n").count == 3)
        #expect(try repo.slipway("run", "--verbose").status == 64)
        for name in ["packaged", "App/packaged", "uploaded", ".slipway"] {
            #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent(name).path))
        }
    }

    @Test("--dry-run shows the derived xcodebuild lines for an XcodeGen project without stages")
    func dryRunDefaults() throws {
        let repo = try TestRepository()
        try repo.write(
            "project.yml",
            """
            name: Weather
            settings:
              MARKETING_VERSION: "2.0"
              CURRENT_PROJECT_VERSION: "7"
            targets:
              Weather: {type: application, platform: iOS}
              WeatherWatch: {type: application, platform: watchOS}
            """)
        try repo.commit("Spec")
        let result = try repo.slipway("run", "--dry-run")
        #expect(result.status == 0)
        #expect(
            result.stdout.hasPrefix(
                "Default stages for the XcodeGen project project.yml (no 'stages:' in .slipway.yml):\n"))
        #expect(result.stdout.contains("1. generate\n   command:   xcodegen generate\n"))
        #expect(
            result.stdout.contains(
                "2. build\n   command:   xcodebuild build -project Weather.xcodeproj -scheme Weather -destination 'generic/platform=iOS Simulator' CODE_SIGNING_ALLOWED=NO\n              xcodebuild build -project Weather.xcodeproj -scheme WeatherWatch -destination 'generic/platform=watchOS Simulator' CODE_SIGNING_ALLOWED=NO\n"
            ))
        #expect(result.stdout.contains("     SLIPWAY_VERSION=2.0\n"))
        #expect(result.stdout.contains("     SLIPWAY_BUILD=7\n"))
    }

    @Test("keys XcodeGen ignores (anchor holders, a target's 'resources') are one note in run, each listed by project")
    func unreadKeysCounted() throws {
        let repo = try TestRepository()
        try repo.write(
            "project.yml",
            """
            BUILD_NUMBER: &build "7"
            name: Weather
            settings: {MARKETING_VERSION: "2.0", CURRENT_PROJECT_VERSION: *build}
            targets:
              Weather: {type: application, platform: iOS, resources: [Assets]}
            """)
        try repo.commit("Spec")
        let run = try repo.slipway("run", "--dry-run")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("warning:"), "\(run.stderr)")
        let note = "slipway: note: the spec has 2 keys XcodeGen does not read ('slipway project' lists them)"
        #expect(run.stderr.contains(note))
        let project = try repo.slipway("project")
        #expect(project.stderr.contains("project.yml:1:1: warning: the spec has the key 'BUILD_NUMBER'"))
        #expect(project.stderr.contains("target 'Weather' has the key 'resources'"))
    }

    @Test(
        "an absurd timeout or a NUL in run: is a configuration error with its position, never a crash",
        arguments: [
            (
                "timeout: 1e20",
                ".slipway.yml:4:14: error: 'stages[1].timeout' must be at most 604800 seconds (7 days), found 1e20"
            ),
            ("timeout: .inf", ".slipway.yml:4:14: error: 'stages[1].timeout' must be"),
            ("env: {A: \"x\\0y\"}", ".slipway.yml:4:14: error: 'stages[1].env.A' contains a NUL character"),
        ])
    func absurdValues(line: String, error: String) throws {
        let repo = try repository("stages:\n  - name: a\n    run: echo hi\n    \(line)\n")
        let result = try repo.slipway("run", "--dry-run")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(error), "\(result.stderr)")
        let nul = try repository("stages:\n  - name: a\n    run: \"echo hi\\0; touch truncated\"\n")
        let refused = try nul.slipway("run")
        #expect(refused.status == 2)
        #expect(
            refused.stderr.hasPrefix(".slipway.yml:3:10: error: 'stages[1].run' contains a NUL character"),
            "\(refused.stderr)")
        #expect(!refused.stdout.contains("hi"))
    }

    @Test("--if-present skips named stages that do not exist with a note; when none exists it is a successful no-op")
    func ifPresent() throws {
        let repo = try repository(
            "stages:\n  - name: build\n    run: touch built\n  - name: lint\n    run: touch linted\n")
        let some = try repo.slipway("run", "--if-present", "generate", "build")
        #expect(some.status == 0, "\(some.stderr)")
        #expect(
            some.stderr.contains(
                "slipway: skipping stage 'generate': there is no such stage (--if-present; stages: build, lint)"))
        #expect(FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("built").path))
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("linted").path))

        let none = try repo.slipway("run", "--if-present", "generate", "test")
        #expect(none.status == 0)
        #expect(none.stderr.contains("none of the named stages exists; nothing to run"))
        #expect(!none.stdout.contains("Summary:"))

        let strict = try repo.slipway("run", "generate", "build")
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("Error: unknown stage 'generate'"))
        #expect(strict.stderr.contains("with --if-present, stages that do not exist are skipped"))
    }

    @Test("without --major, SLIPWAY_MAJOR and 'when: major' follow detect on HEAD since the latest release tag")
    func majorFromDetect() throws {
        let repo = try repository(
            """
            stages:
              - name: record
                run: echo "$SLIPWAY_MAJOR" > major.txt
              - name: upload
                run: touch uploaded
                when: major
            """)
        try repo.git(["tag", "v1.0.0"])
        try repo.write("notes.txt", "one\n")
        try repo.commit("Notes")
        let ordinary = try repo.slipway("run")
        #expect(ordinary.status == 0, "\(ordinary.stderr)")
        #expect(try repo.read("major.txt") == "false\n")
        #expect(ordinary.stdout.contains("==> upload skipped: runs only on a major change"), "\(ordinary.stdout)")
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("uploaded").path))

        try repo.write("notes.txt", "two\n")
        try repo.commit("Ship it [deploy]")
        let dryRun = try repo.slipway("run", "--dry-run")
        #expect(
            dryRun.stdout.contains("Major change: yes (detect: 2 commits since v1.0.0: MAJOR CHANGE"),
            "\(dryRun.stdout)")
        #expect(dryRun.stdout.contains("     SLIPWAY_MAJOR=true\n"))
        let major = try repo.slipway("run")
        #expect(major.status == 0, "\(major.stderr)")
        #expect(try repo.read("major.txt") == "true\n")
        #expect(FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("uploaded").path))

        // Once released (tagged), HEAD is no major change any more, and --major still forces one.
        try repo.git(["tag", "v1.1.0"])
        let released = try repo.slipway("run")
        #expect(released.status == 0, "\(released.stderr)")
        #expect(try repo.read("major.txt") == "false\n")
        let forced = try repo.slipway("run", "--major")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try repo.read("major.txt") == "true\n")
    }

    @Test("a configuration error is exit 2 with file:line:column")
    func configurationError() throws {
        let repo = try repository("stages:\n  - name: build\n    command: make\n")
        let result = try repo.slipway("run")
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                ".slipway.yml:3:5: error: unknown key 'command' in 'stages[1]'\n    command: make\n    ^\n"))
        #expect(
            result.stderr.contains(
                "hint: known keys here: name, run, uses, flags, workingDirectory, timeout, env, when"))
    }

    @Test("a branch name and configured values full of shell syntax reach stages as data, never as code")
    func valuesAreNotCode() throws {
        let repo = try repository(
            """
            stages:
              - name: echo
                run: printf '%s\\n' "$SLIPWAY_BRANCH" "$NOTE" > values.txt
                env:
                  NOTE: "$(touch pwned-env); `touch pwned-env2`"
            """)
        let branch = "x$(touch${IFS}pwned-branch)"
        try repo.git(["checkout", "-q", "-b", branch])
        let result = try repo.slipway("run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try repo.read("values.txt") == "\(branch)\n$(touch pwned-env); `touch pwned-env2`\n")
        for name in ["pwned-env", "pwned-env2", "pwned-branch"] {
            #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent(name).path))
        }
    }

    @Test("under GitHub Actions: groups, an error annotation and a step summary table")
    func githubActions() throws {
        let repo = try repository("stages:\n  - name: ok\n    run: echo fine\n  - name: broken\n    run: exit 5\n")
        let summary = repo.home.url.appendingPathComponent("step-summary.md")
        let result = try repo.slipway(
            "run", extraEnvironment: ["GITHUB_ACTIONS": "true", "CI": "true", "GITHUB_STEP_SUMMARY": summary.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("::group::ok (1/2): echo fine\nfine\n::endgroup::\n"))
        #expect(result.stdout.contains("::group::broken (2/2): exit 5\n::endgroup::\n"))
        #expect(
            result.stdout.contains(
                "::error title=Stage broken failed::/bin/sh -c 'exit 5' exited with code 5%0AFull output: .slipway/logs/broken.log\n"
            ))
        let table = try String(contentsOf: summary, encoding: .utf8)
        #expect(table.contains("| `ok` | ✅ passed |"))
        #expect(table.contains("| `broken` | ❌ failed |"))
    }

    @Test("output reaches slipway's stdout while the stage is still running")
    func streaming() throws {
        let repo = try repository(
            """
            stages:
              - name: wait
                run: echo first; while [ ! -f go ]; do sleep 0.02; done; echo second
                timeout: 60
            """)
        let process = try running(repo, ["run"])
        #expect(process.waitForOutput(containing: "first\n"))
        // The stage cannot finish until the test has seen its first line, so it is running now.
        #expect(process.process.isRunning)
        #expect(!process.stdout.contains("\nsecond\n"))
        _ = FileManager.default.createFile(atPath: repo.url.appendingPathComponent("go").path, contents: Data())
        #expect(process.waitForExit() == 0)
        #expect(process.stdout.contains("first\nsecond\n==> wait passed"))
    }

    @Test(
        "SIGINT or SIGTERM to slipway stops the stage's whole group, records it cancelled and exits 130 or 143",
        arguments: [SIGINT, SIGTERM])
    func interrupt(signal: Int32) throws {
        let status: Int32 = signal == SIGINT ? 130 : 143
        let repo = try repository(
            """
            stages:
              - name: long
                run: sleep 300 & echo $! > child.pid; echo ready; wait
              - name: after
                run: touch after
            """)
        let started = Date()
        let process = try running(repo, ["run"])
        #expect(process.waitForOutput(containing: "ready\n"))
        process.signal(signal)
        #expect(process.waitForExit() == status)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(process.stdout.contains("==> long cancelled in "))
        #expect(process.stdout.contains("  long   cancelled"))
        #expect(process.stdout.contains("  after  skipped"))
        #expect(
            process.stderr.contains(
                "Error: interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM"); the running stage was stopped"))
        let child = try #require(readPid(repo.url.appendingPathComponent("child.pid")))
        #expect(!isProcessRunning(child))
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("after").path))
    }

    @Test("run --help describes the command")
    func help() throws {
        let repo = try TestRepository()
        let result = try repo.slipway("run", "--help")
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "OVERVIEW: Run the project's build and test stages in order, stopping at the first failure."))
        #expect(result.stdout.contains("USAGE: slipway run [<stage> ...] [--dry-run] [--verbose] [--major]"))
    }
}
