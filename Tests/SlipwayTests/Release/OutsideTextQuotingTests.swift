import Foundation
import SlipwayWorkspace
import Testing

/// Text from outside Slipway (configuration paths, lock files, the spec's bytes) never prints raw: a newline in it
/// cannot start a line GitHub Actions would run as a workflow command, an escape sequence reaches no terminal.
@Suite("outside text is quoted in output")
struct OutsideTextQuotingTests {
    static func expectNoRawLines(_ result: ProcessResult, _ context: String) {
        for line in (result.stdout + result.stderr).split(separator: "\n") {
            #expect(!line.hasPrefix("::error::"), "\(context): \(line)")
            #expect(!line.contains("\u{1B}"), "\(context): \(line)")
        }
    }

    @Test("a release.manifest path holding a newline and an escape prints quoted")
    func manifestPath() throws {
        let repo = try ReleaseRepository.make(
            config: ReleaseRepository.recordingStages
                + "release:\n  manifest: \"out/x\\n::error::pwned\\u001b[31m/{version}/manifest.json\"\n")
        let result = try repo.slipway("release", "minor")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("\\n::error::pwned\\033[31m"), "\(result.stdout)")
        Self.expectNoRawLines(result, "release")
    }

    @Test("a lock holder's recorded command and host with a newline print quoted")
    func lockHolder() {
        let holder = WriterLock.Holder(
            pid: 42, host: "mac\n::error::host", startedAt: Date(timeIntervalSince1970: 0),
            command: "slipway release\n::error::pwned \u{1B}[31m")
        #expect(!holder.summary.contains("\n"), "\(holder.summary)")
        #expect(!holder.summary.contains("\u{1B}"), "\(holder.summary)")
        #expect(holder.summary.contains(#"("slipway release\n::error::pwned \033[31m")"#), "\(holder.summary)")
    }

    @Test("invalid UTF-8 in the spec is reported at its line and column")
    func invalidUTF8Position() throws {
        let repo = try TestRepository()
        var bytes = Array("name: A\nsettings:\n  base:\n    MARKETING_VERSION: \"1.0".utf8)
        bytes += [0xFF]
        bytes += Array("\"\n".utf8)
        try Data(bytes).write(to: repo.url.appendingPathComponent("project.yml"))
        let result = try repo.slipway("version")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("project.yml:4:28: error: invalid leading UTF-8 octet"), "\(result.stderr)")
    }
}
