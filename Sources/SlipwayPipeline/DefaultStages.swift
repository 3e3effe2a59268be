import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayProject
import SlipwaySpec

/// The stages Slipway derives from what the repository is, when `.slipway.yml` has no `stages:` (and the command
/// sets a `uses:` stage names).
///
/// - An XcodeGen project (the spec exists): `generate` (`xcodegen generate`, with `--spec` and `--project-root`
///   from the repository root), then `build` and `test` as xcodebuild argv read from the `ProjectModel` (see
///   `XcodeGenDerivation`).
/// - A Swift package (`Package.swift`): `swift build`, then `swift test` when the package declares test targets.
public enum DefaultStages {
    public enum Kind: Equatable, Sendable {
        case xcodeGen(spec: String)
        case swiftPackage
    }

    /// What was derived: every command set by kind (empty ones included, for `uses:`), the default stage list,
    /// and what the plan should say about the choices made.
    public struct Derived: Sendable {
        public var kind: Kind
        public var sets: [DerivedStageKind: Stage]
        public var notes: [String]
        public var warnings: [ProjectWarning]
        /// The `.xcodeproj` XcodeGen writes, relative to the repository root; `nil` for a Swift package.
        public var project: String? = nil

        /// The default stages: each derived set with commands, in pipeline order.
        public var stages: [Stage] {
            DerivedStageKind.allCases.compactMap { sets[$0] }.filter { !$0.invocations.isEmpty }
        }
    }

    /// The derivation for the repository, or `nil` when it is neither kind of project.
    ///
    /// `specPath` is the workspace's (`Workspace.specPath`, found as `slipway version` finds it) and `projectRoot`
    /// the configured one, both relative to `root`; `${VAR}` in the spec comes from `environment`.
    public static func derive(
        root: URL, specPath: String, projectRoot: String?, options: DerivationOptions = DerivationOptions(),
        environment: [String: String] = ProcessEnvironment.current
    ) throws(SpecError) -> Derived? {
        try derive(
            root: root, specPath: specPath, projectRoot: projectRoot, options: options, environment: environment,
            parsedFiles: nil)
    }

    /// `parsedFiles`: the spec files the command parsed before (`Workspace.parsedSpecFiles`).
    package static func derive(
        root: URL, specPath: String, projectRoot: String?, options: DerivationOptions,
        environment: [String: String], parsedFiles: ParsedSpecFiles?
    ) throws(SpecError) -> Derived? {
        let spec = SpecPath.absolute(specPath, from: root)
        if SpecPath.isFile(spec) {
            let files = SpecLoader(root: root, environment: environment, parsedFiles: parsedFiles)
            let location = SpecLocation(
                spec: SpecPath.canonical(spec),
                projectRoot: projectRoot.map { SpecPath.canonical(SpecPath.absolute($0, from: root)) })
            let model = try ProjectModel.read(location, files: files)
            return try xcodeGen(model, specPath: specPath, projectRoot: projectRoot, options: options)
        }
        let package = root.appendingPathComponent("Package.swift")
        if FileManager.default.fileExists(atPath: package.path) {
            let manifest =
                BoundedFile.readIfRegular(package.path, inside: root.path).map { String(decoding: $0, as: UTF8.self) }
                ?? ""
            return swiftPackage(hasTests: manifest.contains(".testTarget("))
        }
        return nil
    }

    static func swiftPackage(hasTests: Bool) -> Derived {
        var sets: [DerivedStageKind: Stage] = [
            .generate: Stage(name: "generate", command: .programs([])),
            .build: Stage(name: "build", command: .programs([["swift", "build"]])),
        ]
        sets[.test] = Stage(name: "test", command: .programs(hasTests ? [["swift", "test"]] : []))
        return Derived(kind: .swiftPackage, sets: sets, notes: [], warnings: [])
    }

    static func xcodeGen(_ model: ProjectModel, specPath: String, projectRoot: String?, options: DerivationOptions)
        throws(SpecError) -> Derived
    {
        guard let name = model.name?.value else {
            throw SpecError(
                "\(specPath) has no 'name', so the Xcode project's name is unknown",
                hint: "add 'name: <Project>' at the top of the spec, or configure 'stages:' in .slipway.yml")
        }
        var generate = ["xcodegen", "generate"]
        if specPath != "project.yml" { generate += ["--spec", specPath] }
        if let projectRoot { generate += ["--project-root", projectRoot] }
        // XcodeGen writes the project next to the spec.
        let folder = (specPath as NSString).deletingLastPathComponent
        let project = (folder.isEmpty ? "" : folder + "/") + name + ".xcodeproj"
        let derivation = XcodeGenDerivation(model: model, project: project, options: options)
        var sets: [DerivedStageKind: Stage] = [.generate: Stage(name: "generate", command: .programs([generate]))]
        var notes: [String] = []
        for kind in DerivedStageKind.allCases where kind != .generate {
            let derived = derivation.commands(kind)
            sets[kind] = Stage(name: kind.rawValue, command: .programs(derived.commands))
            notes += derived.notes
        }
        return Derived(
            kind: .xcodeGen(spec: specPath), sets: sets, notes: notes, warnings: model.warnings, project: project)
    }
}
