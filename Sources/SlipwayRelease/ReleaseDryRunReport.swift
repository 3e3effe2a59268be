import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwayPipeline

/// What `slipway release --dry-run` prints: the whole plan, in the order a release would carry it out.
enum ReleaseDryRunReport {
    static func text(_ plan: ReleasePlan) -> String {
        var text = "Release plan for \(plan.draft.project.name) (dry run)\n\n"
        let on = plan.branch.map { " on \($0)" } ?? " (detached HEAD)"
        text += row("from", "\(plan.head.short)\(on), \(ReleaseDryRunReport.since(plan))")
        if let verdict = plan.verdict { text += row("trigger", HookReport.summary(verdict)) }
        if let auto = plan.bump.auto {
            text += row("bump", "auto: \(auto.level.rawValue), as detect suggests for the commits since \(auto.since ?? "the first commit")")
        } else if let requested = plan.draft.trigger?.requested {
            text += row("bump", requested)
        }
        text += row("version", versionChange(plan.previousVersion, plan.version))
        text += row("build", versionChange(plan.previousBuild, plan.build))
        for note in plan.bump.notes { text += row("note", note) }

        text += "\nBump \(plan.specFiles.joined(separator: ", ")):\n\n" + plan.bump.diff
        if plan.skipStages {
            text += "\nStages: skipped (--skip-stages); the manifest lists them as skipped.\n"
        } else {
            text += "\n" + DryRunReport.text(plan.stages, environment: plan.stageEnvironment, requested: [], footer: false)
        }
        text += "\nThen, if every stage passes:\n"
        let artifacts = plan.artifactPatterns.isEmpty ? "none ('artifacts:' in \(Configuration.fileName) lists none)"
            : plan.artifactPatterns.joined(separator: ", ") + " (each must match a file)"
        text += row("artifacts", artifacts, indent: 3)
        text += row("commit", "\(plan.specFiles.joined(separator: ", ")) only, on \(plan.branch ?? "the detached HEAD")", indent: 3)
        text += row("author", "\(plan.author.name) <\(plan.author.email)>", indent: 3)
        text += row("committer", "\(plan.committer.name) <\(plan.committer.email)>", indent: 3)
        let lines = plan.commitMessage.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        for (index, line) in lines.enumerated() {
            text += index == 0 ? row("message", String(line), indent: 3) : (line.isEmpty ? "\n" : String(repeating: " ", count: 14) + line + "\n")
        }
        text += row("tag", "\(plan.tag) (annotated, on the release commit)", indent: 3)
        var files = "\(manifestPath(plan)), with \(ChecksumFile.fileName)"
        if plan.inToto { files += " and \(InTotoStatement.fileName)" }
        text += row("manifest", files + " beside it", indent: 3)
        if let push = plan.push {
            text += row("push", Shell.quote(["git"] + push.arguments), indent: 3)
            text += row("", "(\(push.remote.name): \(push.remote.url))", indent: 3)
        } else {
            text += row("push", "no (--push or 'release.push: true' pushes the branch and the tag)", indent: 3)
        }
        text += "\nDry run: nothing was written, run, committed, tagged or pushed.\n"
        return text
    }

    private static func row(_ label: String, _ value: String, indent: Int = 0) -> String {
        String(repeating: " ", count: indent) + label.padded(to: 14 - indent) + value + "\n"
    }

    private static func versionChange(_ old: String?, _ new: String?) -> String {
        guard let new else { return "none in the spec" }
        guard let old, old != new else { return "\(new) (unchanged)" }
        return "\(old) -> \(new)"
    }

    private static func since(_ plan: ReleasePlan) -> String {
        let count = plan.draft.commits.count
        let commits = "\(count) commit\(count == 1 ? "" : "s")"
        return plan.draft.git.baseTag.map { "\(commits) since \($0)" } ?? "\(commits), no release tag yet"
    }

    /// Where the manifest would go; `{commit}` is the release commit, which does not exist yet.
    private static func manifestPath(_ plan: ReleasePlan) -> String {
        plan.manifestTemplate.render([
            "version": ManifestWriter.pathSafe(plan.version), "build": ManifestWriter.pathSafe(plan.build ?? "0"),
            "commit": "<release commit>",
        ])
    }
}
