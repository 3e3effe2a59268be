import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwayProject
import SlipwaySpec
import SlipwayWorkspace
import SlipwayYAML

/// The stages a run would execute and where they came from.
public struct StagePlan: Sendable, Equatable {
    public enum Origin: Sendable, Equatable {
        /// `stages:` in `.slipway.yml`.
        case configuration(String)
        /// Derived from the project because `.slipway.yml` has no `stages:`.
        case derived(DefaultStages.Kind)
    }

    public var stages: [Stage]
    public var origin: Origin
    /// What the derivation chose and why (a scheme left out, UI tests skipped), for the dry run and the log.
    public var notes: [String] = []
    /// What the project model could not tell (an unknown key, a missing target), with positions.
    public var warnings: [ProjectWarning] = []
    /// The derived archive, export and upload, and the apps they ship (`StagePlan+Ship`); `nil` when none.
    public var ship: ShipPlan?

    public init(stages: [Stage], origin: Origin, notes: [String] = [], warnings: [ProjectWarning] = []) {
        self.stages = stages
        self.origin = origin
        self.notes = notes
        self.warnings = warnings
    }

    /// What the derived `generate` stage does with a generated project git tracks.
    public enum CommittedProject: Sendable {
        /// `run`: the stages build the project as committed; nothing regenerates it.
        case builtAsCommitted
        /// `release`: the `generate` stage regenerates it, so the release commit carries the new version in it.
        case regenerated
    }

    /// The configured stages, else the defaults for the repository's kind of project.
    public static func resolve(
        _ workspace: Workspace, uiTests: Bool = false, committedProject: CommittedProject = .builtAsCommitted
    ) throws -> StagePlan {
        var derivation = Derivation(
            configuration: workspace.configuration, root: workspace.root, specPath: workspace.specPath,
            options: DerivationOptions(workspace.configuration, uiTests: uiTests), environment: workspace.environment)
        derivation.parsedFiles = workspace.parsedSpecFiles
        if committedProject == .builtAsCommitted { derivation.repository = workspace.repository }
        return try resolve(derivation)
    }

    /// `environment` gives the spec's `${VAR}` values, as XcodeGen takes them from its own environment, and says
    /// whether an App Store Connect key is set for the ship stages. `repository` tells whether git tracks the
    /// generated project (`committedProject` says what then happens to it).
    public static func resolve(
        configuration: Configuration, root: URL, specPath: String, uiTests: Bool = false,
        environment: [String: String] = ProcessEnvironment.current, repository: Repository? = nil,
        committedProject: CommittedProject = .builtAsCommitted
    ) throws -> StagePlan {
        var derivation = Derivation(
            configuration: configuration, root: root, specPath: specPath,
            options: DerivationOptions(configuration, uiTests: uiTests), environment: environment)
        if committedProject == .builtAsCommitted { derivation.repository = repository }
        return try resolve(derivation)
    }

    private static func resolve(_ derivation: Derivation) throws -> StagePlan {
        try resolveOwn(derivation).addingShipStages(
            configuration: derivation.configuration, root: derivation.root, specPath: derivation.specPath,
            environment: derivation.environment, parsedFiles: derivation.parsedFiles)
    }

    /// What deriving the stages reads.
    private struct Derivation {
        var configuration: Configuration
        var root: URL
        var specPath: String
        var options: DerivationOptions
        var environment: [String: String]
        /// Set when a generated project git tracks is built as committed rather than regenerated.
        var repository: Repository?
        /// The spec files the command parsed before.
        var parsedFiles: ParsedSpecFiles?
    }

    private static func resolveOwn(_ derivation: Derivation) throws -> StagePlan {
        let specPath = derivation.specPath
        if let stages = derivation.configuration.stages {
            let origin = Origin.configuration(derivation.configuration.source ?? Configuration.fileName)
            guard stages.contains(where: { $0.uses != nil }) else { return StagePlan(stages: stages, origin: origin) }
            // A `uses:` stage keeps Slipway's derivation: derived once, its flags added to each command.
            let derived = try derive(derivation)
            return StagePlan(
                stages: try stages.map { try expand($0, derived, specPath: specPath) }, origin: origin,
                notes: derived.notes, warnings: derived.warnings)
        }
        var derived = try derive(derivation)
        // A project the repository commits is what its team builds: regenerating it would build something else.
        // (A `uses: generate` stage is the user's own choice, and keeps the command.)
        if let repository = derivation.repository, let project = derived.project,
            try repository.isTracked(project + "/project.pbxproj")
        {
            derived.sets[.generate] = Stage(name: DerivedStageKind.generate.rawValue, command: .programs([]))
            derived.notes.insert("the repository commits \(project): built as committed, not regenerated", at: 0)
        }
        return StagePlan(
            stages: derived.stages, origin: .derived(derived.kind), notes: derived.notes, warnings: derived.warnings)
    }

    private static func derive(_ derivation: Derivation) throws -> DefaultStages.Derived {
        let (configuration, root, specPath) = (derivation.configuration, derivation.root, derivation.specPath)
        guard
            let derived = try DefaultStages.derive(
                root: root, specPath: specPath, projectRoot: configuration.projectRoot, options: derivation.options,
                environment: derivation.environment, parsedFiles: derivation.parsedFiles)
        else {
            guard configuration.stages == nil else {
                throw Failure(
                    "there are no stages to derive for 'uses:': the repository has neither \(specPath) nor Package.swift",
                    hint: "replace 'uses:' with 'run: <command line>' in \(Configuration.fileName)")
            }
            throw noStages(root: root, specPath: specPath)
        }
        return derived
    }

    /// Nothing to run and nothing to derive from: what is there (a `.slipway.yml` without `stages:`, or none; specs
    /// elsewhere) and the next step, naming a spec found off the default place.
    private static func noStages(root: URL, specPath: String) -> Failure {
        let hasFile = FileManager.default.fileExists(
            atPath: root.appendingPathComponent(Configuration.fileName).path)
        let config = hasFile ? "\(Configuration.fileName) has no 'stages:'" : "there is no \(Configuration.fileName)"
        let message = "there are no stages to run: \(config), and neither \(specPath) nor Package.swift is there"
        let elsewhere = SpecCandidates.find(root: root).filter { $0 != specPath }
        let example = "  stages:\n    - name: build\n      run: make"
        guard let first = elsewhere.first else {
            return Failure(
                message,
                hint: "add a 'stages:' list to \(Configuration.fileName), for example\n\(example)\nor, for an XcodeGen "
                    + "app, name its spec: slipway run --spec <path>")
        }
        let found = elsewhere.count == 1 ? first : elsewhere.joined(separator: ", ")
        return Failure(
            message + "; found the XcodeGen spec\(elsewhere.count == 1 ? "" : "s") \(found)",
            hint: "run 'slipway init' to write a \(Configuration.fileName) that names it (then 'slipway run'), or "
                + "run with it once: slipway run --spec \(first)")
    }

    /// A `uses:` stage with the derived commands of its kind, each followed by its `flags:`.
    private static func expand(_ stage: Stage, _ derived: DefaultStages.Derived, specPath: String) throws -> Stage {
        guard let uses = stage.uses else { return stage }
        let programs = derived.sets[uses.kind]?.invocations ?? []
        guard !programs.isEmpty else {
            let place = uses.location.map { "\($0): " } ?? ""
            throw Failure(
                "\(place)stage '\(stage.name)' uses '\(uses.kind.rawValue)', but Slipway derives no \(uses.kind.rawValue) commands for this project",
                hint: "give the stage its own 'run:' line, or remove it")
        }
        var expanded = stage
        expanded.command = .programs(programs.map { $0 + uses.flags })
        return expanded
    }

    /// Only the named stages, in the plan's order; an unknown name is an error with a suggestion.
    public func selecting(_ names: [String]) throws(Failure) -> StagePlan {
        try selecting(names, ifPresent: false).plan
    }

    /// Only the named stages, in the plan's order. An unknown name is an error with a suggestion, or with
    /// `ifPresent` (`slipway run --if-present`) is left out and returned in `absent`, so one CI script serves
    /// projects whose stages differ; when none of the names exists the plan is empty.
    public func selecting(_ names: [String], ifPresent: Bool) throws(Failure) -> (plan: StagePlan, absent: [String]) {
        guard !names.isEmpty else { return (self, []) }
        let known = stages.map(\.name)
        let absent = names.filter { !known.contains($0) }
        if !ifPresent, let name = absent.first {
            var hint = knownStagesHint
            if let near = ConfigReader.nearest(name, in: known) { hint = "did you mean '\(near)'? " + hint }
            throw Failure(
                "unknown stage '\(name)'", hint: hint + "; with --if-present, stages that do not exist are skipped")
        }
        let wanted = Set(names)
        var plan = self
        plan.stages = stages.filter { wanted.contains($0.name) }
        return (plan, absent)
    }

    /// "stages: build, test", or "there are no stages".
    public var knownStagesHint: String {
        stages.isEmpty ? "there are no stages" : "stages: \(stages.map(\.name).joined(separator: ", "))"
    }

    /// How the dry run and `--help` describe where the stages came from.
    public var originDescription: String {
        switch origin {
        case .configuration(let file): return "Stages from \(file)"
        case .derived(.xcodeGen(let spec)):
            return "Default stages for the XcodeGen project \(spec) (no 'stages:' in \(Configuration.fileName))"
        case .derived(.swiftPackage):
            return "Default stages for the Swift package (no 'stages:' in \(Configuration.fileName))"
        }
    }
}
