import Foundation
import SlipwayCore
import SlipwayKit
import Testing

/// The project fixtures (`Tests/Fixtures/Projects/<name>`) and the public corpus, read into models in place.
enum ProjectFixtures {
    static let root = JSONSchemaCheck.packageRoot.appendingPathComponent("Tests/Fixtures/Projects")
    static let names = [
        "split-target", "multi-platform", "scheme-templates", "shared-test-scheme", "destinations", "nested-spec",
    ]
    /// `SLIPWAY_CORPUS`, else `shared/corpus` beside the package (as scripts/check-corpus.sh finds it).
    static var corpus: URL {
        if let path = ProcessInfo.processInfo.environment["SLIPWAY_CORPUS"] { return URL(fileURLWithPath: path) }
        return JSONSchemaCheck.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// Every spec file in the corpus (as check-bump.py tries them), relative to `corpus/specs`.
    static func corpusSpecs() throws -> [String] {
        let specs = corpus.appendingPathComponent("specs")
        guard let walker = FileManager.default.enumerator(atPath: specs.path) else {
            throw TestFailure("no corpus at \(specs.path): set SLIPWAY_CORPUS or put it in shared/corpus")
        }
        let found = walker.compactMap { $0 as? String }.filter {
            ["yml", "yaml", "json"].contains(($0 as NSString).pathExtension.lowercased())
        }
        guard !found.isEmpty else { throw TestFailure("the corpus at \(specs.path) has no specs") }
        return found.sorted()
    }

    /// The model of the spec at `spec` (absolute), messages naming files relative to `folder`.
    static func model(spec: URL, folder: URL, environment: [String: String] = [:]) throws -> ProjectModel {
        let context = SpecContext(
            currentDirectory: folder, root: folder, repository: nil, configuration: Configuration(),
            environment: environment)
        return try ProjectModel.read(SpecLocation(spec: SpecPath.canonical(spec)), context: context)
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
