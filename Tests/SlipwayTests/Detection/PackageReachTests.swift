import Foundation
import Testing

/// A file of a local package (`packages: {X: {path: …}}`) counts for every target that depends on the package,
/// and for what depends on those: in `detect`'s affected targets, its CI matrix and `run --affected`.
@Suite("detect: reach through local packages")
struct PackageReachTests {
    /// The bundled example app, committed without its `.slipway.yml` so `run` derives its stages from the spec, and
    /// tagged as released.
    static func example() throws -> TestRepository {
        let repo = try TestRepository()
        let source = JSONSchemaCheck.packageRoot.appendingPathComponent("Examples/MyApp")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path)
        where ![".slipway.yml", ".build", ".swiftpm", "build"].contains(name) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: repo.url.appendingPathComponent(name))
        }
        try repo.commit("The example app")
        try repo.git(["tag", "-a", "v1.4.2", "-m", "v1.4.2"])
        return repo
    }

    @Test("a change to the example's NotesKit package reaches both apps, in detect, the matrix and run --affected")
    func notesKitReachesBothApps() throws {
        let repo = try Self.example()
        try repo.write("Shared/Sources/NotesKit/Note.swift", "public struct Note {}\n")
        try repo.commit("Notes without fields")
        let affected = DetectAffectedTests.affected(try repo.detectJSON())
        #expect(affected.keys.sorted() == ["MyApp", "MyAppWatch"])
        #expect(affected["MyApp"]?["paths"] as? [String] == ["Shared/Sources/NotesKit/Note.swift"])
        #expect(affected["MyAppWatch"]?["paths"] as? [String] == ["Shared/Sources/NotesKit/Note.swift"])
        #expect(affected["MyAppWatch"]?["platforms"] as? [String] == ["watchOS"])

        let output = repo.directory.url.appendingPathComponent("github-output")
        let matrix = try repo.slipway("detect", "--github-matrix", extraEnvironment: ["GITHUB_OUTPUT": output.path])
        #expect(matrix.status == 0, "\(matrix.stderr)")
        #expect(try String(contentsOf: output, encoding: .utf8).contains("\"scheme\":\"MyApp\""))

        let run = try repo.slipway("run", "--dry-run", "--affected")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("-scheme MyApp "))
        #expect(!run.stdout.contains("skipping MyApp "))
    }

    @Test("a file beside the package, or among the package's own tests, reaches no app target")
    func outsideThePackage() throws {
        let repo = try Self.example()
        try repo.write("Shared.md", "notes about the package\n")
        try repo.write("README.md", "# changed\n")
        try repo.write("Shared/Tests/NotesKitTests/NoteStoreTests.swift", "// no test yet\n")
        try repo.commit("Docs")
        #expect(DetectAffectedTests.affected(try repo.detectJSON()).isEmpty)
    }
}
