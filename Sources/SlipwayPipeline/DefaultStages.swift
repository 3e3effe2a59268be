import Foundation
import SlipwayConfig
import SlipwaySpec

/// The stages Slipway runs when `.slipway.yml` has no `stages:`, derived from what the repository is.
///
/// - An XcodeGen project (the spec exists): `generate` (`xcodegen generate`), then `build` and `test` as xcodebuild
///   command lines, one per scheme (the spec's schemes, else its application targets).
/// - A Swift package (`Package.swift`): `swift build`, then `swift test` when the package declares test targets.
public enum DefaultStages {
    public enum Kind: Equatable, Sendable {
        case xcodeGen(spec: String)
        case swiftPackage
    }

    /// The stages and what they were derived from, or `nil` when the repository is neither kind of project.
    ///
    /// `specPath` is the workspace's (`Workspace.specPath`, found as `slipway version` finds it) and `projectRoot`
    /// the configured one, both relative to `root`; `${VAR}` in include paths comes from `environment`.
    public static func derive(
        root: URL, specPath: String, projectRoot: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SpecError) -> (kind: Kind, stages: [Stage])? {
        let spec = SpecPath.absolute(specPath, from: root)
        if SpecPath.isFile(spec) {
            let context = SpecContext(
                currentDirectory: root, root: root, repository: nil, configuration: Configuration(),
                environment: environment)
            let location = SpecLocation(
                spec: SpecPath.canonical(spec),
                projectRoot: projectRoot.map { SpecPath.canonical(SpecPath.absolute($0, from: root)) })
            let summary = try XcodeGenProjectSummary.read(location, context: context)
            return (.xcodeGen(spec: specPath), xcodeGen(summary, specPath: specPath, projectRoot: projectRoot))
        }
        let package = root.appendingPathComponent("Package.swift")
        if FileManager.default.fileExists(atPath: package.path) {
            let manifest =
                FileManager.default.contents(atPath: package.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return (.swiftPackage, swiftPackage(hasTests: manifest.contains(".testTarget(")))
        }
        return nil
    }

    static func swiftPackage(hasTests: Bool) -> [Stage] {
        var stages = [Stage(name: "build", command: .programs([["swift", "build"]]))]
        if hasTests { stages.append(Stage(name: "test", command: .programs([["swift", "test"]]))) }
        return stages
    }

    static func xcodeGen(_ summary: XcodeGenProjectSummary, specPath: String, projectRoot: String?) -> [Stage] {
        var generate = ["xcodegen", "generate"]
        if specPath != "project.yml" { generate += ["--spec", specPath] }
        if let projectRoot { generate += ["--project-root", projectRoot] }

        // XcodeGen writes the project next to the spec.
        let folder = (specPath as NSString).deletingLastPathComponent
        let project = (folder.isEmpty ? "" : folder + "/") + summary.name + ".xcodeproj"
        let builds = buildSchemes(summary)
        let tests = testSchemes(summary)

        var stages = [Stage(name: "generate", command: .programs([generate]))]
        if !builds.isEmpty {
            stages.append(
                Stage(
                    name: "build",
                    command: .programs(
                        builds.map { scheme in
                            xcodebuild(
                                "build", project: project, scheme: scheme.name,
                                destination: scheme.platform.map(buildDestination))
                        })))
        }
        if !tests.isEmpty {
            stages.append(
                Stage(
                    name: "test",
                    command: .programs(
                        tests.map { scheme in
                            xcodebuild(
                                "test", project: project, scheme: scheme.name,
                                destination: scheme.platform.map(testDestination))
                        })))
        }
        return stages
    }

    static func xcodebuild(_ action: String, project: String, scheme: String, destination: String?) -> [String] {
        var arguments = ["xcodebuild", action, "-project", project, "-scheme", scheme]
        if let destination { arguments += ["-destination", destination] }
        return arguments
    }

    /// Any device of the platform: building needs no particular simulator.
    static func buildDestination(_ platform: String) -> String {
        switch platform {
        case "macOS": return "generic/platform=macOS"
        case "macCatalyst": return "generic/platform=macOS,variant=Mac Catalyst"
        default: return "generic/platform=\(platform) Simulator"
        }
    }

    /// Tests must run on a concrete device: this Mac, or the first simulator of the newest installed OS.
    static func testDestination(_ platform: String) -> String {
        switch platform {
        case "macOS": return "platform=macOS"
        case "macCatalyst": return "platform=macOS,variant=Mac Catalyst"
        default: return "platform=\(platform) Simulator,OS=latest"
        }
    }

    struct SchemeChoice: Equatable {
        var name: String
        var platform: String?
    }

    /// The declared schemes, else one per application target (Xcode creates those schemes itself).
    static func buildSchemes(_ summary: XcodeGenProjectSummary) -> [SchemeChoice] {
        if !summary.schemes.isEmpty {
            return summary.schemes.map { SchemeChoice(name: $0.name, platform: platform(of: $0.buildTargets, summary)) }
        }
        return applicationTargets(summary).map { SchemeChoice(name: $0.name, platform: $0.platform) }
    }

    /// Schemes with test targets; without declared schemes, application targets a test bundle depends on.
    static func testSchemes(_ summary: XcodeGenProjectSummary) -> [SchemeChoice] {
        if !summary.schemes.isEmpty {
            return summary.schemes.filter { !$0.testTargets.isEmpty }.map {
                SchemeChoice(name: $0.name, platform: platform(of: $0.buildTargets + $0.testTargets, summary))
            }
        }
        let tested = Set(
            summary.targets.filter { XcodeGenProjectSummary.testTypes.contains($0.type) }.flatMap(\.dependencies))
        return applicationTargets(summary).filter { tested.contains($0.name) }.map {
            SchemeChoice(name: $0.name, platform: $0.platform)
        }
    }

    private static func applicationTargets(_ summary: XcodeGenProjectSummary) -> [XcodeGenProjectSummary.Target] {
        summary.targets.filter { XcodeGenProjectSummary.applicationTypes.contains($0.type) }
    }

    /// The platform of the first named target the spec defines.
    private static func platform(of targets: [String], _ summary: XcodeGenProjectSummary) -> String? {
        for name in targets {
            if let target = summary.targets.first(where: { $0.name == name }), !target.platform.isEmpty {
                return target.platform
            }
        }
        return nil
    }
}
