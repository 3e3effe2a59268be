import Foundation
import SlipwayCore
import Testing

/// The scripts of Slipway's own release workflow (.github/workflows/release.yml) that run the same anywhere: the tag
/// check, the Homebrew formula's rendering, and the check that a release binary loads only system libraries.
@Suite("Slipway's own release scripts")
struct SelfReleaseScriptsTests {
    let folder = TemporaryDirectory("slipway-self-release")

    func script(_ name: String, _ arguments: [String]) throws -> ProcessResult {
        let path = SourceTree.root.appendingPathComponent("scripts/\(name)").path
        return try runProcess(
            "/bin/sh", [path] + arguments, in: folder.url, environment: isolatedEnvironment(home: folder.url))
    }

    @Test("release-tag.sh: v<Slipway.version> prints the version; any other tag fails, naming both")
    func releaseTag() throws {
        let same = try script("release-tag.sh", ["v\(Slipway.version)"])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout == Slipway.version + "\n")
        for tag in ["v99.0.0", Slipway.version, "v\(Slipway.version)-rc.1"] {
            let other = try script("release-tag.sh", [tag])
            #expect(other.status == 1, "\(tag)")
            #expect(
                other.stdout.contains(
                    "::error file=Sources/SlipwayCore/Slipway.swift::the tag \(tag) does not name "
                        + "Slipway's version \(Slipway.version)"), "\(other.stdout)")
        }
    }

    /// The values a rendered formula holds: its version and its two sha256, macOS's first.
    struct FormulaValues: Equatable {
        var version: String
        var macOS: String
        var linux: String

        init(version: String, macOS: String, linux: String) {
            self.version = version
            self.macOS = macOS
            self.linux = linux
        }

        /// Reads them from the formula's `version "…"` and `sha256 "…"` lines.
        init(reading text: String) throws {
            func quoted(_ line: Substring, after key: String) -> String? {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix(key + " \""), trimmed.hasSuffix("\"") else { return nil }
                return String(trimmed.dropFirst(key.count + 2).dropLast())
            }
            let lines = text.split(separator: "\n")
            let versions = lines.compactMap { quoted($0, after: "version") }
            let hashes = lines.compactMap { quoted($0, after: "sha256") }
            try #require(versions.count == 1 && hashes.count == 2, "\(versions) \(hashes)")
            self.init(version: versions[0], macOS: hashes[0], linux: hashes[1])
        }
    }

    @Test("Formula/slipway.rb is what update-formula.sh renders for the version and sha256 values it holds")
    func formulaRendered() throws {
        let committed = try String(
            contentsOf: SourceTree.root.appendingPathComponent("Formula/slipway.rb"), encoding: .utf8)
        let values = try FormulaValues(reading: committed)
        let rendered = try script("update-formula.sh", [values.version, values.macOS, values.linux])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stdout == committed, "run scripts/update-formula.sh and commit its output")
    }

    @Test("update-formula.sh names the assets dist.sh packs; it refuses what is not a version or a sha256")
    func formulaValuesChecked() throws {
        let macOS = String(repeating: "ab", count: 32)
        let linux = String(repeating: "cd", count: 32)
        let rendered = try script("update-formula.sh", ["1.2.3", macOS, linux])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let releases = "https://github.com/slipway/slipway/releases/download/v1.2.3/"
        #expect(
            rendered.stdout.contains(
                "url \"\(releases)slipway-1.2.3-darwin-universal.tar.gz\"\n    sha256 \"\(macOS)\""))
        #expect(
            rendered.stdout.contains("url \"\(releases)slipway-1.2.3-linux-x86_64.tar.gz\"\n      sha256 \"\(linux)\""))
        #expect(
            try FormulaValues(reading: rendered.stdout) == FormulaValues(version: "1.2.3", macOS: macOS, linux: linux))
        for arguments in [
            ["1.2", macOS, linux], ["1.2.3\"", macOS, linux], ["1.2.3", "ABCD", linux], ["1.2.3", macOS],
        ] {
            let refused = try script("update-formula.sh", arguments)
            #expect(refused.status != 0 && refused.stdout.isEmpty, "\(arguments): \(refused.stdout)")
        }
    }

    @Test("check-release-binary.sh refuses the debug build: another version, and libraries users would not have")
    func releaseBinaryChecked() throws {
        let result = try script("check-release-binary.sh", [SlipwayBinary.path, "99.0.0"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("reports version '\(Slipway.version)', not 99.0.0"), "\(result.stdout)")
        // The debug build loads libgit2 as a shared library: Homebrew's on macOS, Debian's on Linux.
        #expect(
            result.stdout.split(separator: "\n").contains { $0.hasPrefix("::error::") && $0.contains("libgit2") },
            "\(result.stdout)")
        #expect(try script("check-release-binary.sh", [SlipwayBinary.path]).status == 64)
    }
}
