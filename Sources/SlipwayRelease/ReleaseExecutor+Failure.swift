import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayPipeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ReleaseExecutor {
    /// Undoes the bump, records the failed release in a manifest, and returns the error to report.
    func abandon(
        _ plan: ReleasePlan, _ progress: Progress, stage: String?, keepingFiles: Bool = false, reason: String,
        log: String? = nil, status: ExitStatus = .negative
    ) -> Failure {
        var notes: [String] = []
        if let log { notes.append("the stage's full output is in \(log)") }
        let files = plan.specFiles.joined(separator: ", ")
        let one = plan.specFiles.count == 1
        // Everything before the commit is undone here; the journal goes too, unless the files could not be put
        // back, when `--abort` can try again.
        var undone = true
        defer { if undone { ReleaseJournal.remove(in: repository) } }
        if keepingFiles {
            notes.append(
                "\(files) \(one ? "is" : "are") left as \(one ? "it is" : "they are"): putting \(one ? "it" : "them") back "
                    + "would undo what the new commit holds; nothing was committed or tagged by the release")
        } else if let backup = progress.backup {
            do {
                // Only files that still hold the release's bytes go back; an edit made meanwhile is kept.
                let changed = Set(try backup.restore())
                let kept = plan.bump.files.filter { changed.contains($0.url.path) }.map(\.displayPath)
                if kept.isEmpty {
                    notes.append(
                        "\(files) \(one ? "is" : "are") back as \(one ? "it was" : "they were"), byte for byte; "
                            + "nothing was committed or tagged")
                } else {
                    notes.append(
                        "\(kept.joined(separator: ", ")) changed after the release wrote \(kept.count == 1 ? "it" : "them") "
                            + "and \(kept.count == 1 ? "was" : "were") left as \(kept.count == 1 ? "it is" : "they are") "
                            + "now; the other spec files are back as they were; nothing was committed or tagged")
                }
            } catch {
                undone = false
                notes.append(
                    "\(files) could not be put back (\(error.message)); 'slipway release abort' tries again, or restore with "
                        + "'git checkout HEAD -- \(plan.specFiles.joined(separator: " "))'; nothing was committed or tagged"
                )
            }
            // The generate stage's rewrite of a tracked project goes too: no half-released tree is left.
            let generated = restoreGeneratedNotes(plan)
            notes += generated.notes
            if !generated.undone { undone = false }
        } else {
            notes.append("no file was changed; nothing was committed or tagged")
        }
        var manifest = plan.draft
        manifest.stages = progress.results
        manifest.fail(stage: stage, message: reason)
        manifest.createdAt = Date()
        do {
            let writer = ManifestWriter(repository: repository, environment: environment)
            let url = writer.defaultURL(plan.manifestTemplate, for: manifest)
            let written = try writer.write(manifest, to: url, inToto: false)
            console.out(
                "Release \(plan.versionText) failed; recorded in:\n"
                    + ManifestService.summary(manifest, written, root: workspace.root))
            notes.append(
                "the failure is recorded in \(ManifestService.display(written.manifest, root: workspace.root))")
        } catch {
            notes.append("the failure could not be recorded in a manifest: \(ReleaseExecutor.describe(error))")
        }
        return Failure(
            "release \(plan.versionText) failed: \(reason)", hint: notes.joined(separator: "\n      "),
            exitStatus: status)
    }

    /// A failure after the release commit: what exists, and the commands that finish the release by hand.
    static func incomplete(_ what: String, finish commands: [String]) -> Failure {
        Failure(
            what,
            hint: "nothing was undone; 'slipway release continue' finishes the release as planned (or "
                + "'slipway release abort' undoes it); to finish by hand instead, from the repository root, "
                + "then remove .git/slipway/release-journal:\n"
                + commands.map { "        " + $0 }.joined(separator: "\n"), exitStatus: .negative)
    }

    /// `slipway manifest` with the plan's artifacts, which records the release by hand.
    static func manifestCommand(_ plan: ReleasePlan) -> [String] {
        [
            "slipway manifest" + plan.artifactPatterns.map { " --artifact \(Shell.quote($0))" }.joined()
                + (plan.inToto ? " --in-toto" : "")
        ]
    }

    /// The plan's `git push`, when it pushes.
    static func pushCommand(_ plan: ReleasePlan) -> [String] {
        plan.push.map { [Shell.quote(RemoteURL.redactingCredentials(["git"] + $0.arguments))] } ?? []
    }

    /// The release commit, which every step after `commit` needs: a plan that tags or records before committing is
    /// a bug in the planner, said as such rather than skipped.
    static func releaseCommit(_ progress: Progress) throws -> OID {
        guard let commit = progress.commit else {
            throw Failure(
                "internal error: the release plan tags or records the release before committing it",
                hint: "nothing after the commit step was done; please report this with 'slipway release --dry-run'")
        }
        return commit
    }

    /// Whether the file at `url` holds exactly `bytes`.
    static func holds(_ bytes: [UInt8], _ url: URL) -> Bool {
        FileManager.default.contents(atPath: url.path).map { Array($0) == bytes } ?? false
    }

    static func describe(_ error: Error) -> String {
        (error as? SlipwayError)?.message ?? FileSystem.oneLine(error)
    }

    /// 130 after SIGINT, 143 after SIGTERM, as shells report a process the signal ended.
    static func status(after signal: Int32) -> ExitStatus {
        signal == SIGINT ? .interrupted : .terminated
    }
}
