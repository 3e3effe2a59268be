import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwayPipeline
import SlipwayVersioning

/// Everything one release would do, worked out before anything is written: the bump, the stages and their
/// environment, the commit, the tag, the manifest and the push. `--dry-run` prints it; a real release carries it out.
public struct ReleasePlan {
    /// Where the branch and the tag would be pushed.
    public struct Push: Sendable, Codable {
        public var remote: Remote
        public var branch: String
        /// The argv after `git`, exactly as it would run.
        public var arguments: [String]
    }

    /// The commit the release is built from (HEAD now).
    public var head: OID
    /// `nil` on a detached HEAD.
    public var branch: String?
    public var bump: BumpPlan
    /// The versions before and after; the build number is `nil` when the spec has no literal one.
    public var previousVersion: String?
    public var previousBuild: String?
    public var version: String
    public var build: String?
    /// The spec files the bump edits and the release commits, relative to the repository root.
    public var specFiles: [String]
    public var stages: StagePlan
    public var skipStages: Bool
    /// `SLIPWAY_*` for the stages: the NEW version and build, the source commit, the tag to be.
    public var stageEnvironment: StageEnvironment
    /// The release commit's message, trailer included.
    public var commitMessage: String
    /// The annotated tag's message: the commit message without the trailer.
    public var tagMessage: String
    public var author: Identity
    public var committer: Identity
    public var tag: String
    /// Every tag the release makes on its commit: `tag` alone, or with `version.sharedByApps` and no `--app`, each
    /// app's own tag (the first is `tag`).
    public var tags: [String]
    /// The apps a release of a shared version releases together (empty for one app's release).
    public var apps: [String] = []
    /// Repository-relative globs of the files the release produces (`artifacts:`).
    public var artifactPatterns: [String]
    public var manifestTemplate: ReleaseTemplate
    public var inToto: Bool
    public var push: Push?
    /// The manifest as it stands before the release commit: the trigger verdict, the commits since the previous
    /// release, and the record written if the release fails before committing.
    public var draft: ReleaseManifest
    /// What the release does, in order: the one list the dry run prints and the executor carries out.
    public var steps: [ReleaseStep]

    /// The tags as one phrase: `alpha-v4.1.0 and beta-v4.1.0`.
    public var tagsText: String {
        tags.count < 2 ? tag : tags.dropLast().joined(separator: ", ") + " and " + (tags.last ?? "")
    }

    /// Each `.tag` step's name and message, in order.
    var tagSteps: [(name: String, message: String)] {
        steps.compactMap { if case .tag(let name, let message, _) = $0 { (name, message) } else { nil } }
    }

    /// The verdict on the commits since the previous release.
    public var verdict: Verdict? { draft.trigger?.verdict }

    /// `1.5.0 (119)`, or `1.5.0` without a build number.
    public var versionText: String { ReleasePlan.text(version, build) }
    public var previousVersionText: String { ReleasePlan.text(previousVersion ?? "(none)", previousBuild) }

    /// The value of the `Slipway-Release` trailer: `{version}+{build}`.
    public var trailerValue: String { build.map { "\(version)+\($0)" } ?? version }

    static func text(_ version: String, _ build: String?) -> String {
        build.map { "\(version) (\($0))" } ?? version
    }

    /// The values release templates may use.
    static func templateValues(version: String, build: String?, previousVersion: String?, previousBuild: String?)
        -> [String: String]
    {
        [
            "version": version, "build": build ?? "", "previousVersion": previousVersion ?? "",
            "previousBuild": previousBuild ?? "",
        ]
    }
}
