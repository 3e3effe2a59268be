import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwayPipeline

/// What `slipway release --dry-run` prints: the whole plan, in the order a release would carry it out.
enum ReleaseDryRunReport {
    static func text(_ plan: ReleasePlan, verbose: Bool = false) -> String {
        var text = "Release plan for \(plan.draft.project.name) (dry run)\n\n"
        let on = plan.branch.map { " on \($0.cQuotedIfNeeded)" } ?? " (detached HEAD)"
        text += row("from", "\(plan.head.short)\(on), \(ReleaseDryRunReport.since(plan))")
        if let verdict = plan.verdict { text += row("trigger", VerdictReport.summary(verdict)) }
        if let auto = plan.bump.auto {
            text += row(
                "bump",
                "auto: \(auto.level.rawValue), as detect suggests for the commits since \(auto.since ?? "the first commit")"
            )
        } else if let requested = plan.draft.trigger?.requested {
            text += row("bump", requested)
        }
        text += row("version", versionChange(plan.previousVersion, plan.version))
        text += row("build", versionChange(plan.previousBuild, plan.build))
        for note in plan.bump.notes { text += row("note", note) }

        let pushes = plan.steps.contains { if case .push = $0 { true } else { false } }
        let noPush = row("push", "no (--push or 'release.push: true' pushes the branch and the tag)", indent: 3)
        for step in plan.steps {
            if case .runAfterPushStages = step, !pushes { text += noPush }
            text += describe(step, plan, verbose: verbose)
        }
        let afterPush = plan.steps.contains { if case .runAfterPushStages = $0 { true } else { false } }
        if !pushes, !afterPush { text += noPush }
        text += "\nDry run: nothing was written, run, committed, tagged or pushed.\n"
        return text
    }

    /// The lines of one step, in the words of the plan.
    private static func describe(_ step: ReleaseStep, _ plan: ReleasePlan, verbose: Bool) -> String {
        switch step {
        case .writeSpecFiles:
            return "\nBump \(plan.specFiles.map(\.cQuotedIfNeeded).joined(separator: ", ")):\n\n" + plan.bump.diff
        case .skipStages:
            // A committed project's `generate` stage may run before (`ReleasePlan.steps`).
            let regenerates = plan.steps.contains { if case .runStages = $0 { true } else { false } }
            return "\n\(regenerates ? "The other stages" : "Stages"): skipped (--skip-stages); the manifest lists "
                + "them as skipped.\n"
        case .runStages(let stages, let environment):
            var own = plan.stages
            own.stages = stages
            return "\n"
                + DryRunReport.text(own, environment: environment, requested: [], verbose: verbose, footer: false)
        case .runAfterPushStages(let stages, let environment):
            var own = plan.stages
            own.stages = stages
            own.ship = nil
            var text =
                "\nThen, once the release is tagged\(plan.push == nil ? "" : " and pushed") (phase: after-push; a "
            text += "failure leaves the release, and 'slipway release retry-after-push' runs them again):\n"
            text += DryRunReport.text(
                own, environment: environment, requested: [], verbose: verbose, footer: false, heading: false)
            // The notes file's contents show only with --verbose; otherwise the notes are shown here.
            let shown = verbose && stages.contains { !$0.files.isEmpty }
            if let notes = plan.draft.releaseNotes, !shown {
                text += "\n   What to Test:\n" + notes.split(separator: "\n").map { "     \($0)\n" }.joined()
            }
            return text
        case .collectArtifacts(let patterns):
            let artifacts =
                patterns.isEmpty
                ? "none ('artifacts:' in \(Configuration.fileName) lists none)"
                : patterns.joined(separator: ", ") + " (each must match a file)"
            return "\nThen, if every stage passes:\n" + row("artifacts", artifacts, indent: 3)
        case .commit(let paths, let message, let author, let committer):
            var text = row(
                "commit",
                "\(paths.map(\.cQuotedIfNeeded).joined(separator: ", ")) only, on "
                    + (plan.branch?.cQuotedIfNeeded ?? "the detached HEAD"), indent: 3)
            text += row("author", "\(author.name) <\(author.email)>", indent: 3)
            text += row("committer", "\(committer.name) <\(committer.email)>", indent: 3)
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            for (index, line) in lines.enumerated() {
                if index == 0 {
                    text += row("message", String(line), indent: 3)
                } else {
                    text += line.isEmpty ? "\n" : String(repeating: " ", count: 14) + line + "\n"
                }
            }
            return text
        case .tag(let name, _, _):
            return row("tag", "\(name) (annotated, on the release commit)", indent: 3)
        case .writeManifest(let template, let inToto):
            // Without artifacts there is no checksums.txt (nor an in-toto statement, which needs one).
            let collects = plan.steps.contains {
                if case .collectArtifacts(let patterns) = $0 { !patterns.isEmpty } else { false }
            }
            guard collects else { return row("manifest", manifestPath(plan, template), indent: 3) }
            var files = "\(manifestPath(plan, template)), with \(ChecksumFile.fileName)"
            if inToto { files += " and \(InTotoStatement.fileName)" }
            return row("manifest", files + " beside it", indent: 3)
        case .push(let push):
            let remote = "\(RemoteURL.redactingCredentials(push.remote.name)): \(push.remote.url)"
            return row("push", Shell.quote(RemoteURL.redactingCredentials(["git"] + push.arguments)), indent: 3)
                + row("", "(\(remote))", indent: 3)
        }
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
    private static func manifestPath(_ plan: ReleasePlan, _ template: ReleaseTemplate) -> String {
        template.renderOmittingEmpty([
            "version": ManifestWriter.pathSafe(plan.version), "build": plan.build.map(ManifestWriter.pathSafe) ?? "",
            "commit": "<release commit>",
        ]).cQuotedIfNeeded
    }
}
