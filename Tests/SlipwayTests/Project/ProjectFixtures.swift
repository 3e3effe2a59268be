import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayProject
import SlipwaySpec
import Testing

/// The project fixtures (`Tests/Fixtures/Projects/<name>`) and the public corpus, read into models in place.
enum ProjectFixtures {
    static let root = JSONSchemaCheck.packageRoot.appendingPathComponent("Tests/Fixtures/Projects")
    static let names = [
        "split-target", "multi-platform", "scheme-templates", "shared-test-scheme", "destinations", "nested-spec",
    ]
    /// The public spec corpus, in the repository: one folder per repository snapshot, each laid out as in its
    /// repository (`Tests/Fixtures/Corpus`; its NOTICE.md names each folder's source, commit and licence).
    static let corpus = JSONSchemaCheck.packageRoot.appendingPathComponent("Tests/Fixtures/Corpus")

    /// Every spec file in the corpus (`.yml`, `.yaml`, `.json` inside a snapshot folder), relative to `corpus`,
    /// sorted; not the XcodeGen oracle's outputs beside them (`<spec>.oracle/`, scripts/update-oracle.sh). Throws
    /// when there is none, so a test that walks the corpus never passes over nothing.
    static func corpusSpecs() throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: corpus.path) else {
            throw TestFailure("no corpus at \(corpus.path)")
        }
        let found = walker.compactMap { $0 as? String }.filter {
            $0.contains("/") && ["yml", "yaml", "json"].contains(($0 as NSString).pathExtension.lowercased())
                && !$0.split(separator: "/").contains { $0.hasSuffix(".oracle") }
        }
        guard !found.isEmpty else { throw TestFailure("the corpus at \(corpus.path) has no specs") }
        return found.sorted()
    }

    /// The model of the spec at `spec` (absolute), messages naming files relative to `folder`.
    static func model(spec: URL, folder: URL, environment: [String: String] = [:]) throws -> ProjectModel {
        let files = SpecLoader(root: folder, isRepository: false, currentDirectory: folder, environment: environment)
        return try ProjectModel.read(SpecLocation(spec: SpecPath.canonical(spec)), files: files)
    }

    static func model(_ name: String) throws -> ProjectModel {
        let folder = root.appendingPathComponent(name)
        let configured = name == "nested-spec" ? "ios/project.yml" : "project.yml"
        return try model(spec: folder.appendingPathComponent(configured), folder: folder)
    }

    /// Compares `text` with the golden file, or writes it when `SLIPWAY_UPDATE_GOLDENS=1`.
    static func compare(_ text: String, golden: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment["SLIPWAY_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(
                at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: golden)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(
            text == expected,
            "\(golden.path) differs; regenerate with scripts/update-goldens.sh and review the diff",
            sourceLocation: sourceLocation)
    }
}
