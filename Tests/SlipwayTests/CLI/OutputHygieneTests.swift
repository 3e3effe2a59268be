import Foundation
import SlipwayCore
import SlipwayGit
import Testing

@testable import SlipwayPipeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile names and failing file systems, through the built binary: no printed line begins with a name's text, no
/// error is a Foundation dump, and JSON paths stay exact.
@Suite("output hygiene")
struct OutputHygieneTests {
    static let evil = "evil\n::error::x"

    /// No line of `text` starts with the text a hostile name put after its line break.
    func noInjectedLine(_ text: String) -> Bool {
        !text.split(separator: "\n", omittingEmptySubsequences: false).contains { $0.hasPrefix("::error::x") }
    }

    @Test("release lists a changed file with a line break in its name C-quoted, on one line")
    func releaseRefusalList() throws {
        let repo = try ReleaseRepository.make()
        try repo.write(Self.evil, "one\n")
        try repo.commit("A file with a hostile name")
        try repo.write(Self.evil, "two\n")
        let result = try repo.slipway("release")
        #expect(result.status == 2)
        #expect(
            result.stderr
                == """
                Error: cannot release: tracked files have uncommitted changes:
                  "evil\\n::error::x"
                hint: commit or stash them first; --allow-dirty releases anyway (only the spec files are committed)

                """, "\(result.stderr)")
        #expect(noInjectedLine(result.stdout + result.stderr))
    }

    @Test("detect's text quotes file names and subjects with control characters; JSON keeps them exact")
    func detectText() throws {
        let repo = try TestRepository()
        try repo.touch("iOS/App.swift")
        let base = try repo.commit("App")
        try repo.touch("Shared/\(Self.evil).swift")
        let head = try repo.commit("Paint\rit \u{1B}[31mred")
        let text = try repo.slipway("detect")
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let subject = #""Paint\rit \033[31mred""#
        #expect(lines.contains("  commit  \(head.prefix(7)) \(subject) (against \(base.prefix(7)))"), "\(lines)")
        #expect(lines.contains(#"  FIRE  shared-code   shared code changed: "Shared/evil\n::error::x.swift""#))
        #expect(noInjectedLine(text.stdout) && !text.stdout.contains("\u{1B}"))

        let each = try repo.slipway("detect", "--each", "\(base)..HEAD")
        let rules = "shared-code" + String(repeating: " ", count: 24 - "shared-code".count)
        #expect(each.stdout == "\(head.prefix(7))  major  patch \(rules) \(subject)\n", "\(each.stdout)")
        let json = try repo.detectJSON()
        let commits = json["commits"] as? [[String: Any]]
        #expect(commits?.first?["subject"] as? String == "Paint\rit \u{1B}[31mred")
        let files = json["files"] as? [[String: Any]]
        #expect(files?.first?["path"] as? String == "Shared/\(Self.evil).swift")
    }

    @Test("a multi-line run script is one C-quoted heading line; the step summary escapes CR, LF and |")
    func stageHeadings() throws {
        let repo = try TestRepository()
        try repo.write(".slipway.yml", "stages:\n  - name: lines\n    run: \"echo one\\n::error::x\"\n")
        try repo.commit("Configure")
        let result = try repo.slipway("run")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("==> lines (1/1): \"echo one\\n::error::x\"\none\n"), "\(result.stdout)")
        #expect(
            result.stderr.contains("stage 'lines' failed: /bin/sh -c $'echo one\\n::error::x' exited with code 127\n"),
            "\(result.stderr)")

        let report = StageRunReport(results: [
            StageResult(
                name: "build", command: "make", status: .failed, startedAt: Date(), duration: 1.5,
                detail: "cannot start /tmp/a|b\rc\r\nd\ne")
        ])
        #expect(
            GitHubAnnotation.summaryTable(report, title: "slipway run")
                == """
                ### slipway run

                | Stage | Status | Duration | Details |
                | --- | --- | --- | --- |
                | `build` | ❌ failed | 1.50 s | cannot start /tmp/a\\|b<br>c<br>d<br>e |


                """)
    }

    @Test("a stage's missing working directory with a CR is quoted in its report and step summary")
    func workingDirectoryDetail() throws {
        let repo = try TestRepository()
        try repo.write(".slipway.yml", "stages:\n  - name: a\n    run: echo hi\n    workingDirectory: \"x\\ry\"\n")
        try repo.commit("Configure")
        let summary = repo.home.url.appendingPathComponent("summary.md")
        let result = try repo.slipway(
            "run", extraEnvironment: ["GITHUB_ACTIONS": "true", "CI": "true", "GITHUB_STEP_SUMMARY": summary.path])
        let folder = realPath(repo.url.path)
        let detail = "the working directory \"\(folder)/x\\ry\" does not exist"
        #expect(result.stdout.contains(": \(detail)\n"), "\(result.stdout)")
        let table = try String(contentsOf: summary, encoding: .utf8)
        #expect(table.contains(" s | \(detail) |\n"), "\(table)")
        #expect(!table.contains("\r") && !result.stdout.contains("\r"))
    }

    @Test("file system errors are one line with the path and the reason")
    func fileSystemErrors() throws {
        let repo = try TestRepository()
        try repo.write(".slipway.yml", "stages:\n  - name: a\n    run: echo hi\n")
        try repo.write(".slipway", "a file where the output folder goes\n")
        try repo.commit("Configure")
        let result = try repo.slipway("run")
        #expect(result.status == 2)
        #expect(
            result.stderr == "Error: cannot create folder .slipway/logs: .slipway is a file, not a folder "
                + "(Not a directory)\n", "\(result.stderr)")
    }

    /// A path in the working tree whose name is the given bytes, as a C string.
    func cPath(_ repo: TestRepository, _ name: [UInt8]) -> [CChar] {
        (Array(repo.path.utf8) + [UInt8(ascii: "/")] + name).map { CChar(bitPattern: $0) } + [0]
    }

    /// Creates a file whose name is the given bytes (its contents are the name, unique to it).
    func createFile(_ repo: TestRepository, bytes: [UInt8]) throws {
        let descriptor = open(cPath(repo, bytes), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw TestFailure("cannot create \(bytes): \(String(cString: strerror(errno)))") }
        _ = write(descriptor, bytes, bytes.count)
        close(descriptor)
    }

    @Test("a path that is not valid UTF-8 carries its exact bytes in pathBytes and oldPathBytes (base64)")
    func pathBytes() throws {
        let repo = try TestRepository()
        try repo.touch("iOS/App.swift")
        try repo.commit("App")
        let latin1 = Array("caf".utf8) + [0xE9] + Array(".swift".utf8)
        try createFile(repo, bytes: latin1)
        try repo.commit("A Latin-1 name")
        let added = try #require((try repo.detectJSON())["files"] as? [[String: Any]])
        #expect(added.count == 1)
        #expect(added.first?["path"] as? String == "caf\u{FFFD}.swift")
        #expect(added.first?["pathBytes"] as? String == "Y2Fm6S5zd2lmdA==")
        #expect(Data(base64Encoded: added.first?["pathBytes"] as? String ?? "").map(Array.init) == latin1)

        #expect(rename(cPath(repo, latin1), cPath(repo, Array("plain.swift".utf8))) == 0)
        try repo.commit("A plain name")
        let renamed = try #require((try repo.detectJSON())["files"] as? [[String: Any]])
        #expect(renamed.first?["status"] as? String == "renamed")
        #expect(renamed.first?["oldPath"] as? String == "caf\u{FFFD}.swift")
        #expect(renamed.first?["oldPathBytes"] as? String == "Y2Fm6S5zd2lmdA==")
        #expect(renamed.first?["pathBytes"] == nil, "a valid path carries no bytes")
    }

    @Test("the quoting rule: control characters and a leading quote only, C-style, octal for the rest")
    func quotingRule() {
        #expect("Shared/My Note.swift".cQuotedIfNeeded == "Shared/My Note.swift")
        #expect(#"Revert "Add login""#.cQuotedIfNeeded == #"Revert "Add login""#)
        #expect(#"back\slash"#.cQuotedIfNeeded == #"back\slash"#)
        #expect("Straße ✓".cQuotedIfNeeded == "Straße ✓")
        #expect(#""quoted""#.cQuotedIfNeeded == #""\"quoted\"""#)
        #expect("a\tb\\c\"d\n".cQuotedIfNeeded == #""a\tb\\c\"d\n""#)
        #expect("bell\u{07}esc\u{1B}del\u{7F}".cQuotedIfNeeded == #""bell\aesc\033del\177""#)
        #expect("nel\u{85}ls\u{2028}".cQuotedIfNeeded == #""nel\302\205ls\342\200\250""#)
        #expect("Revert \"x\"".inDoubleQuotes == "\"Revert \"x\"\"")
        #expect("a\rb".inDoubleQuotes == #""a\rb""#)
    }

    @Test("a shell-quoted word with a control character is $'…', which bash reads back exactly")
    func shellQuoting() throws {
        let word = "echo one\n::error::x 'it' \u{1B}[0m\\"
        let quoted = Shell.quote(word)
        #expect(quoted == #"$'echo one\n::error::x \'it\' \033[0m\\'"#)
        let echoed = try runProcess("/usr/bin/env", ["bash", "-c", "printf %s " + quoted])
        #expect(echoed.stdout == word)
        #expect(Shell.quote("it's") == #"'it'\''s'"#)
    }

    @Test("release --push shows the remote without its token, in the dry run and when the push fails")
    func releasePushRedacts() throws {
        let repo = try ReleaseRepository.make()
        // Port 9 (discard) refuses the connection at once: the push fails before any credential is asked for.
        try repo.git(["remote", "add", "origin", "http://user:ghp_0123456789abcdef@127.0.0.1:9/team/app.git"])
        let quiet = ["GIT_TERMINAL_PROMPT": "0"]
        let dryRun = try repo.slipway("release", "--push", "--dry-run", extraEnvironment: quiet)
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("              (origin: http://127.0.0.1:9/team/app.git)\n"), "\(dryRun.stdout)")
        let release = try repo.slipway("release", "--push", extraEnvironment: quiet)
        #expect(release.status == 1)
        #expect(release.stdout.contains("Pushing main and v1.3.0 to origin (http://127.0.0.1:9/team/app.git)\n"))
        let push = "git push --atomic origin refs/heads/main:refs/heads/main refs/tags/v1.3.0:refs/tags/v1.3.0"
        #expect(release.stderr.contains("pushing failed: \(push) exited with code 128\n"), "\(release.stderr)")
        #expect(release.stderr.contains("http://127.0.0.1:9/team/app.git"), "git's own words are kept")
        #expect(!(dryRun.stdout + dryRun.stderr + release.stdout + release.stderr).contains("ghp_"))
    }

    @Test("credentials go from every URL in a command line or in git's words, and nothing else changes")
    func redaction() {
        #expect(
            RemoteURL.redactingCredentials(["git", "push", "https://x-access-token:ghs_abc@github.com/o/r.git", "main"])
                == ["git", "push", "https://github.com/o/r.git", "main"])
        #expect(
            RemoteURL.redactingCredentials(
                inText: "fatal: unable to access 'https://u:tok@host/x.git/': 403\nremote: see http://h/?token=t ok")
                == "fatal: unable to access 'https://host/x.git/': 403\nremote: see http://h/ ok")
        #expect(RemoteURL.redactingCredentials(inText: "no URL: a://") == "no URL: a://")
        #expect(RemoteURL.redactingCredentials(inText: "git@host:o/r.git") == "git@host:o/r.git")
    }
}
