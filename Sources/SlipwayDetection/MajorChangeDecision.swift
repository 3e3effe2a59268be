import SlipwayCore
import SlipwayGit
import SlipwayWorkspace

/// Whether a run treats the change as major (`SLIPWAY_MAJOR`, and whether `when: major` stages run), and why.
///
/// `--major` says so outright. Without it, HEAD is judged the way `slipway detect` judges a push with no base in CI:
/// against the latest release tag reachable from HEAD, else all of history. It runs in this process through
/// libgit2, so it costs a tree diff and a walk of the commits since the tag, and no extra process.
public struct MajorChangeDecision: Sendable, Equatable {
    public var major: Bool
    /// How the decision was made, for the dry run: "--major", "detect: 3 commits since v1.2.0: MAJOR CHANGE …".
    public var source: String
    /// Set when HEAD could not be judged (the decision is then "not major").
    public var warning: String?

    public init(major: Bool, source: String, warning: String? = nil) {
        self.major = major
        self.source = source
        self.warning = warning
    }

    public static let forced = MajorChangeDecision(major: true, source: "--major")

    /// Judges HEAD since the latest release tag.
    public static func detect(_ workspace: Workspace) -> MajorChangeDecision {
        guard let repository = workspace.repository, !repository.isEmpty, (try? repository.resolveCommit("HEAD")) != nil
        else {
            return MajorChangeDecision(major: false, source: "detect: no commit to judge")
        }
        do {
            let head = try repository.resolveCommit("HEAD")
            let verdict = try DetectService(workspace: workspace).detector.judgeSincePreviousRelease(head: head)
            return MajorChangeDecision(
                major: verdict.major,
                source: "detect: \(VerdictReport.range(verdict)): \(VerdictReport.summary(verdict))")
        } catch {
            return undecided(error.oneLine)
        }
    }

    private static func undecided(_ reason: String) -> MajorChangeDecision {
        MajorChangeDecision(
            major: false, source: "detect could not judge HEAD",
            warning: "cannot judge whether HEAD is a major change (\(reason)); SLIPWAY_MAJOR is false and "
                + "'when: major' stages are skipped unless you pass --major")
    }
}
