import Foundation
import SlipwayYAML
import Testing

/// The installed workflow and the action, read as YAML: every `needs`, `outputs`, `steps.*`, `matrix.*` and
/// `inputs.*` reference names something that exists, so a renamed job, step or output fails here, not on GitHub.
@Suite("the rendered workflow's and the action's references")
struct CIWorkflowShapeTests {
    /// What `slipway detect --github-matrix` writes (issue 9's interface): `matrix={"include":[{scheme, platform,
    /// destination}]}`, beside the outputs `--github-output` writes (read from a real run below); with several apps
    /// each entry has its `app`, and the release job's matrix is `releases` (`{"app": [...]}`).
    static let matrixKeys: Set<String> = ["scheme", "platform", "destination", "app"]

    /// Every scalar under a node, with the expressions (`${{ … }}`) it holds; `if:` values count whole.
    func expressions(in node: YAMLNode, key: String? = nil) -> [String] {
        switch node.kind {
        case .scalar:
            if key == "if" { return [node.scalar] }
            return matches(#"\$\{\{(.*?)\}\}"#, in: node.scalar).map { $0[0] }
        case .mapping:
            return node.pairs.flatMap { expressions(in: $0.value, key: $0.key.scalar) }
        case .sequence:
            return node.items.flatMap { expressions(in: $0) }
        }
    }

    /// The capture groups of every match of `pattern`.
    func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
        }
    }

    func names(_ node: YAMLNode?) -> [String] {
        guard let node else { return [] }
        return node.kind == .sequence ? node.items.map(\.scalar) : [node.scalar]
    }

    func outputs(of job: YAMLNode) -> [(key: YAMLNode, value: YAMLNode)] {
        job["outputs"].map { Array($0.pairs) } ?? []
    }

    /// The outputs `slipway detect --github-output` writes, from a real run in `repository`.
    func detectOutputs(_ repository: TestRepository) throws -> Set<String> {
        let file = repository.directory.url.appendingPathComponent("github-output")
        let result = try repository.slipway(
            "detect", "--github-output", extraEnvironment: ["GITHUB_OUTPUT": file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: file, encoding: .utf8)
        return Set(matches(#"(?m)^([a-z_-]+)(=|<<)"#, in: text).map { $0[0] })
    }

    @Test("every job's needs, outputs, steps and matrix expressions refer to things that exist")
    func workflowReferences() throws {
        let repository = try TestRepository()
        try repository.write("project.yml", "name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n")
        try repository.commit("First")
        let installed = try repository.slipway(arguments: ["ci", "install", "github"] + CIInstallTests.source)
        #expect(installed.status == 0, "\(installed.stderr)")
        let file = try YAMLFile.read(repository.url.appendingPathComponent(".github/workflows/slipway.yml"))
        let jobs = try #require(file.root?["jobs"])
        let jobNames = Set(jobs.pairs.map(\.key.scalar))
        #expect(jobNames == ["detect", "build", "test", "release"])
        // Several apps add outputs (releases): read them from a real run with a major change for one app.
        let apps = try AppFixture("two-app", configuration: AppFixture.twoApps)
        for index in 1...6 { try apps.repo.write("Verifier/File\(index).swift", "let v\(index) = 1\n") }
        try apps.repo.commit("Six verifier files")
        let detectOutputs = try detectOutputs(repository).union(detectOutputs(apps.repo)).union(["matrix"])
        #expect(detectOutputs.isSuperset(of: ["major", "bump", "reasons", "releases"]), "\(detectOutputs)")

        var outputsOf: [String: Set<String>] = [:]
        for (name, job) in jobs.pairs {
            outputsOf[name.scalar] = Set(outputs(of: job).map(\.key.scalar))
        }
        var checked = 0
        for (nameNode, job) in jobs.pairs {
            let name = nameNode.scalar
            let needs = Set(names(job["needs"]))
            #expect(needs.isSubset(of: jobNames), "\(name) needs \(needs)")
            let stepIDs = Set((job["steps"].map { Array($0.items) } ?? []).compactMap { $0["id"]?.scalar })
            let matrix = job["strategy"]?["matrix"]
            for expression in expressions(in: job) {
                for reference in matches(#"needs\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)"#, in: expression) {
                    #expect(needs.contains(reference[0]), "\(name): \(expression) but needs \(needs)")
                    #expect(outputsOf[reference[0]]?.contains(reference[1]) == true, "\(name): \(expression)")
                    checked += 1
                }
                for reference in matches(#"steps\.([A-Za-z0-9_-]+)\.outputs\."#, in: expression) {
                    #expect(stepIDs.contains(reference[0]), "\(name): \(expression), steps \(stepIDs)")
                    checked += 1
                }
                for reference in matches(#"matrix\.([A-Za-z0-9_-]+)"#, in: expression) {
                    #expect(matrix != nil, "\(name) uses \(expression) without a matrix")
                    #expect(Self.matrixKeys.contains(reference[0]), "\(name): \(expression)")
                    checked += 1
                }
            }
            // A job's outputs come from its own steps, and detect's from what slipway writes.
            for (output, value) in outputs(of: job) {
                let step = try #require(
                    matches(#"steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)"#, in: value.scalar).first)
                if name == "detect" { #expect(detectOutputs.contains(step[1]), "detect output \(output.scalar)") }
            }
            if let matrix {
                let source = name == "release" ? #"releases || '{"app":[""]}'"# : "matrix"
                #expect(matrix.scalar == "${{ fromJSON(needs.detect.outputs.\(source)) }}", "\(name)")
                #expect(needs.contains("detect"))
            }
        }
        #expect(checked >= 20, "only \(checked) references were checked")
        #expect(Set(names(jobs["release"]?["needs"])) == ["detect", "build", "test"], "release waits for both")
        // Several apps release one after another, each on top of the one before.
        #expect(jobs["release"]?["strategy"]?["max-parallel"]?.scalar == "1")
    }

    @Test("action.yml: its outputs name its steps' ids, its expressions name its inputs, every step has a shell")
    func actionReferences() throws {
        let file = try YAMLFile.read(SourceTree.root.appendingPathComponent("action.yml"))
        let root = try #require(file.root)
        #expect(root["runs"]?["using"]?.scalar == "composite")
        let inputs = Set((root["inputs"]?.pairs.map(\.key.scalar)) ?? [])
        #expect(inputs == ["xcode-version", "xcodegen", "working-directory"])
        let steps = root["runs"]?["steps"].map { Array($0.items) } ?? []
        let ids = Set(steps.compactMap { $0["id"]?.scalar })
        for expression in expressions(in: root) {
            for reference in matches(#"steps\.([A-Za-z0-9_-]+)\.outputs\."#, in: expression) {
                #expect(ids.contains(reference[0]), "\(expression)")
            }
            for reference in matches(#"inputs\.([A-Za-z0-9_-]+)"#, in: expression) {
                #expect(inputs.contains(reference[0]), "\(expression)")
            }
        }
        for step in steps {
            if let uses = step["uses"]?.scalar {
                #expect(
                    uses.range(of: #"^actions/[a-z/-]+@[0-9a-f]{40}$"#, options: .regularExpression) != nil, "\(uses)")
            } else {
                #expect(step["shell"]?.scalar == "bash", "a composite run: step names its shell")
                let run = step["run"]?.scalar ?? ""
                let subcommand = try #require(matches(#"github-action\.sh" ([a-z-]+)$"#, in: run).first?.first)
                let usage = try String(
                    contentsOf: SourceTree.root.appendingPathComponent("scripts/github-action.sh"), encoding: .utf8)
                #expect(usage.contains("\n\(subcommand)) "), "scripts/github-action.sh has no \(subcommand)")
            }
        }
        #expect(
            Set(root["outputs"]?.pairs.map(\.key.scalar) ?? []) == ["slipway-path", "version", "cache-hit", "released"])
    }
}
