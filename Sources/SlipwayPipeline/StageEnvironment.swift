import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwaySpec
import SlipwayWorkspace

/// Slipway's own values, handed to every stage as `SLIPWAY_*` environment variables.
///
/// They are never spliced into command text: a branch named `$(rm -rf ~)` is only ever a variable's value.
public struct StageEnvironment: Sendable, Equatable, Codable {
    /// The marketing version (`MARKETING_VERSION`), empty when unknown or when its definitions disagree.
    public var version: String
    /// The build number (`CURRENT_PROJECT_VERSION`), empty when unknown or when its definitions disagree.
    public var build: String
    /// The full sha of HEAD, empty in a repository without commits.
    public var commit: String
    /// The current branch, empty when HEAD is detached.
    public var branch: String
    /// Whether the change being built is major (stages with `when: major` run only then).
    public var major: Bool
    /// The repository root, absolute.
    public var root: String
    /// The output folder (`.slipway/`), absolute.
    public var outputDirectory: String
    /// More values a caller adds (a release passes the previous version and the tag); names should start `SLIPWAY_`.
    public var extra: [String: String]

    public init(
        version: String = "", build: String = "", commit: String = "", branch: String = "", major: Bool = false,
        root: String, outputDirectory: String, extra: [String: String] = [:]
    ) {
        self.version = version
        self.build = build
        self.commit = commit
        self.branch = branch
        self.major = major
        self.root = root
        self.outputDirectory = outputDirectory
        self.extra = extra
    }

    /// The variables a stage receives, `SLIPWAY_STAGE` included.
    public func variables(stage: String) -> [String: String] {
        var values = extra
        values["SLIPWAY_VERSION"] = version
        values["SLIPWAY_BUILD"] = build
        values["SLIPWAY_COMMIT"] = commit
        values["SLIPWAY_BRANCH"] = branch
        values["SLIPWAY_MAJOR"] = major ? "true" : "false"
        values["SLIPWAY_ROOT"] = root
        values["SLIPWAY_OUTPUT_DIR"] = outputDirectory
        values["SLIPWAY_STAGE"] = stage
        return values
    }

    /// The complete environment of a stage's programs: Slipway's own environment, then the stage's `env:`, then
    /// the `SLIPWAY_*` values (configuration cannot set those, so they always mean what Slipway says).
    public func processEnvironment(for stage: Stage, inheriting base: [String: String]) -> [String: String] {
        var environment = base
        for (key, value) in stage.environment { environment[key] = value }
        for (key, value) in variables(stage: stage.name) { environment[key] = value }
        return environment
    }
}

extension StageEnvironment {
    /// The values for a workspace as it is now: HEAD, the branch, and the version and build from the spec
    /// (empty when the spec is missing or unreadable; a release passes the bumped ones instead).
    public static func current(for workspace: Workspace, major: Bool, output: OutputFolder) -> StageEnvironment {
        var commit = ""
        if let repository = workspace.repository, !repository.isEmpty {
            do {
                commit = try repository.resolveCommit("HEAD").description
            } catch {
                // An unborn branch in a repository with other refs: there is no commit to name yet.
            }
        }
        var values = StageEnvironment(
            commit: commit, branch: workspace.repository?.currentBranch ?? "", major: major,
            root: workspace.root.path, outputDirectory: output.url.path)
        let versions = specVersions(workspace)
        values.version = versions.version
        values.build = versions.build
        return values
    }

    /// The effective marketing version and build number, read as `slipway version` reads them (includes followed,
    /// every definition found); each is empty when the spec defines none, its definitions disagree, or the spec
    /// cannot be read: a stage must never receive a value Slipway is not sure of, and the stages may be what repairs
    /// the spec.
    package static func specVersions(_ workspace: Workspace) -> (version: String, build: String) {
        do {
            let inventory = try workspace.versions(at: try workspace.locate(), access: .read)
            return (inventory.effective(.marketing) ?? "", inventory.effective(.build) ?? "")
        } catch {
            return ("", "")
        }
    }
}
