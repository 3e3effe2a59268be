import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
import SlipwayVersioning

extension ReleasePlanner {
    /// `ship.whatToTestFile` with the release's notes, committed with the spec (Xcode Cloud reads it from the
    /// commit it builds). The file must exist and be tracked, so a failed release can put its bytes back.
    func whatToTest(_ path: String, notes: String) throws -> BumpPlan.FileUpdate {
        let url = workspace.root.appendingPathComponent(path)
        // The release rewrites this file: one linked out of the repository is neither read nor written.
        guard BoundedFile.isInside(url.path, root: workspace.root.path) else {
            throw Failure(
                "cannot release: ship.whatToTestFile \(path.cQuotedIfNeeded) leads out of the repository "
                    + "(\(RealPath.resolve(url.path).cQuotedIfNeeded))",
                hint: "replace the link with a file inside the repository and commit it")
        }
        guard let data = BoundedFile.readIfRegular(url.path) else {
            throw Failure(
                "cannot release: ship.whatToTestFile \(path.cQuotedIfNeeded) does not exist",
                hint: "create it once and commit it (\(Self.creating(path))); each release then rewrites it")
        }
        return BumpPlan.FileUpdate(
            url: url, displayPath: path, rootRelativePath: path, original: Array(data), updated: Array(notes.utf8))
    }

    /// The Sparkle feed the derived `appcast` stage adds this release's item to, when it runs: committed with the
    /// release (so the feed served from the repository names the tagged build), and put back if the release fails.
    func appcastFeed(_ stages: StagePlan, major: Bool, skipStages: Bool) throws -> String? {
        guard !skipStages, let feed = stages.ship?.config.sparkle?.feed,
            let stage = stages.stages.first(where: { $0.name == "appcast" }),
            stages.ship?.stages.contains(stage) == true, stage.when == .always || major
        else { return nil }
        let url = workspace.root.appendingPathComponent(feed)
        guard BoundedFile.isInside(url.path, root: workspace.root.path) else {
            throw Failure(
                "cannot release: ship.sparkle.feed \(feed.cQuotedIfNeeded) leads out of the repository "
                    + "(\(RealPath.resolve(url.path).cQuotedIfNeeded))",
                hint: "replace the link with a file inside the repository, or point the feed at one")
        }
        return feed
    }

    /// The commands that create and track `path`; a file at the repository root needs no folder made.
    static func creating(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let touch = "touch \(Shell.quote(path)) && git add \(Shell.quote(path))"
        return folder.isEmpty ? touch : "mkdir -p \(Shell.quote(folder)) && " + touch
    }
}
