import Foundation
import Testing

/// One word for one thing on every command: suggestions for mistyped commands and options, old spellings that
/// still work with a line on stderr, release modes as subcommands, and the completion scripts.
@Suite("command vocabulary: did you mean, deprecated spellings, subcommands, completions")
struct CommandVocabularyTests {
    let home = TemporaryDirectory("slipway-home")

    func run(_ arguments: String...) throws -> ProcessResult {
        try SlipwayBinary.run(arguments, in: home.url, environment: isolatedEnvironment(home: home.url))
    }

    @Test("a mistyped command, subcommand, option or choice is exit 64 with the nearest word")
    func didYouMean() throws {
        for (arguments, expected) in [
            (["relase"], "unknown command 'relase'; did you mean 'release'?"),
            (["detect", "--jsn"], "unknown option '--jsn'; did you mean '--json'?"),
            (["hooks", "instal"], "unknown subcommand 'instal' of 'hooks'; did you mean 'install'?"),
            (["release", "--dry-rn"], "unknown option '--dry-rn'; did you mean '--dry-run'?"),
            (
                ["notes", "--format", "markdwn"],
                "--format must be one of text, markdown, json, not 'markdwn'; did you mean 'markdown'?"
            ),
            (["release", "contineu"], "did you mean 'continue'?"),
        ] {
            let result = try SlipwayBinary.run(
                arguments, in: home.url, environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("every command that reads the spec takes --spec, --project-root and --app, with the same help")
    func sameWords() throws {
        let specHelp = "--spec <path>             The XcodeGen spec, relative to the current folder"
        for command in ["detect", "version", "bump", "run", "release", "doctor", "manifest", "notes", "init"] {
            let help = try run(command, "--help")
            #expect(help.status == 0)
            #expect(help.stdout.contains(specHelp), "\(command)")
            #expect(help.stdout.contains("  --project-root <path>"), "\(command)")
            if command != "init" { #expect(help.stdout.contains("  --app <name>"), "\(command)") }
        }
        // --build <n> and --set <version> everywhere; --wait only ever for the lock.
        for command in [["bump"], ["release"], ["manifest"], ["testflight", "upload"]] {
            let help = try SlipwayBinary.run(
                command + ["--help"], in: home.url, environment: isolatedEnvironment(home: home.url))
            #expect(help.stdout.contains("  --build <n>"), "\(command)")
            #expect(!help.stdout.contains("--build-number"), "\(command)")
        }
        let upload = try run("testflight", "upload", "--help")
        #expect(upload.stdout.contains("  --wait-for-processing"))
        #expect(upload.stdout.contains("  --set <version>"))
        let words = upload.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            words.contains("How long --wait-for-processing waits. (default: 3600)"),
            "defaults come from the declarations")
        #expect(!upload.stdout.contains("  --wait "))
    }

    @Test("old spellings still work for one release, each with a deprecation line on stderr")
    func deprecatedSpellings() throws {
        let repo = try ReleaseFixture.released()
        let notes = try repo.slipway("notes", "--format", "json")
        #expect(notes.status == 0, "\(notes.stderr)")
        #expect(notes.stderr.contains("warning: '--format json' is deprecated: use '--json'"))
        #expect(try JSONSerialization.jsonObject(with: Data(notes.stdout.utf8)) is [String: Any])

        let status = try repo.slipway("release", "--status")
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stderr.contains("warning: '--status' is deprecated: use 'slipway release status'"))
        let subcommand = try repo.slipway("release", "status")
        #expect(subcommand.status == 0)
        #expect(subcommand.stdout == status.stdout)
        #expect(!subcommand.stderr.contains("deprecated"))

        // testflight upload --build-number and --wait: read as --build and --wait-for-processing (the upload itself
        // fails later, on the missing file, which is not the point here).
        let upload = try repo.slipway("testflight", "upload", "missing.ipa", "--build-number", "7", "--wait")
        #expect(upload.stderr.contains("'--build-number' is deprecated: use '--build'"), "\(upload.stderr)")
        #expect(upload.stderr.contains("'--wait' is deprecated: use '--wait-for-processing'"))
    }

    @Test("release continue|abort|status|retry-after-push are subcommands with their own help")
    func releaseSubcommands() throws {
        let help = try run("release", "--help")
        #expect(help.stdout.contains("       slipway release continue [--wait]\n"), "\(help.stdout)")
        #expect(help.stdout.contains("SUBCOMMANDS:"))
        #expect(help.stdout.contains("  retry-after-push"))
        let abort = try run("release", "abort", "--help")
        #expect(abort.status == 0)
        #expect(abort.stdout.contains("USAGE: slipway release abort [--wait]"))
    }

    @Test("completions: a bash script bash accepts, and zsh and fish scripts naming every command and option")
    func completions() throws {
        let bash = try run("completions", "bash")
        #expect(bash.status == 0)
        let script = home.url.appendingPathComponent("slipway.bash")
        try Data(bash.stdout.utf8).write(to: script)
        let checked = try runProcess("/bin/bash", ["-n", script.path], in: home.url, environment: [:])
        #expect(checked.status == 0, "\(checked.stderr)")
        for shell in ["bash", "zsh", "fish"] {
            let result = try run("completions", shell)
            #expect(result.status == 0)
            for word in ["release", "retry-after-push", "--wait-for-processing", "--project-root", "completions"] {
                #expect(result.stdout.contains(word), "\(shell) lacks \(word)")
            }
        }
        // The script completes: ask bash for what follows "slipway release --dry".
        let probe = """
            source \(Shell.quoted(script.path))
            COMP_WORDS=(slipway release --dry); COMP_CWORD=2; COMP_LINE="slipway release --dry"
            _slipway
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let completed = try runProcess("/bin/bash", ["-c", probe], in: home.url, environment: [:])
        #expect(completed.stdout == "--dry-run\n", "\(completed.stdout)\(completed.stderr)")
        #expect(try run("completions", "tcsh").status == 64)
    }

    @Test("run with no stages and no spec at the root names the spec it found and the next step")
    func runNamesSpec() throws {
        let repo = try TestRepository()
        try repo.write("MyApp/project.yml", "name: MyApp\n")
        try repo.commit("app")
        let result = try repo.slipway("run", "--dry-run")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "there are no stages to run: there is no .slipway.yml, and neither project.yml nor Package.swift is "
                    + "there; found the XcodeGen spec MyApp/project.yml"), "\(result.stderr)")
        #expect(result.stderr.contains("slipway run --spec MyApp/project.yml"))
    }

    @Test("init takes the one app spec deeper (Carthage/, Pods/ and fixtures skipped); several: it lists them, exit 2")
    func initDeeperSpec() throws {
        let repo = try TestRepository()
        try repo.write("ios/apps/MyApp/project.yml", ReleaseFixture.spec(version: "2.3.0", build: "9"))
        for skipped in ["Carthage/Checkouts/Kit", "ios/Pods/Kit", "Tests/Fixtures/Demo", "ios/build/Kit"] {
            try repo.write(skipped + "/project.yml", "name: Kit\n")
        }
        try repo.commit("app")
        let one = try repo.slipway("init", "--dry-run")
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains("spec: \"ios/apps/MyApp/project.yml\""), "\(one.stdout)")
        #expect(one.stderr.contains("note: using ios/apps/MyApp/project.yml, the only app spec found"), "\(one.stderr)")

        try repo.write("mac/apps/Desk/project.yml", ReleaseFixture.spec(version: "1.0.0", build: "1"))
        let result = try repo.slipway("init", "--dry-run")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("found 2 specs deeper: ios/apps/MyApp/project.yml, mac/apps/Desk/project.yml"),
            "\(result.stderr)")
        #expect(result.stderr.contains("slipway init --spec ios/apps/MyApp/project.yml"))
        #expect(!result.stderr.contains("run 'slipway init'"))

        // The --spec it names works, for init and for the commands that read the spec.
        let named = try repo.slipway("init", "--dry-run", "--spec", "ios/apps/MyApp/project.yml")
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout.contains("spec: \"ios/apps/MyApp/project.yml\""), "\(named.stdout)")
        let version = try repo.slipway("version", "--json", "--spec", "ios/apps/MyApp/project.yml")
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout.contains("2.3.0"))
        let release = try repo.slipway(
            "release", "patch", "--dry-run", "--no-doctor", "--spec", "ios/apps/MyApp/project.yml")
        #expect(release.status == 0, "\(release.stderr)")
        #expect(release.stdout.contains("version       2.3.0 -> 2.3.1"), "\(release.stdout)")
    }

    @Test("testflight latest-build --version is read as --set, with a deprecation line")
    func latestBuildVersionAlias() throws {
        let result = try run("testflight", "latest-build", "--bundle-id", "com.example.app", "--version", "1.0")
        #expect(result.stderr.contains("warning: '--version' is deprecated: use '--set'"), "\(result.stderr)")
        #expect(result.status != 64)
    }
}

private enum Shell {
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
