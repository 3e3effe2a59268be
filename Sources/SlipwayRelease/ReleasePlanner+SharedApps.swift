import SlipwayConfig
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwayVersioning

extension ReleasePlanner {
    /// One app of a release of apps that share one marketing version: its configuration as `--app` sees it and
    /// the build number it releases.
    struct SharedApp {
        var configuration: Configuration
        var name: String
        var previousBuild: String?
        var build: String?
    }

    /// The bump of every app of `apps:` sharing one marketing version (`version.sharedByApps`, no `--app`): the
    /// shared version moves once, as the first app's own bump moves it, and each app's build number as its own
    /// bump moves it, written together as `bump --set <app>=… --build <app>=…` writes them.
    func sharedBump(
        _ request: BumpRequest, first: BumpPlan, verdict: Verdict, ciBuild: String?, apps configuration: Configuration
    ) throws -> (bump: BumpPlan, apps: [SharedApp]) {
        var apps: [SharedApp] = []
        var set: [String] = []
        var builds: [String] = []
        for app in configuration.apps {
            let scoped = configuration.scoped(to: app)
            let own =
                app.name == workspace.configuration.selectedApp?.name
                ? first
                : try BumpService(workspace: workspace.with(scoped)).plan(request, auto: verdict, command: "release")
            if let version = first.marketing?.new { set.append("\(app.name)=\(version)") }
            if let build = own.build?.new { builds.append("\(app.name)=\(build)") }
            let previous = own.build.map { $0.old ?? $0.oldValues.first ?? "" }
            apps.append(
                SharedApp(
                    configuration: scoped, name: app.name, previousBuild: previous,
                    build: ciBuild ?? own.build?.new ?? previous))
        }
        guard !set.isEmpty || !builds.isEmpty,
            let together = try AppsBumpRequest.parse(set: set, build: builds)
        else { return (first, apps) }
        var bump = try BumpService(workspace: workspace.with(configuration)).plan(together).merged
        bump.level = first.level
        bump.auto = first.auto
        bump.marketing = first.marketing
        bump.build = first.build
        let changes = apps.map { app in
            "\(app.name) \(ReleasePlan.text(first.marketing?.new ?? "", app.build))"
        }
        bump.notes =
            first.notes
            + ["the apps share the marketing version: one release commit for \(changes.joined(separator: ", "))"]
        return (bump, apps)
    }

    /// The release commit's message for apps released together: `Release 4.1.0 (alpha 81, beta 31)` (or
    /// `release.commitMessage` with `{app}` the apps' names), with one `Slipway-Release` trailer per app.
    func sharedCommitMessage(_ versions: Versions, apps: [SharedApp], configuration: Configuration) -> String {
        let release = configuration.release
        var subject: String
        if release.given.contains("commitMessage") {
            var values = versions.templateValues
            values["build"] = ""
            values["app"] = apps.map(\.name).joined(separator: ", ")
            subject = release.commitMessage.renderOmittingEmpty(values).trimmingCharacters(in: .whitespacesAndNewlines)
        } else {
            let builds = apps.compactMap { app in app.build.map { "\(app.name) \($0)" } }
            subject = "Release \(versions.version)" + (builds.isEmpty ? "" : " (\(builds.joined(separator: ", ")))")
        }
        if subject.isEmpty { subject = "Release \(versions.version)" }
        let trailers = apps.map { app in
            CommitTrailer(
                Commit.releaseTrailerKey,
                "\(app.name) " + (app.build.map { "\(versions.version)+\($0)" } ?? versions.version))
        }
        return CommitTrailer.append(trailers, to: subject)
    }
}
