import Foundation
import SlipwayKit
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
            if FileManager.default.fileExists(atPath: base.appendingPathComponent(relative).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                paths.append("\(folder)/\(relative)")
            }
        }
        return paths.sorted()
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
            #expect(file.bytes == (try SourceTree.bytes(file.path)), "\(file.path) drifted: run scripts/bundle-files.sh")
            #expect(file.executable == (try isExecutable(url)), "\(file.path): executable bit differs")
        }
    }

    @Test("hook scripts and Xcode Cloud scripts are executable, POSIX sh, and the CI scripts use set -eu")
    func scriptsShape() throws {
        for file in BundledFile.all where !file.path.hasSuffix(".yml") {
            #expect(file.executable, "\(file.path) is not executable")
            #expect(file.contents.hasPrefix("#!/bin/sh\n"), "\(file.path) is not a POSIX sh script")
            if file.path.hasPrefix("ci/") { #expect(file.contents.contains("\nset -eu\n"), "\(file.path) lacks set -eu") }
        }
    }

    @Test("the workflow pins every action by full commit sha and splices no expression into run:")
    func workflowRules() throws {
        let workflow = try #require(BundledFile.named("ci/github/slipway.yml")).contents
        let uses = workflow.split(separator: "\n").filter { $0.contains("uses:") }
        #expect(!uses.isEmpty)
        for line in uses {
            #expect(line.range(of: #"uses: actions/[a-z-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$"#, options: .regularExpression) != nil, "\(line)")
        }
        var inRun = false
        for line in workflow.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("run:") || trimmed.hasPrefix("- run:") {
                inRun = true
                #expect(!trimmed.contains("${{"), "expression in run: \(line)")
            } else if inRun, !line.hasPrefix("            ") {
                inRun = false
            }
            if inRun { #expect(!line.contains("${{"), "expression in a run: script: \(line)") }
        }
    }

    @Test("ci install github writes the workflow byte for byte; again changes nothing")
    func github() throws {
        let repository = try TestRepository()
        try repository.write("README.md", "hi\n")
        try repository.commit("First")
        let result = try repository.slipway("ci", "install", "github")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("created    .github/workflows/slipway.yml"))
        let installed = repository.url.appendingPathComponent(".github/workflows/slipway.yml")
        #expect(Array(try Data(contentsOf: installed)) == (try SourceTree.bytes("ci/github/slipway.yml")))
        #expect(try FileManager.default.attributesOfItem(atPath: installed.path)[.posixPermissions] as? Int == 0o644)
        let again = try repository.slipway("ci", "install", "github")
        #expect(again.stdout.contains("unchanged  .github/workflows/slipway.yml"))
    }

    @Test("ci install xcode-cloud writes executable ci_scripts beside the spec, byte for byte")
    func xcodeCloud() throws {
        let repository = try TestRepository()
        try repository.write(".slipway.yml", "spec: App/project.yml\n")
        try repository.write("App/project.yml", "name: App\n")
        try repository.commit("First")
        let result = try repository.slipway("ci", "install", "xcode-cloud")
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["ci_post_clone.sh", "ci_pre_xcodebuild.sh", "ci_post_xcodebuild.sh"] {
            let installed = repository.url.appendingPathComponent("App/ci_scripts/\(name)")
            #expect(Array(try Data(contentsOf: installed)) == (try SourceTree.bytes("ci/xcode-cloud/ci_scripts/\(name)")), "\(name)")
            #expect(try FileManager.default.attributesOfItem(atPath: installed.path)[.posixPermissions] as? Int == 0o755)
        }
        try repository.git(["add", "-A"])
        let modes = try repository.git(["ls-files", "-s", "App/ci_scripts"])
        #expect(modes.split(separator: "\n").allSatisfy { $0.hasPrefix("100755 ") }, "\(modes)")
        let elsewhere = try repository.slipway("ci", "install", "xcode-cloud", "--directory", ".")
        #expect(elsewhere.stdout.contains("created    ci_scripts/ci_post_clone.sh"))
    }

    @Test("a file with other content is kept (exit 2, nothing written) unless --force")
    func conflict() throws {
        let repository = try TestRepository()
        try repository.write(".github/workflows/slipway.yml", "name: mine\n")
        try repository.commit("First")
        let refused = try repository.slipway("ci", "install", "github")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(".github/workflows/slipway.yml already exists with other content"))
        #expect(try repository.read(".github/workflows/slipway.yml") == "name: mine\n")
        let forced = try repository.slipway("ci", "install", "github", "--force")
        #expect(forced.status == 0)
        #expect(forced.stdout.contains("replaced   .github/workflows/slipway.yml"))
        #expect(Array(try Data(contentsOf: repository.url.appendingPathComponent(".github/workflows/slipway.yml"))) == (try SourceTree.bytes("ci/github/slipway.yml")))
    }

    @Test("an unknown target is a usage error")
    func unknownTarget() throws {
        let repository = try TestRepository()
        let result = try repository.slipway("ci", "install", "gitlab")
        #expect(result.status == 64)
        #expect(result.stderr.contains("<target> must be one of github, xcode-cloud"))
    }
}
