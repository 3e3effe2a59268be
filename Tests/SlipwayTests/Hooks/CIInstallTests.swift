import Foundation
import SlipwayHooks
import Testing

@Suite("bundled hooks/ and ci/ files, and slipway ci install")
struct CIInstallTests {
    /// Every regular file under a folder of the source tree, repository-relative, sorted.
    func sourceFiles(under folder: String) throws -> [String] {
        let base = SourceTree.root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: base.appendingPathComponent(relative).path, isDirectory: &isDirectory), !isDirectory.boolValue
            {
                paths.append("\(folder)/\(relative)")
            }
        }
        return paths.sorted()
    }

    /// The `--source`/`--ref` every install below passes (the bundled files name a placeholder without them).
    static let source = ["--source", "https://github.com/acme/slipway.git", "--ref", String(repeating: "a", count: 40)]

    /// A file of ci/ as an install with `source` writes it: the source in place of the placeholder.
    static func rendered(_ path: String) throws -> [UInt8] {
        let text = String(decoding: try SourceTree.bytes(path), as: UTF8.self)
            .replacingOccurrences(of: CISource.placeholderAction, with: "acme/slipway@" + source[3])
            .replacingOccurrences(of: CISource.placeholderURL, with: source[1])
            .replacingOccurrences(of: "SLIPWAY_REF:-v0.1.0", with: "SLIPWAY_REF:-" + source[3])
        return Array(text.utf8)
    }

    func isExecutable(_ url: URL) throws -> Bool {
        ((try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? 0) & 0o111 != 0
    }

    @Test("the binary carries every file of hooks/ and ci/ byte for byte (else run scripts/bundle-files.sh)")
    func bundledMatchesSources() throws {
        let expected = try sourceFiles(under: "ci") + (try sourceFiles(under: "hooks"))
        #expect(BundledFile.all.map(\.path).sorted() == expected.sorted(), "run scripts/bundle-files.sh")
        for file in BundledFile.all {
            let url = SourceTree.root.appendingPathComponent(file.path)
            #expect(
                file.bytes == (try SourceTree.bytes(file.path)), "\(file.path) drifted: run scripts/bundle-files.sh")
            #expect(file.executable == (try isExecutable(url)), "\(file.path): executable bit differs")
        }
    }

    @Test("hook scripts and Xcode Cloud scripts are executable, POSIX sh, and the CI scripts use set -eu")
    func scriptsShape() throws {
        for file in BundledFile.all where !file.path.hasSuffix(".yml") {
            #expect(file.executable, "\(file.path) is not executable")
            #expect(file.contents.hasPrefix("#!/bin/sh\n"), "\(file.path) is not a POSIX sh script")
            if file.path.hasPrefix("ci/") {
                #expect(file.contents.contains("\nset -eu\n"), "\(file.path) lacks set -eu")
            }
        }
    }

    @Test("the workflow pins every action by full commit sha and splices no expression into run:")
    func workflowRules() throws {
        let workflow = try #require(BundledFile.named("ci/github/slipway.yml")).contents
        let uses = workflow.split(separator: "\n").filter { $0.contains("uses:") }
        #expect(!uses.isEmpty)
        for line in uses {
            let pinned =
                line.range(
                    of: #"uses: actions/[a-z-]+(/[a-z-]+)?@[0-9a-f]{40} # v\d+\.\d+\.\d+$"#, options: .regularExpression
                )
                != nil
            let slipway = line.hasSuffix("uses: \(CISource.placeholderAction)\(CISource.actionMarker)")
            #expect(pinned || slipway, "\(line)")
        }
        // A run: script is the run: line and every line indented deeper than its key.
        var runIndent: Int?
        var runSteps = 0
        var scriptLines = 0
        for line in workflow.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let indent = line.prefix { $0 == " " }.count
            if let key = runIndent, trimmed.isEmpty || indent > key {
                scriptLines += 1
                #expect(!line.contains("${{"), "expression in a run: script: \(line)")
                continue
            }
            runIndent = nil
            if trimmed.hasPrefix("run:") || trimmed.hasPrefix("- run:") {
                runIndent = indent + (trimmed.hasPrefix("- ") ? 2 : 0)
                runSteps += 1
                #expect(!trimmed.contains("${{"), "expression in run: \(line)")
            }
        }
        #expect(scriptLines > 20, "the multi-line run: scripts were not read (\(scriptLines) lines)")
        #expect(runSteps > 0, "no run: step found, so none was checked")
    }

    /// Every `slipway run …` command line in the bundled CI files, split into words (they quote nothing).
    func runCommands() -> [(file: String, arguments: [String])] {
        BundledFile.all.flatMap { file in
            file.contents.split(separator: "\n").compactMap { line -> (String, [String])? in
                var text = line.trimmingCharacters(in: .whitespaces)
                if text.hasPrefix("run: ") { text.removeFirst(5) }
                guard text.hasPrefix("slipway run ") else { return nil }
                return (file.path, text.split(separator: " ").dropFirst().map(String.init))
            }
        }
    }

    @Test("the CI files' 'slipway run' lines work for projects without the default stage names")
    func runLinesTolerateOtherStages() throws {
        let commands = runCommands()
        // GitHub: generate (build job), generate (test job), archive export, upload; Xcode Cloud: two generates.
        #expect(commands.count == 6, "\(commands)")
        for (file, arguments) in commands {
            #expect(arguments.contains("--if-present"), "\(file): \(arguments)")
            // GitHub jobs run only when detect said major; they say so rather than judging again.
            #expect(arguments.contains("--major") == file.hasPrefix("ci/github/"), "\(file): \(arguments)")
        }

        let custom = try TestRepository()
        try custom.write(
            ".slipway.yml",
            "stages:\n  - name: export\n    run: echo exported >> ran.txt\n  - name: lint\n    run: echo linted >> ran.txt\n"
        )
        try custom.commit("Own stages")
        let package = try TestRepository()
        try package.write(
            "Package.swift",
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Lib\")\n")
        try package.commit("Package")
        for (file, arguments) in commands {
            let result = try custom.slipway(arguments: ["run"] + arguments)
            #expect(result.status == 0, "\(file): slipway run \(arguments.joined(separator: " ")): \(result.stderr)")
            let first = try #require(arguments.first { !$0.hasPrefix("--") })
            #expect(result.stderr.contains("skipping stage '\(first)'"), "\(result.stderr)")
            let dryRun = try package.slipway(arguments: ["run", "--dry-run"] + arguments)
            #expect(dryRun.status == 0, "\(file) on a Swift package: \(dryRun.stderr)")
        }
        #expect(try custom.read("ran.txt") == "exported\n", "only the export line names a stage the project has")
    }

    @Test("ci install github writes the workflow byte for byte; again changes nothing")
    func github() throws {
        let repository = try TestRepository()
        try repository.write("README.md", "hi\n")
        try repository.commit("First")
        let result = try repository.slipway(arguments: ["ci", "install", "github"] + Self.source)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("created    .github/workflows/slipway.yml"))
        let installed = repository.url.appendingPathComponent(".github/workflows/slipway.yml")
        #expect(Array(try Data(contentsOf: installed)) == (try Self.rendered("ci/github/slipway.yml")))
        #expect(try FileManager.default.attributesOfItem(atPath: installed.path)[.posixPermissions] as? Int == 0o644)
        let again = try repository.slipway(arguments: ["ci", "install", "github"] + Self.source)
        #expect(again.stdout.contains("unchanged  .github/workflows/slipway.yml"))
    }

    @Test("ci install xcode-cloud writes executable ci_scripts beside the spec, byte for byte")
    func xcodeCloud() throws {
        let repository = try TestRepository()
        try repository.write(".slipway.yml", "spec: App/project.yml\n")
        try repository.write("App/project.yml", "name: App\n")
        try repository.commit("First")
        let result = try repository.slipway(arguments: ["ci", "install", "xcode-cloud"] + Self.source)
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["ci_post_clone.sh", "ci_pre_xcodebuild.sh", "ci_post_xcodebuild.sh"] {
            let installed = repository.url.appendingPathComponent("App/ci_scripts/\(name)")
            #expect(
                Array(try Data(contentsOf: installed)) == (try Self.rendered("ci/xcode-cloud/ci_scripts/\(name)")),
                "\(name)")
            #expect(
                try FileManager.default.attributesOfItem(atPath: installed.path)[.posixPermissions] as? Int == 0o755)
        }
        try repository.git(["add", "-A"])
        let modes = try repository.git(["ls-files", "-s", "App/ci_scripts"])
        #expect(modes.split(separator: "\n").allSatisfy { $0.hasPrefix("100755 ") }, "\(modes)")
        let elsewhere = try repository.slipway(
            arguments: ["ci", "install", "xcode-cloud", "--directory", "."] + Self.source)
        #expect(elsewhere.stdout.contains("created    ci_scripts/ci_post_clone.sh"))
    }

    @Test(
        "xcode-cloud --directory is relative to the current folder, may be absolute inside the repository, never outside"
    )
    func xcodeCloudDirectory() throws {
        let repository = try TestRepository()
        try repository.write("ios/App/project.yml", "name: App\n")
        try repository.commit("First")
        let here = try repository.slipway(
            arguments: ["ci", "install", "xcode-cloud", "--directory", "."] + Self.source, in: "ios")
        #expect(here.status == 0, "\(here.stderr)")
        #expect(here.stdout.contains("created    ios/ci_scripts/ci_post_clone.sh"), "\(here.stdout)")
        #expect(fileExists(repository.url.appendingPathComponent("ios/ci_scripts/ci_post_clone.sh")))
        #expect(!fileExists(repository.url.appendingPathComponent("ci_scripts")))

        let nested = try repository.slipway(
            arguments: ["ci", "install", "xcode-cloud", "--directory", "App"] + Self.source, in: "ios")
        #expect(nested.stdout.contains("created    ios/App/ci_scripts/ci_pre_xcodebuild.sh"), "\(nested.stdout)")

        let absolute = repository.url.appendingPathComponent("macos").path
        let inside = try repository.slipway(
            arguments: ["ci", "install", "xcode-cloud", "--directory", absolute] + Self.source)
        #expect(inside.status == 0, "\(inside.stderr)")
        #expect(inside.stdout.contains("created    macos/ci_scripts/ci_post_clone.sh"), "\(inside.stdout)")
        #expect(
            !fileExists(repository.url.appendingPathComponent(String(absolute.dropFirst()))),
            "an absolute path was taken as relative")

        let outside = repository.directory.url.appendingPathComponent("elsewhere")
        for directory in [outside.path, "../../elsewhere", "../../../../../../../../tmp/evil"] {
            let refused = try repository.slipway(
                arguments: ["ci", "install", "xcode-cloud", "--directory", directory] + Self.source, in: "ios")
            #expect(refused.status == 2, "\(directory): \(refused.stdout)")
            #expect(refused.stderr.contains("outside the repository"), "\(refused.stderr)")
        }
        #expect(!fileExists(outside))
        #expect(!fileExists(repository.directory.url.appendingPathComponent("ci_scripts")))

        // A symbolic link inside the repository that leads out of it is outside too.
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: repository.url.appendingPathComponent("link").path, withDestinationPath: outside.path)
        let viaLink = try repository.slipway(
            arguments: ["ci", "install", "xcode-cloud", "--directory", "link"] + Self.source)
        #expect(viaLink.status == 2, "\(viaLink.stdout)")
        #expect(!fileExists(outside.appendingPathComponent("ci_scripts")))
    }

    @Test("a file with other content is kept (exit 2, nothing written) unless --force")
    func conflict() throws {
        let repository = try TestRepository()
        try repository.write(".github/workflows/slipway.yml", "name: mine\n")
        try repository.commit("First")
        let refused = try repository.slipway(arguments: ["ci", "install", "github"] + Self.source)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(".github/workflows/slipway.yml already exists with other content"))
        #expect(try repository.read(".github/workflows/slipway.yml") == "name: mine\n")
        let forced = try repository.slipway(arguments: ["ci", "install", "github", "--force"] + Self.source)
        #expect(forced.status == 0)
        #expect(forced.stdout.contains("replaced   .github/workflows/slipway.yml"))
        #expect(
            Array(try Data(contentsOf: repository.url.appendingPathComponent(".github/workflows/slipway.yml")))
                == (try Self.rendered("ci/github/slipway.yml")))
    }

    @Test("an unknown target is a usage error")
    func unknownTarget() throws {
        let repository = try TestRepository()
        let result = try repository.slipway("ci", "install", "gitlab")
        #expect(result.status == 64)
        #expect(result.stderr.contains("<target> must be one of github, xcode-cloud"))
    }
}
