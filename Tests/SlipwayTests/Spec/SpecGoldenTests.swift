import Foundation
import Testing

/// One run of the built binary on a fixture, with golden outputs under `Tests/Fixtures/Specs/<fixture>/expected/<name>/`:
/// `stdout`, `stderr` (absent when empty) and `files/<path>` for every file the run changes. Every other file must
/// come out byte for byte as it went in. `SLIPWAY_UPDATE_GOLDENS=1` rewrites the goldens (review the diff!).
struct GoldenCase: CustomStringConvertible, Sendable {
    var fixture: String
    var name: String
    var arguments: [String]
    var status: Int32
    /// What the edit is meant to do to every literal version, checked independently of the goldens.
    var intent: VersionIntent

    var description: String { "\(fixture)/\(name): slipway \(arguments.joined(separator: " "))" }

    init(_ fixture: String, _ name: String, _ arguments: [String], status: Int32 = 0, intent: VersionIntent = .none) {
        self.fixture = fixture
        self.name = name
        self.arguments = arguments
        self.status = status
        self.intent = intent
    }

    static let all: [GoldenCase] = [
        GoldenCase("settings-forms", "version", ["version"]),
        GoldenCase("settings-forms", "bump-patch", ["bump", "patch"], intent: .level("patch")),
        GoldenCase("settings-forms", "bump-major-dry-run", ["bump", "major", "--dry-run"]),
        GoldenCase("settings-forms", "bump-minor-json", ["bump", "minor", "--json"], intent: .level("minor")),
        GoldenCase("setting-groups", "bump-minor", ["bump", "minor"], intent: .level("minor")),
        GoldenCase("anchors", "version", ["version"]),
        GoldenCase("anchors", "bump-patch", ["bump", "patch"], intent: .level("patch")),
        GoldenCase("flow-style", "bump-minor", ["bump", "minor"], intent: .level("minor")),
        GoldenCase("flow-style", "bump-major", ["bump", "major"], intent: .level("major")),
        GoldenCase("includes", "version-json", ["version", "--json"]),
        GoldenCase("includes", "bump-patch", ["bump", "patch"], intent: .level("patch")),
        GoldenCase("includes", "bump-build-dry-run", ["bump", "build", "--dry-run"]),
        GoldenCase("project-root", "bump-major", ["bump", "major"], intent: .level("major")),
        GoldenCase("json-spec", "bump-minor", ["bump", "minor", "--spec", "project.json"], intent: .level("minor")),
        GoldenCase("info-properties", "version", ["version"]),
        GoldenCase("info-properties", "bump-patch", ["bump", "patch"], intent: .level("patch")),
        GoldenCase("crlf-bom", "bump-patch", ["bump", "patch"], intent: .level("patch")),
        GoldenCase("crlf-bom", "bump-patch-dry-run", ["bump", "patch", "--dry-run"]),
        GoldenCase("unicode-tabs", "bump-minor", ["bump", "minor"], intent: .level("minor")),
        GoldenCase("dotted-build", "bump-build", ["bump", "build"], intent: .set(marketing: nil, build: "2024.11.10")),
        GoldenCase(
            "dotted-build", "bump-minor", ["bump", "minor"], intent: .set(marketing: "2024.12", build: "2024.11.10")),
        GoldenCase("mismatch", "version", ["version"], status: 1),
        GoldenCase("mismatch", "bump-patch", ["bump", "patch"], status: 1),
        GoldenCase("mismatch", "bump-build", ["bump", "build"], status: 1),
        GoldenCase(
            "mismatch", "set-both", ["bump", "--set", "1.8.1", "--build", "65"],
            intent: .set(marketing: "1.8.1", build: "65")),
        GoldenCase("malformed", "bump-patch", ["bump", "patch"], status: 2),
        GoldenCase("malformed", "version", ["version"], status: 2),
        GoldenCase("non-numeric", "bump-patch", ["bump", "patch"], status: 2),
        GoldenCase("non-numeric", "set", ["bump", "--set", "1.2.0"], intent: .set(marketing: "1.2.0", build: nil)),
        GoldenCase("environment-only", "bump-patch", ["bump", "patch"], status: 2),
        GoldenCase("environment-only", "version", ["version"]),
        GoldenCase("build-from-ci", "bump-patch", ["bump", "patch"], intent: .set(marketing: "4.0.2", build: nil)),
        GoldenCase("build-from-ci", "bump-build", ["bump", "build"], status: 2),
        GoldenCase("missing-include", "bump-patch", ["bump", "patch"], status: 2),
        GoldenCase("no-version", "bump-patch", ["bump", "patch"], status: 2),
        GoldenCase("misread", "bump-patch", ["bump", "patch"], status: 2),
        GoldenCase(
            "misread", "set", ["bump", "--set", "1.10.1", "--build", "4"], intent: .set(marketing: "1.10.1", build: "4")
        ),
        // Pins the dry run's text and JSON on many targets (the bench's shape) and on anchors and includes, so making
        // bump faster changes none of it.
        GoldenCase("many-targets", "bump-patch-dry-run", ["bump", "patch", "--dry-run"]),
        GoldenCase("many-targets", "bump-patch-dry-run-json", ["bump", "patch", "--dry-run", "--json"]),
        GoldenCase(
            "many-targets", "bump-major-set-build-json", ["bump", "major", "--build", "10000", "--json"],
            intent: .set(marketing: "4.0.0", build: "10000")),
        GoldenCase("many-targets", "version-json", ["version", "--json"]),
        GoldenCase("anchors", "bump-minor-dry-run-json", ["bump", "minor", "--dry-run", "--json"]),
        GoldenCase("includes", "bump-patch-dry-run-json", ["bump", "patch", "--dry-run", "--json"]),
    ]
}

@Suite("spec fixtures: golden outputs, byte for byte")
struct SpecGoldenTests {
    static let updating = ProcessInfo.processInfo.environment["SLIPWAY_UPDATE_GOLDENS"] == "1"

    @Test("each run prints its golden output and leaves exactly the golden files", arguments: GoldenCase.all)
    func golden(_ golden: GoldenCase) throws {
        let fixture = try SpecFixture(golden.fixture)
        let before = try fixture.original()
        let result = try fixture.slipway(golden.arguments)
        let after = try fixture.snapshot()
        let expected = SpecFixture.root.appendingPathComponent(golden.fixture).appendingPathComponent("expected")
            .appendingPathComponent(golden.name)

        if SpecGoldenTests.updating {
            try? FileManager.default.removeItem(at: expected)
            try FileManager.default.createDirectory(at: expected, withIntermediateDirectories: true)
            try Data(result.stdout.utf8).write(to: expected.appendingPathComponent("stdout"))
            if !result.stderr.isEmpty {
                try Data(result.stderr.utf8).write(to: expected.appendingPathComponent("stderr"))
            }
            for (path, bytes) in after where before[path] != bytes {
                let file = expected.appendingPathComponent("files").appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try bytes.write(to: file)
            }
            // The comparisons below would only compare the new goldens with themselves: never report a pass.
            Issue.record(
                """
                rewrote the goldens of \(golden.fixture)/\(golden.name): review the diff, then run without \
                SLIPWAY_UPDATE_GOLDENS
                """)
        }

        #expect(result.status == golden.status, "stderr: \(result.stderr)")
        let stdout =
            (try? String(contentsOf: expected.appendingPathComponent("stdout"), encoding: .utf8)) ?? "<missing golden>"
        let stderr = (try? String(contentsOf: expected.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
        #expect(result.stdout == stdout)
        #expect(result.stderr == stderr)
        let goldenFiles = try SpecFixture.snapshot(expected.appendingPathComponent("files"))
        #expect(
            Set(after.keys) == Set(before.keys),
            "files appeared or vanished: \(Set(after.keys).symmetricDifference(before.keys))")
        for (path, bytes) in after {
            let want = goldenFiles[path] ?? before[path]
            #expect(bytes == want, "\(path) differs from its golden")
        }
        if golden.status != 0 || golden.arguments.contains("--dry-run") {
            #expect(after == before, "a refusal or a dry run must leave every file untouched")
        }
    }

    @Test(
        "each edited file parses before and after, and the documents differ only in the version values",
        arguments: GoldenCase.all.filter { $0.intent != .none })
    func onlyVersionsChange(_ golden: GoldenCase) throws {
        let fixture = try SpecFixture(golden.fixture)
        let before = try fixture.original()
        let result = try fixture.slipway(golden.arguments)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let after = try fixture.snapshot()
        var changedValues = 0
        for (path, old) in before.sorted(by: { $0.key < $1.key }) where after[path] != old {
            guard let new = after[path] else { continue }
            let comparison = try DocumentComparison(
                path: path, before: [UInt8](old), after: [UInt8](new), intent: golden.intent)
            #expect(comparison.problems.isEmpty, "\(path): \(comparison.problems.joined(separator: "; "))")
            changedValues += comparison.changedValues
            // Replacing a non-numeric value (1.2-beta) legitimately changes letters too.
            if golden.fixture != "non-numeric" {
                #expect(DocumentComparison.lineProblems(before: [UInt8](old), after: [UInt8](new)).isEmpty)
            }
        }
        #expect(changedValues > 0, "the bump changed no value")
    }
}
