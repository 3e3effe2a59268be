import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayProject
import SlipwaySpec

extension StagePlan {
    /// The plan with the derived `archive`, `export` and `upload` stages after its own, for an XcodeGen project
    /// whose `.slipway.yml` has `ship:`. A stage the file defines under the same name
    /// wins (it is the user's own way of doing that step).
    func addingShipStages(
        configuration: Configuration, root: URL, specPath: String, environment: [String: String],
        parsedFiles: ParsedSpecFiles?
    ) throws -> StagePlan {
        // Only with `ship:` (an empty `ship:` is enough): derived plans without it stay as the model derives them.
        guard configuration.ship?.derivesStages == true else { return self }
        let spec = SpecPath.absolute(specPath, from: root)
        guard SpecPath.isFile(spec) else { return self }
        let files = SpecLoader(root: root, environment: environment, parsedFiles: parsedFiles)
        let location = SpecLocation(
            spec: SpecPath.canonical(spec),
            projectRoot: configuration.projectRoot.map { SpecPath.canonical(SpecPath.absolute($0, from: root)) })
        let model: ProjectModel
        do {
            model = try ProjectModel.read(location, files: files)
        } catch {
            // Derived stages without `ship:` are a convenience: a spec the model cannot read leaves them out, as
            // the derived build and test already decided what to say about it.
            guard configuration.ship == nil else { throw error }
            return self
        }
        let folder = (specPath as NSString).deletingLastPathComponent
        let project = (folder.isEmpty ? "" : folder + "/") + (model.name?.value ?? "Project") + ".xcodeproj"
        let ship = try ShipPlan.derive(
            model, project: project, config: configuration.ship ?? ShipConfig(), environment: environment,
            scope: appScope(configuration, model: model))
        var plan = self
        let own = Set(stages.map(\.name))
        plan.stages += ship.stages.filter { !own.contains($0.name) }
        plan.ship = ship
        return plan
    }

    /// With `--app`, the targets that app owns: those it lists under `targets:`, else every target of its spec no
    /// other app on that spec lists. `nil`: every app of the spec ships.
    private func appScope(_ configuration: Configuration, model: ProjectModel) -> Set<String>? {
        guard let app = configuration.selectedApp else { return nil }
        return AppScope.targets(of: app, declared: model.targets.map(\.name), apps: configuration.apps)
    }

    /// The before-commit stages, then the after-push ones: a release runs them in two runs, `slipway run` in one.
    public var beforeCommit: [Stage] { stages.filter { $0.phase == .beforeCommit } }
    public var afterPush: [Stage] { stages.filter { $0.phase == .afterPush } }
}

extension StagePlan {
    /// The plan with a release's "What to Test" given to its derived upload, appcast and GitHub release stages.
    public func withReleaseNotes(_ notes: String, file: String) -> StagePlan {
        guard let ship else { return self }
        return replacingShip(ship.withNotes(notes, file: file))
    }

    /// The plan with the version, build and tag its derived appcast and GitHub release stages name.
    public func withShipValues(_ values: ShipPlan.Values) -> StagePlan {
        guard let ship else { return self }
        var values = values
        if values.notesFile == nil {
            values.notesFile = ship.values.notesFile
            values.notes = ship.values.notes
        }
        return replacingShip(ship.withValues(values))
    }

    /// Each derived stage the plan still runs (not one the user defined under the same name) replaced by its
    /// counterpart in `updated`.
    private func replacingShip(_ updated: ShipPlan) -> StagePlan {
        guard let ship else { return self }
        var plan = self
        plan.ship = updated
        for derived in updated.stages {
            guard let index = plan.stages.firstIndex(where: { $0.name == derived.name }),
                let old = ship.stages.first(where: { $0.name == derived.name }), plan.stages[index] == old
            else { continue }
            plan.stages[index] = derived
        }
        return plan
    }
}
