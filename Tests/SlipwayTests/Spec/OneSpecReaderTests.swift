import Foundation
import Testing

/// `detect`, `run`, `version` and `bump` find the spec, follow `include:` and read versions the same way (the Spec
/// module's), so a file one command treats as part of the spec is part of it for all of them.
@Suite("one way to find the spec, follow include: and read versions")
struct OneSpecReaderTests {
    /// `ios/project.yml` whose include resolves against the project root `.` (the repository root), as
    /// `xcodegen --project-root .` resolves it.
    func projectRootRepository() throws -> TestRepository {
        let repo = try TestRepository()
        // The edits below are comments: detect judges spec files by path here, the question being which files are.
        try repo.write(".slipway.yml", "spec: ios/project.yml\nprojectRoot: .\ndetect: {buildConfig: paths}\n")
        try repo.write(
            "ios/project.yml",
            """
            name: MyApp
            include: [Config/base.yml]
            targets:
              MyApp: {type: application, platform: iOS}

            """)
        try repo.write(
            "Config/base.yml", "settings:\n  base:\n    MARKETING_VERSION: 3.1.0\n    CURRENT_PROJECT_VERSION: 42\n")
        try repo.touch("iOS/App.swift")
        try repo.commit("Initial commit")
        return repo
    }

    // MARK: detect

    @Test("detect counts a file included through projectRoot, as version lists it")
    func detectFollowsProjectRoot() throws {
        let repo = try projectRootRepository()
        let version = try repo.slipway("version")
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout.contains("Config/base.yml:3:24"))
        try repo.edit("Config/base.yml", "# tuned")
        try repo.commit("Tune the base settings")
        #expect(try repo.detect().reason("build-config")?.paths == ["Config/base.yml"])
        #expect(try repo.detect("HEAD~1..HEAD").reason("build-config")?.paths == ["Config/base.yml"])
        #expect(try repo.detectEach("HEAD~1..HEAD").first?.reason("build-config")?.paths == ["Config/base.yml"])
    }

    @Test("a project.yaml spec is found by detect and run as by version, with its includes")
    func projectYAML() throws {
        let repo = try TestRepository()
        try repo.write(
            "project.yaml",
            """
            name: Weather
            include: [Config/versions.yml]
            targets:
              Weather: {type: application, platform: iOS}

            """)
        try repo.write(
            "Config/versions.yml", "settings:\n  MARKETING_VERSION: \"2.0\"\n  CURRENT_PROJECT_VERSION: \"7\"\n")
        try repo.write(".slipway.yml", "detect: {buildConfig: paths}\n")
        try repo.touch("iOS/App.swift")
        try repo.commit("Initial commit")
        try repo.edit("Config/versions.yml", "# tuned")
        try repo.commit("Tune the versions")
        #expect(try repo.detect().reason("build-config")?.paths == ["Config/versions.yml"])

        let run = try repo.slipway("run", "--dry-run")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Default stages for the XcodeGen project project.yaml"))
        #expect(run.stdout.contains("xcodegen generate --spec project.yaml\n"))
        #expect(run.stdout.contains("-scheme Weather"))
        #expect(run.stdout.contains("     SLIPWAY_VERSION=2.0\n"))
        #expect(run.stdout.contains("     SLIPWAY_BUILD=7\n"))
    }

    @Test("a bare repository finds project.yaml in HEAD's tree and follows its includes")
    func bareRepository() throws {
        let repo = try TestRepository()
        try repo.write("project.yaml", "name: MyApp\ninclude: [Config/base.yml]\n")
        try repo.write("Config/base.yml", "settings: {}\n")
        try repo.write(".slipway.yml", "detect: {buildConfig: paths}\n")
        try repo.commit("Initial commit")
        try repo.edit("Config/base.yml", "# tuned")
        try repo.commit("Tune the base settings")
        let bare = repo.directory.url.appendingPathComponent("bare.git")
        try repo.git(["clone", "-q", "--bare", repo.path, bare.path], in: repo.directory.url)
        let result = try repo.slipway(["detect", "--json"], at: bare)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try DetectReport.decode(result.stdout).reason("build-config")?.paths == ["Config/base.yml"])
    }

    @Test("detect expands ${VAR} in include paths and {path:} globs, as XcodeGen and version do")
    func variablesAndGlobs() throws {
        let repo = try TestRepository()
        try repo.write(
            "project.yml",
            """
            name: MyApp
            include:
              - path: Flavors/${FLAVOR}.yml
              - path: Targets/*.yml

            """)
        try repo.write("Flavors/beta.yml", "settings: {}\n")
        try repo.write("Targets/app.yml", "targets: {}\n")
        try repo.write("Targets/watch.yml", "targets: {}\n")
        try repo.write(".slipway.yml", "detect: {buildConfig: paths}\n")
        try repo.touch("iOS/App.swift")
        try repo.commit("Initial commit")
        for path in ["Flavors/beta.yml", "Targets/watch.yml"] {
            try repo.edit(path, "# tuned")
            try repo.commit("Tune \(path)")
            let result = try repo.slipway("detect", "--json", extraEnvironment: ["FLAVOR": "beta"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try DetectReport.decode(result.stdout).reason("build-config")?.paths == [path])
        }
    }

    @Test("relativePaths: false resolves the included file's own includes against the base path, in detect too")
    func relativePathsFalse() throws {
        let repo = try TestRepository()
        try repo.write(
            "App/project.yml", "name: MyApp\ninclude:\n  - path: Shared/base.yml\n    relativePaths: false\n")
        try repo.write(".slipway.yml", "spec: App/project.yml\ndetect: {buildConfig: paths}\n")
        try repo.write("App/Shared/base.yml", "include: [Shared/more.yml]\n")
        try repo.write("App/Shared/more.yml", "settings: {}\n")
        try repo.write("App/Shared/Shared/more.yml", "settings: {}\n")
        try repo.commit("Initial commit")
        try repo.edit("App/Shared/more.yml", "# tuned")
        try repo.edit("App/Shared/Shared/more.yml", "# tuned")
        try repo.commit("Tune both")
        #expect(try repo.detect().reason("build-config")?.paths == ["App/Shared/more.yml"])
    }

    // MARK: run

    @Test("SLIPWAY_VERSION and SLIPWAY_BUILD come from an included file, and are empty when the definitions disagree")
    func stageEnvironmentVersions() throws {
        let repo = try projectRootRepository()
        var run = try repo.slipway("run", "--dry-run")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("     SLIPWAY_VERSION=3.1.0\n"))
        #expect(run.stdout.contains("     SLIPWAY_BUILD=42\n"))

        try repo.write(
            "ios/project.yml",
            """
            name: MyApp
            include: [Config/base.yml]
            settings:
              MARKETING_VERSION: 3.0.0
            targets:
              MyApp: {type: application, platform: iOS}

            """)
        run = try repo.slipway("run", "--dry-run")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("     SLIPWAY_VERSION=''\n"))
        #expect(run.stdout.contains("     SLIPWAY_BUILD=42\n"))
    }

    @Test("default stages read targets from files included through projectRoot")
    func defaultStagesFollowProjectRoot() throws {
        let repo = try TestRepository()
        try repo.write(".slipway.yml", "spec: ios/project.yml\nprojectRoot: .\n")
        try repo.write("ios/project.yml", "name: Notes\ninclude: [Targets/app.yml]\n")
        try repo.write("Targets/app.yml", "targets:\n  Notes: {type: application, platform: iOS}\n")
        try repo.commit("Initial commit")
        let run = try repo.slipway("run", "--dry-run")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("xcodegen generate --spec ios/project.yml --project-root .\n"))
        #expect(
            run.stdout.contains(
                "xcodebuild build -project ios/Notes.xcodeproj -scheme Notes -destination 'generic/platform=iOS Simulator'"
            ))
    }

    // MARK: bump

    @Test("bump --dry-run from a subfolder prints repository-relative paths that git apply accepts")
    func dryRunFromSubfolder() throws {
        let repo = try projectRootRepository()
        let result = try repo.slipway("bump", "patch", "--dry-run", in: "iOS")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("--- a/Config/base.yml\n+++ b/Config/base.yml\n"))
        try repo.git(["apply", "--check", "-"], input: result.stdout)
        try repo.git(["apply", "-"], input: result.stdout)
        #expect(try repo.read("Config/base.yml").contains("MARKETING_VERSION: 3.1.1\n"))
    }

    // MARK: .slipway.yml

    @Test(
        "an empty spec or projectRoot in .slipway.yml is an error at its position",
        arguments: [
            ("spec: \"\"\n", ".slipway.yml:1:7: error: 'spec' must not be empty"),
            ("spec: project.yml\nprojectRoot: '  '\n", ".slipway.yml:2:14: error: 'projectRoot' must not be empty"),
        ])
    func emptyPaths(configuration: String, expected: String) throws {
        let repo = try TestRepository()
        try repo.write(".slipway.yml", configuration)
        try repo.write("project.yml", "name: MyApp\nsettings:\n  MARKETING_VERSION: 1.0.0\n")
        for arguments in [["version"], ["detect"]] {
            let result = try repo.slipway(arguments: arguments)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix(expected), "\(arguments): \(result.stderr)")
        }
    }

    // MARK: version

    @Test("version shows an unquoted 0099 build number with a warning; only bump refuses it")
    func zeroPaddedBuildNumber() throws {
        let repo = try TestRepository()
        try repo.write(
            "project.yml", "name: MyApp\nsettings:\n  MARKETING_VERSION: 1.2.0\n  CURRENT_PROJECT_VERSION: 0099\n")
        let version = try repo.slipway("version")
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout.hasPrefix("marketing version  1.2.0\nbuild number       0099\n"))
        #expect(
            version.stderr.hasPrefix(
                "project.yml:4:28: warning: CURRENT_PROJECT_VERSION 0099 is not quoted, so YAML reads it as the number 99"
            ))
        #expect(version.stderr.contains("\n  CURRENT_PROJECT_VERSION: 0099\n                           ^\n"))
        #expect(version.stderr.contains("'slipway bump' refuses"))

        let json = try repo.slipway("version", "--json")
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"misread\":\"the number 99\""))

        let bump = try repo.slipway("bump", "patch")
        #expect(bump.status == 2)
        #expect(bump.stderr.hasPrefix("project.yml:4:28: error: CURRENT_PROJECT_VERSION 0099 is not quoted"))
        #expect(try repo.read("project.yml").contains("0099"))
    }
}
