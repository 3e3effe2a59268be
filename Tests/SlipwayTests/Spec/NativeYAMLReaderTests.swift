import Foundation
import Testing

@testable import SlipwayYAML

/// The native reader against libyaml: on every input it either declines or builds the tree `YAMLTreeBuilder` builds
/// from libyaml's events, record for record.
@Suite("Native YAML reader against libyaml")
struct NativeYAMLReaderTests {
    /// What the native reader did with one input.
    enum Outcome: Equatable {
        case same
        case declined
        case differs(String)
    }

    static func outcome(_ bytes: [UInt8]) -> Outcome {
        let native = NativeYAMLReader.read(bytes)
        var builder = YAMLTreeBuilder(path: "input.yml", bytes: bytes)
        guard let expected = try? builder.parse() else {
            return native == nil ? .declined : .differs("libyaml refuses the input, the native reader read it")
        }
        guard let native else { return .declined }
        if let difference = difference(native.tree, expected.tree) { return .differs(difference) }
        return native.documents == expected.documents
            ? .same : .differs("documents \(native.documents) != \(expected.documents)")
    }

    /// The first field where two trees differ, or `nil`.
    static func difference(_ native: YAMLTree, _ expected: YAMLTree) -> String? {
        guard native.table.count == expected.table.count else {
            return "\(native.table.count) records != \(expected.table.count)"
        }
        for index in 0..<native.table.count {
            let (mine, theirs) = (native.table[index], expected.table[index])
            if mine.start != theirs.start || mine.end != theirs.end || mine.link != theirs.link
                || native.table.flags(index) != expected.table.flags(index)
            {
                return "record \(index): \(mine) flags \(native.table.flags(index)) != \(theirs) flags "
                    + "\(expected.table.flags(index)) (\(expected.mark(index)))"
            }
        }
        if native.values != expected.values { return "values differ" }
        if !native.extras.isEmpty || !expected.extras.isEmpty { return "extras: \(expected.extras)" }
        let positions = { (tree: YAMLTree) in tree.positions.map { "\($0.key):\($0.value.line):\($0.value.column)" } }
        if Set(positions(native)) != Set(positions(expected)) { return "positions \(positions(expected))" }
        let checkpoints = { (tree: YAMLTree) in
            tree.lines.checkpoints.map { [$0.offset, $0.character, $0.line, $0.column] }
        }
        if native.lines.textStart != expected.lines.textStart || checkpoints(native) != checkpoints(expected) {
            return "checkpoints \(checkpoints(native)) != \(checkpoints(expected))"
        }
        return nil
    }

    /// Checks one input; returns whether the native reader took it.
    @discardableResult
    static func check(_ text: String, _ comment: String = "") -> Bool {
        check(Array(text.utf8), comment.isEmpty ? text : comment)
    }

    @discardableResult
    static func check(_ bytes: [UInt8], _ comment: String) -> Bool {
        let result = outcome(bytes)
        if case .differs(let difference) = result { Issue.record("\(comment): \(difference)") }
        return result == .same
    }

    static func files(under root: URL, extensions: Set<String>? = nil) -> [URL] {
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        return (walker?.compactMap { $0 as? URL } ?? []).filter { url in
            (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
                && extensions.map { $0.contains(url.pathExtension.lowercased()) } ?? true
        }.sorted { $0.path < $1.path }
    }

    static var corpusFiles: [URL] { files(under: ProjectFixtures.corpus.appendingPathComponent("specs")) }

    @Test("every corpus file reads the same, and most take the native path")
    func corpus() throws {
        let files = Self.corpusFiles
        #expect(files.count >= 30)
        var taken = 0
        for file in files where Self.check(Array(try Data(contentsOf: file)), file.path) { taken += 1 }
        // Of the 32 files: the JSON include, the xcconfig and a few with constructs the reader leaves to libyaml.
        #expect(taken >= 25, "native path taken for \(taken) of \(files.count)")
    }

    @Test("every YAML fixture of the tests reads the same")
    func fixtures() throws {
        let root = JSONSchemaCheck.packageRoot.appendingPathComponent("Tests/Fixtures")
        let files = Self.files(under: root, extensions: ["yml", "yaml"])
        #expect(files.count >= 20)
        var taken = 0
        for file in files where Self.check(Array(try Data(contentsOf: file)), file.path) { taken += 1 }
        #expect(taken * 2 >= files.count, "native path taken for \(taken) of \(files.count)")
    }

    @Test("bench/bump.sh's spec shape takes the native path")
    func benchShape() {
        #expect(Self.check(BenchSpec.text(targets: 3), "bench spec"))
        #expect(Self.check("\u{FEFF}" + BenchSpec.text(targets: 40), "bench spec with a BOM"))
        #expect(Self.check("---\n" + BenchSpec.text(targets: 2), "bench spec after ---"))
    }

    @Test("characters of two, three and four bytes: libyaml's lines and columns at every checkpoint")
    func wideCharacters() {
        let names = ["Café", "日本語のアプリ", "🚀 Rocket", "plain"]
        let text = (0..<300).map { "  key\($0): \(names[$0 % 4]) # ü\n  \"q\($0)\": '\(names[($0 + 1) % 4])'\n" }
        #expect(Self.check("targets:\n" + text.joined(), "wide characters"))
    }

    @Test("more records than one chunk of the table holds")
    func manyRecords() {
        let count = YAMLTree.Table.mask + 5000
        let text = "items: [" + Array(repeating: "x", count: count).joined(separator: ", ") + "]\nlast: 1\n"
        #expect(Self.check(text, "\(count + 4) records"))
    }

    @Test("mutated corpus files: each declines or reads the same")
    func mutations() throws {
        for file in Self.corpusFiles where ["yml", "yaml"].contains(file.pathExtension) {
            let bytes = Array(try Data(contentsOf: file))
            for (index, mutant) in YAMLMutations(bytes).all.enumerated() {
                Self.check(mutant, "\(file.lastPathComponent) mutation \(index)")
            }
        }
    }
}
