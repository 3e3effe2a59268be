import Foundation
import Testing

/// A repository fixture from `Tests/Fixtures/Apps/<name>/repo`, committed into a fresh git repository, with golden
/// outputs under `Tests/Fixtures/Apps/<name>/expected/<case>` (exit status, stdout and stderr in one file).
/// `SLIPWAY_UPDATE_GOLDENS=1` rewrites them (review the diff!).
final class AppFixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Apps", isDirectory: true)

    let name: String
    let repo: TestRepository

    /// Copies the fixture in and commits it as `init`; `configuration` becomes `.slipway.yml` when given.
    init(_ name: String, configuration: String? = nil) throws {
        self.name = name
        repo = try TestRepository()
        let source = AppFixture.root.appendingPathComponent(name).appendingPathComponent("repo")
        for item in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(item), to: repo.url.appendingPathComponent(item))
        }
        if let configuration { try repo.write(".slipway.yml", configuration) }
        try repo.commit("init")
    }

    /// Runs slipway and compares what it printed with the golden `expected/<golden>`.
    @discardableResult
    func golden(_ golden: String, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws
        -> ProcessResult
    {
        let result = try repo.slipway(arguments: arguments)
        let text = "exit \(result.status)\n--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)"
        let file = AppFixture.root.appendingPathComponent(name).appendingPathComponent("expected")
            .appendingPathComponent(golden)
        if ProcessInfo.processInfo.environment["SLIPWAY_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            Issue.record(
                "rewrote the golden \(name)/\(golden): review the diff, then run without SLIPWAY_UPDATE_GOLDENS")
            return result
        }
        let expected = (try? String(contentsOf: file, encoding: .utf8)) ?? "<missing golden \(name)/\(golden)>"
        #expect(text == expected, "golden \(name)/\(golden)", sourceLocation: sourceLocation)
        return result
    }

    static let twoApps = """
        apps:
          - name: holder
            spec: project.yml
            targets: [Holder, HolderWidget]
          - name: verifier
            spec: project.yml
            targets: [Verifier]

        """
}
