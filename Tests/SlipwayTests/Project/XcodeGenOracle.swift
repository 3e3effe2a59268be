import Foundation
import SlipwayCore
import SlipwayProject
import SlipwaySpec
import Testing

/// What real XcodeGen made of every spec the tests read, committed by scripts/update-oracle.sh beside each spec
/// (`<spec>.oracle/`): `parsed.json` (`xcodegen dump --type parsed-json`), the generated `schemes/*.xcscheme`, or
/// `error.txt` when it refused the spec, and `run.txt` (how it ran). `make test` never runs XcodeGen.
enum XcodeGenOracle {
    static let packageRoot = JSONSchemaCheck.packageRoot
    static let index = packageRoot.appendingPathComponent("Tests/Fixtures/Oracle/index.txt")

    struct Case: CustomStringConvertible {
        /// The spec, relative to the package root, as index.txt names it.
        var path: String
        var outcome: String
        var spec: URL
        var folder: URL
        /// The folder XcodeGen ran in (the spec's repository, or the fixture's folder).
        var repository: URL
        var projectRoot: URL?
        var environment: [String: String]

        var description: String { path }
        var generated: Bool { outcome.hasPrefix("generated") }
    }

    /// One target of `parsed.json`.
    struct Target: Equatable {
        var name: String
        var type: String
        var platform: String
        var destinations: [String]
    }

    /// Every spec index.txt lists, with run.txt's settings. Throws when there are none.
    static func cases() throws -> [Case] {
        let text = try String(contentsOf: index, encoding: .utf8)
        var cases: [Case] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard fields.count == 2 else { continue }
            let path = fields[0]
            let spec = packageRoot.appendingPathComponent(path)
            let folder =
                path.hasPrefix("Tests/")
                ? packageRoot.appendingPathComponent(path + ".oracle")
                : packageRoot.appendingPathComponent("Tests/Fixtures/Oracle/" + path + ".oracle")
            let run = try String(contentsOf: folder.appendingPathComponent("run.txt"), encoding: .utf8)
            var specInRepository = ""
            var projectRoot: String?
            var environment: [String: String] = [:]
            for runLine in run.split(separator: "\n").map(String.init) {
                if runLine.hasPrefix("spec: ") { specInRepository = String(runLine.dropFirst("spec: ".count)) }
                if runLine.hasPrefix("project root: ") {
                    projectRoot = String(runLine.dropFirst("project root: ".count))
                }
                if runLine.hasPrefix("environment: "), runLine != "environment: none" {
                    let pair = runLine.dropFirst("environment: ".count).split(separator: "=", maxSplits: 1)
                    if pair.count == 2 { environment[String(pair[0])] = String(pair[1]) }
                }
            }
            guard path.hasSuffix(specInRepository) else {
                throw TestFailure("\(folder.path)/run.txt names the spec \(specInRepository), not \(path)")
            }
            let repository = packageRoot.appendingPathComponent(String(path.dropLast(specInRepository.count)))
            cases.append(
                Case(
                    path: path, outcome: fields[1], spec: spec, folder: folder, repository: repository,
                    projectRoot: projectRoot.map { repository.appendingPathComponent($0).standardizedFileURL },
                    environment: environment))
        }
        guard !cases.isEmpty else { throw TestFailure("\(index.path) lists no spec") }
        return cases
    }

    static func targets(_ oracle: Case) throws -> [Target] {
        let data = try Data(contentsOf: oracle.folder.appendingPathComponent("parsed.json"))
        let json = try JSON.parse(data)
        guard case .object(let targets)? = json["targets"] else { return [] }
        return targets.keys.sorted().map { name in
            let target = targets[name] ?? .null
            var destinations: [String] = []
            if case .array(let items)? = target["supportedDestinations"] {
                destinations = items.compactMap(\.stringValue)
            }
            return Target(
                name: name, type: target["type"]?.stringValue ?? "", platform: target["platform"]?.stringValue ?? "",
                destinations: destinations)
        }
    }

    /// The shared schemes XcodeGen wrote, sorted by name.
    static func schemes(_ oracle: Case) throws -> [XcodeSchemeFile] {
        let folder = oracle.folder.appendingPathComponent("schemes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return try names.filter { $0.hasSuffix(".xcscheme") }.sorted().map { file in
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            return XcodeSchemeFile.parse(text, name: String(file.dropLast(".xcscheme".count)))
        }
    }

    /// Slipway's model of the spec, read as XcodeGen ran on it.
    static func model(_ oracle: Case) throws -> ProjectModel {
        let files = SpecLoader(
            root: oracle.repository, isRepository: false, currentDirectory: oracle.repository,
            environment: oracle.environment)
        return try ProjectModel.read(
            SpecLocation(
                spec: SpecPath.canonical(oracle.spec), projectRoot: oracle.projectRoot.map(SpecPath.canonical)),
            files: files)
    }
}
