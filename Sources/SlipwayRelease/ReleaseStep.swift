import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwayPipeline
import SlipwayVersioning

/// One thing a release does, with every value it needs decided at planning time. `ReleasePlan.steps` lists them in
/// order; the dry run prints them and `ReleaseExecutor` carries them out, one after another, and nothing else.
public enum ReleaseStep: Sendable, Codable {
    /// Write these bytes to these spec files, all or none.
    case writeSpecFiles([BumpPlan.FileUpdate])
    /// Run these stages with this environment (the new versions in `SLIPWAY_VERSION`/`SLIPWAY_BUILD`).
    case runStages([Stage], environment: StageEnvironment)
    /// Record these stages as skipped (`--skip-stages`: the build happened elsewhere).
    case skipStages([Stage])
    /// Hash the files matching these repository-relative globs; each must match a file.
    case collectArtifacts([String])
    /// Commit these repository-relative paths alone, with this message, author and committer.
    case commit(paths: [String], message: String, author: Identity, committer: Identity)
    /// Create this annotated tag on the release commit.
    case tag(name: String, message: String, tagger: Identity)
    /// Write the manifest (from `ReleasePlan.draft`, with the release commit, the stages and the artifacts) where
    /// this template puts it, `checksums.txt` beside it, and the in-toto statement when asked.
    case writeManifest(ReleaseTemplate, inToto: Bool)
    /// Run this `git push`.
    case push(ReleasePlan.Push)
    /// After the tag (and the push): run the `phase: after-push` stages (the upload), so what leaves the machine is
    /// committed and tagged. The release is complete before this step; its state is the after-push journal's.
    case runAfterPushStages([Stage], environment: StageEnvironment)
}

extension ReleasePlan {
    /// The steps of a plan's values, in the order a release carries them out.
    static func steps(
        bump: BumpPlan, specFiles: [String], generatedFiles: [String] = [], stages: StagePlan, skipStages: Bool,
        environment: StageEnvironment,
        artifacts: [String], commitMessage: String, tags: [(name: String, message: String)], author: Identity,
        committer: Identity, manifest: ReleaseTemplate, inToto: Bool, push: Push?
    ) -> [ReleaseStep] {
        var steps: [ReleaseStep] = [.writeSpecFiles(bump.files)]
        if skipStages {
            // The build happened elsewhere, but a committed generated project still takes the new version: its
            // `generate` stage runs (CI's release job installs XcodeGen), the others are recorded as skipped.
            let regenerate = generatedFiles.isEmpty ? [] : stages.stages.filter { $0.name == "generate" }
            if !regenerate.isEmpty { steps.append(.runStages(regenerate, environment: environment)) }
            steps.append(.skipStages(stages.stages.filter { $0.name != "generate" || regenerate.isEmpty }))
        } else {
            steps.append(.runStages(stages.beforeCommit, environment: environment))
        }
        steps.append(.collectArtifacts(artifacts))
        steps.append(
            .commit(paths: specFiles + generatedFiles, message: commitMessage, author: author, committer: committer))
        // The manifest before the tags: the tags are the last local step, so a tagged release is a complete one.
        steps.append(.writeManifest(manifest, inToto: inToto))
        // One annotated tag per app when apps sharing one version are released together.
        for tag in tags { steps.append(.tag(name: tag.name, message: tag.message, tagger: committer)) }
        if let push { steps.append(.push(push)) }
        if !skipStages, !stages.afterPush.isEmpty {
            steps.append(.runAfterPushStages(stages.afterPush, environment: environment))
        }
        return steps
    }
}
