import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayProject
import SlipwaySpec

/// What a verdict's change reaches in the project: read from the spec at the head commit, only for reports of
/// one verdict (`--each` and the hooks never pay for it).
public struct ChangeReach {
    public var model: ProjectModel
    public var affected: [AffectedTarget]
    /// For the shared-code rule: the platforms of the targets that compile the shared paths.
    public var sharedPlatforms: [String]
}

extension DetectService {
    /// The targets the verdict's files reach, or `nil` when the head commit has no spec the model can read.
    public func reach(of verdict: Verdict) -> ChangeReach? { reachReport(of: verdict).reach }

    /// `reach(of:)`, and when a spec file at the head commit is there but cannot be read or resolved (a YAML syntax
    /// error, a template that does not exist),
    /// a one-line warning at its `file:line:column`: without it the report would just name no targets. A spec
    /// that is not there at all gives no warning here (`Workspace.specWarning` says so).
    public func reachReport(of verdict: Verdict) -> (reach: ChangeReach?, warning: String?) {
        // The models the rules read (`models`): a commit's model is resolved once for both.
        switch models.entry(at: verdict.head) {
        case .absent:
            return (nil, nil)
        case .unresolved(let why):
            return (
                nil,
                "\(why) (the spec at \(verdict.head.short) cannot be read or resolved, so no affected targets are "
                    + "named)"
            )
        case .resolved(let resolved):
            return (reach(verdict, model: resolved.model, specFiles: resolved.specFiles), nil)
        }
    }

    private func reach(_ verdict: Verdict, model: ProjectModel, specFiles headSpecFiles: [String]) -> ChangeReach {
        let detector = specDetector
        let root = detector.projectRoot.map(SpecPath.normalize) ?? SpecPathParentOf.folder(of: detector.specPath)
        let affected = AffectedTargets(model: model, projectRoot: root)
        let changed = verdict.files.flatMap(\.paths)
        var specFiles = Set(headSpecFiles).intersection(changed)
        if let base = verdict.base, changed.contains(where: { !specFiles.contains($0) }) {
            // A file the change dropped from `include:` is a spec file only at the base.
            specFiles.formUnion(detector.specFiles(at: base).intersection(changed))
        }
        var previous: ProjectModel?
        if !specFiles.isEmpty, let base = verdict.base, case .resolved(let before) = models.entry(at: base) {
            previous = before.model
        }
        let shared = verdict.reason(.sharedCode)?.paths ?? []
        var platforms: [String] = []
        for target in model.targets where shared.contains(where: { affected.compiles(target, $0) }) {
            for platform in target.platforms where !platforms.contains(platform) { platforms.append(platform) }
        }
        return ChangeReach(
            model: model, affected: affected.compute(changed: changed, specFiles: specFiles, previous: previous),
            sharedPlatforms: platforms)
    }

    /// The verdict with the shared-code reason naming the platforms the shared change reaches.
    func naming(_ platforms: [String], in verdict: Verdict) -> Verdict {
        // A reason judged from the model names its platforms already.
        guard !platforms.isEmpty, let index = verdict.reasons.firstIndex(where: { $0.rule == .sharedCode }),
            verdict.reasons[index].basis != .model
        else {
            return verdict
        }
        var verdict = verdict
        verdict.reasons[index].platforms = platforms
        verdict.reasons[index].message += " (reaches \(platforms.joined(separator: ", ")))"
        return verdict
    }

    /// `matrix={"include":[…]}` for `$GITHUB_OUTPUT`: the affected schemes, each per platform.
    func githubMatrix(_ reach: ChangeReach?) -> String {
        let entries =
            reach.map {
                CIMatrix.entries(
                    $0.affected, model: $0.model, destinations: workspace.configuration.run.testDestinations)
            } ?? []
        return "matrix=" + CIMatrix.json(entries).compact() + "\n"
    }
}

/// The folder of a repository-relative spec path (`""` at the root).
enum SpecPathParentOf {
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
