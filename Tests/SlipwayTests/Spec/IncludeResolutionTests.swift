import Foundation
import SlipwayConfig
import SlipwaySpec
import SlipwayWorkspace
import Testing

/// `include:` resolution, checked against what XcodeGen does for each form.
@Suite("include resolution as XcodeGen does it")
struct IncludeResolutionTests {
    let folder = TemporaryDirectory("slipway-includes")

    func write(_ path: String, _ text: String) throws {
        let file = folder.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// The files read, as displayed relative to the folder, root spec first.
    func files(spec: String = "project.yml", projectRoot: String? = nil, environment: [String: String] = [:]) throws
        -> [String]
    {
        let workspace = Workspace(
            currentDirectory: folder.url, root: folder.url, repository: nil, configuration: Configuration(),
            environment: environment)
        let location = try workspace.locate(SpecLocator.Options(spec: spec, projectRoot: projectRoot))
        return try workspace.versions(at: location, access: .read).spec.documents.map(\.displayPath)
    }

    @Test("a nested include resolves against the including file's folder")
    func relativeToIncludingFile() throws {
        try write("project.yml", "include: [Targets/app.yml]\n")
        try write("Targets/app.yml", "include: [Watch/watch.yml]\n")
        try write("Targets/Watch/watch.yml", "name: x\n")
        #expect(try files() == ["project.yml", "Targets/app.yml", "Targets/Watch/watch.yml"])
    }

    @Test("relativePaths: false makes the included file's own includes resolve against the base path")
    func relativePathsFalse() throws {
        try write("project.yml", "include:\n  - path: Shared/base.yml\n    relativePaths: false\n")
        try write("Shared/base.yml", "include: Shared/more.yml\n")
        try write("Shared/more.yml", "name: x\n")
        #expect(try files() == ["project.yml", "Shared/base.yml", "Shared/more.yml"])
    }

    @Test("with a project root, the root spec's includes resolve against it")
    func projectRoot() throws {
        try write("ios/project.yml", "include: [config/versions.yml]\n")
        try write("config/versions.yml", "name: x\n")
        #expect(try files(spec: "ios/project.yml", projectRoot: ".") == ["ios/project.yml", "config/versions.yml"])
        #expect(throws: SpecError.self) { try files(spec: "ios/project.yml") }
    }

    @Test("a {path:} entry in a list is a glob pattern; each file is read once even when included twice or in a cycle")
    func globsAndCycles() throws {
        try write("project.yml", "include:\n  - path: Targets/*.yml\n  - Targets/b.yml\n")
        try write("Targets/a.yml", "include: [../project.yml]\n")
        try write("Targets/b.yml", "name: b\n")
        try write("Targets/notes.txt", "not a spec\n")
        #expect(try files() == ["project.yml", "Targets/a.yml", "Targets/b.yml"])
    }

    @Test("${VAR} in paths comes from the environment, and enable: false or an unset flag skips the include")
    func environmentAndEnable() throws {
        try write(
            "project.yml",
            """
            include:
              - path: ${FLAVOR}/settings.yml
              - path: extra.yml
                enable: ${WITH_EXTRA}
              - path: missing.yml
                enable: false
            """)
        try write("beta/settings.yml", "name: beta\n")
        try write("extra.yml", "name: extra\n")
        #expect(try files(environment: ["FLAVOR": "beta"]) == ["project.yml", "beta/settings.yml"])
        #expect(
            try files(environment: ["FLAVOR": "beta", "WITH_EXTRA": "YES"]) == [
                "project.yml", "beta/settings.yml", "extra.yml",
            ])
    }

    @Test("an include that points nowhere is an error at the entry, naming the folder it resolves against")
    func missing() throws {
        try write("project.yml", "include:\n  - Targets/gone.yml\n")
        do {
            _ = try files()
            Issue.record("expected an error")
        } catch let error as SpecError {
            #expect(error.location?.line == 2)
            #expect(error.location?.column == 5)
            #expect(error.message.contains("points nowhere"))
        }
    }

    @Test("${NAME} expansion leaves unknown names and ${} as written")
    func expansion() {
        #expect(SpecInclude.expand("${A}/${}/${B}/x${A}", ["A": "a"]) == "a/${}/${B}/xa")
        #expect(SpecInclude.expand("no variables", [:]) == "no variables")
        #expect(SpecInclude.expand("${unclosed", ["unclosed": "x"]) == "${unclosed")
    }

    @Test("path normalisation folds ., .. and empty segments, and leaves normal paths as they are")
    func normalize() {
        let cases = [
            ("/a/b.yml", "/a/b.yml"), ("a/b", "a/b"), ("/", "/"), ("", "."), (".", "."), ("./a", "a"), ("a/./b", "a/b"),
            ("a//b", "a/b"), ("a/b/", "a/b"), ("a/../b", "b"), ("../a", "../a"), ("/../a", "/a"), ("a/..", "."),
            ("a/.../b", "a/.../b"), (".hidden/x.", ".hidden/x."), ("/a/b/../../..", "/"),
        ]
        for (path, normal) in cases {
            #expect(SpecPath.normalize(path) == normal, "\(path)")
        }
    }
}
