import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayHistory
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
    /// The derived archive, export and upload, and the apps they ship (`StagePlan+Ship`); `nil` when none.
    public var ship: ShipPlan?

    public init(stages: [Stage], origin: Origin) {
        self.stages = stages
        self.origin = origin
    }

    /// The configured stages, else the defaults for the repository's kind of project.
    public static func resolve(
        _ workspace: Workspace, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> StagePlan {
        try resolve(
            configuration: workspace.configuration, root: workspace.root, specPath: workspace.specPath,
            environment: environment)
    }

    public static func resolve(
        configuration: Configuration, root: URL, specPath: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> StagePlan {
        try resolveOwn(configuration: configuration, root: root, specPath: specPath).addingShipStages(
            configuration: configuration, root: root, specPath: specPath, environment: environment)
    }

    private static func resolveOwn(configuration: Configuration, root: URL, specPath: String) throws -> StagePlan {
        if let stages = configuration.stages {
            return StagePlan(stages: stages, origin: .configuration(configuration.source ?? Configuration.fileName))
        }
        guard
            let derived = try DefaultStages.derive(
                root: root, specPath: specPath, projectRoot: configuration.projectRoot)
        else {
            throw Failure(
                "there are no stages to run: \(Configuration.fileName) has no 'stages:' and the repository has neither \(specPath) nor Package.swift",
                hint:
                    "add a 'stages:' list to \(Configuration.fileName), e.g.\n  stages:\n    - name: build\n      run: make"
            )
        }
        return StagePlan(stages: derived.stages, origin: .derived(derived.kind))
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
