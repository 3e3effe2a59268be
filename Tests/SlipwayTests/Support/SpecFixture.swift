import Foundation

/// A spec fixture from `Tests/Fixtures/Specs/<name>/spec`, copied into a fresh temporary folder to run Slipway on.
final class SpecFixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Specs", isDirectory: true)

    let name: String
    let directory: TemporaryDirectory
    let home: TemporaryDirectory
    /// The copy Slipway runs in.
    var url: URL { directory.url.appendingPathComponent("work", isDirectory: true) }
    /// The fixture's original input folder.
    var source: URL { SpecFixture.root.appendingPathComponent(name).appendingPathComponent("spec", isDirectory: true) }

    init(_ name: String) throws {
        self.name = name
        directory = TemporaryDirectory("slipway-spec")
        home = TemporaryDirectory("slipway-home")
        try FileManager.default.copyItem(at: source, to: url)
    }

    /// Runs the built binary in the copy (or a folder inside it).
    func slipway(_ arguments: [String], in subfolder: String? = nil, environment extra: [String: String] = [:]) throws
        -> ProcessResult
    {
        let folder = subfolder.map { url.appendingPathComponent($0) } ?? url
        return try SlipwayBinary.run(
            arguments, in: folder, environment: isolatedEnvironment(home: home.url, extra: extra))
    }

    /// Every file under `folder`, by relative path, with its bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        guard
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return files }
        for case let file as URL in enumerator {
            guard try file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let path = file.standardizedFileURL.path
            let relative = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
            files[relative] = try Data(contentsOf: file)
        }
        return files
    }

    func snapshot() throws -> [String: Data] { try SpecFixture.snapshot(url) }
    func original() throws -> [String: Data] { try SpecFixture.snapshot(source) }

    func read(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appendingPathComponent(path)))
    }

    func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}
