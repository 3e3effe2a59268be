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
        _ plan: ReleasePlan, _ progress: Progress, stage: String?, reason: String, log: String? = nil,
        status: ExitStatus = .negative
    ) -> Failure {
        var notes: [String] = []
        if let log { notes.append("the stage's full output is in \(log)") }
        let files = plan.specFiles.joined(separator: ", ")
        let one = plan.specFiles.count == 1
        if let backup = progress.backup {
            do {
                try backup.restore()
                notes.append(
                    "\(files) \(one ? "is" : "are") back as \(one ? "it was" : "they were"), byte for byte; "
                        + "nothing was committed or tagged")
            } catch {
                notes.append(
                    "\(files) could not be put back (\(error.message)); restore with "
                        + "'git checkout HEAD -- \(plan.specFiles.joined(separator: " "))'; nothing was committed or tagged"
                )
            }
        } else {
            notes.append("no file was changed; nothing was committed or tagged")
        }
        var manifest = plan.draft
        manifest.stages = progress.results
        manifest.fail(stage: stage, message: reason)
        manifest.createdAt = Date()
        do {
            let writer = ManifestWriter(root: workspace.root, environment: environment)
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
            hint: "nothing was undone; to finish by hand, from the repository root:\n"
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

    static func describe(_ error: Error) -> String {
        (error as? SlipwayError)?.message ?? FileSystem.oneLine(error)
    }

    /// 130 after SIGINT, 143 after SIGTERM, as shells report a process the signal ended.
    static func status(after signal: Int32) -> ExitStatus {
        signal == SIGINT ? .interrupted : .terminated
    }
}
