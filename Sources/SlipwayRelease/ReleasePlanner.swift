import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwayPipeline
import SlipwaySpec
import SlipwayVersioning
import SlipwayWorkspace

/// Works out a `ReleasePlan` and checks, before anything is written, everything that could stop the release
/// halfway: the repository's state, uncommitted changes, the versions, the stages' configuration, who commits, the
/// tag and where to push. Every problem found here is a refusal (exit 2) that leaves the repository untouched.
struct ReleasePlanner {
    let workspace: Workspace
    let repository: Repository
    /// With `version.sharedByApps` and no `--app`: the configuration of every app, released together (the
    /// workspace is the first app's, whose stages run once).
    var sharedApps: Configuration?

    private var environment: [String: String] { workspace.environment }

    func plan(_ request: ReleaseService.Request) throws -> ReleasePlan {
        // 1. A repository in a state a release can start from.
        let head = try repository.resolveCommit("HEAD")
        let changes = try releasableChanges(allowDirty: request.allowDirty)

        // 2. The versions, and the spec files the release commits. The commits since the previous release are
        // judged once: `auto` picks its level from this verdict, and the manifest records it as the trigger.
        let verdict = try DetectService(workspace: workspace).detector.judgeSincePreviousRelease(head: head)
        let versionService = VersionService(workspace: workspace)
        let inventory = try versionService.inventory(request.bump.options)
        // What the targets ship, the xcconfig files and Info.plists included, read as the bump reads them.
        let shipped = try versionService.shipped(inventory, options: request.bump.options)
        let choice = try versionChoice(request.bump, shipped: shipped.marketing, verdict: verdict)
        var bump = try BumpService(workspace: workspace).plan(choice.request, auto: verdict, command: "release")
        if let note = choice.note { bump.notes.insert(note, at: 0) }
        var apps: [SharedApp] = []
        if let sharedApps {
            (bump, apps) = try sharedBump(
                choice.request, first: bump, verdict: verdict, ciBuild: choice.ciBuild, apps: sharedApps)
        }
        // With CI's build number a release of a version the spec already holds changes no file; it still commits.
        guard !bump.isEmpty || choice.ciBuild != nil else {
            throw Failure(
                "cannot release: the spec already holds the requested versions, so there is nothing to commit",
                hint: "ask for a level (slipway release patch), or another --set/--build value")
        }
        var versions = try Versions(bump: bump, shipped: shipped)
        if let build = choice.ciBuild { versions.build = build }

        // 3. The stages (checked before anything is bumped: the upload's key, export compliance, doctor), the
        // trigger, the release notes and the commit; a committed generated project is regenerated and goes along.
        let major = request.major ?? verdict.major
        // A committed generated project is regenerated from the bumped spec, so the new version reaches it.
        var stages = try StagePlan.resolve(workspace, committedProject: .regenerated)
        try ReleasePreflight(workspace: workspace).check(
            stages, major: major, skipStages: request.skipStages)
        var generated = try generatedProject(inventory, stages: stages)
        if let feed = try appcastFeed(stages, major: major, skipStages: request.skipStages) { generated.append(feed) }
        var draft = try ManifestAssembler(workspace: workspace, repository: repository).manifest(
            head: head, releaseTag: .none, requested: request.requested, verdict: verdict)
        if let ship = workspace.configuration.ship, ship.derivesStages {
            // "What to Test": `slipway notes` for the commits since the previous release, within TestFlight's limit.
            let notes = try NotesService(workspace: workspace).notes(range: nil).text(
                maxBytes: ReleaseNotes.defaultMaxBytes)
            draft.releaseNotes = notes
            stages = stages.withReleaseNotes(notes, file: OutputFolder.name + "/what-to-test.txt")
            if let file = ship.whatToTestFile { bump.files.append(try whatToTest(file, notes: notes)) }
        }
        // The bump read its files for editing, so every one is inside the repository (SpecAccess.edit).
        let specFiles = bump.files.map(\.rootRelativePath)
        try requireClean(specFiles + generated, changes: changes)
        draft.version.marketing = versions.version
        draft.version.build = versions.build
        let author = try repository.identity(.author, environment: environment)
        let committer = try repository.identity(.committer, environment: environment)
        let release = workspace.configuration.release
        var (message, subject) = commitMessage(versions, template: release.commitMessage)

        // 4. The tags (one per app released together), the manifest and the push.
        var tags = [(name: try tagName(versions, template: release.tag), message: subject)]
        if let sharedApps {
            message = sharedCommitMessage(versions, apps: apps, configuration: sharedApps)
            tags = try apps.map { app in
                var own = versions
                own.previousBuild = app.previousBuild ?? versions.previousBuild
                own.build = app.build
                let tagMessage = ReleasePlanner.subject(own, template: app.configuration.release.commitMessage)
                return (
                    try tagName(
                        own, template: app.configuration.release.tag,
                        pattern: app.configuration.detect.releaseTagPattern), tagMessage
                )
            }
        }
        let tag = tags[0].name
        let artifacts = workspace.configuration.artifacts.map(\.pattern)
        let inToto = request.inToto ?? release.inToto
        try requireOutputs(artifacts: artifacts, manifest: release.manifest, of: draft, inToto: inToto)
        let branch = repository.currentBranch
        let push = try (request.push ?? release.push) ? pushTarget(branch: branch, tags: tags.map(\.name)) : nil
        var values = stageEnvironment(versions, tag: tag, major: major)
        if tags.count > 1 { values.extra["SLIPWAY_TAGS"] = tags.map(\.name).joined(separator: " ") }
        stages = stages.withShipValues(
            ShipPlan.Values(version: versions.version, build: versions.build ?? "", tag: tag))
        let steps = ReleasePlan.steps(
            bump: bump, specFiles: specFiles, generatedFiles: generated, stages: stages,
            skipStages: request.skipStages, environment: values, artifacts: artifacts, commitMessage: message,
            tags: tags,
            author: author, committer: committer, manifest: release.manifest, inToto: inToto, push: push)
        return ReleasePlan(
            head: head, branch: branch, bump: bump, previousVersion: versions.previousVersion,
            previousBuild: versions.previousBuild, version: versions.version, build: versions.build,
            specFiles: specFiles, stages: stages, skipStages: request.skipStages, stageEnvironment: values,
            commitMessage: message, tagMessage: subject, author: author, committer: committer, tag: tag,
            tags: tags.map(\.name), apps: apps.map(\.name), artifactPatterns: artifacts,
            manifestTemplate: release.manifest, inToto: inToto, push: push,
            draft: draft, steps: steps)
    }

    /// The versions before and after the release.
    struct Versions {
        var previousVersion: String?
        var previousBuild: String?
        var version: String
        /// `nil` when the spec has no literal build number.
        var build: String?

        init(bump: BumpPlan, shipped: (marketing: String?, build: String?)) throws {
            previousVersion = bump.marketing.map { $0.old ?? $0.oldValues.first ?? "" } ?? shipped.marketing
            previousBuild = bump.build.map { $0.old ?? $0.oldValues.first ?? "" } ?? shipped.build
            guard let version = bump.marketing?.new ?? previousVersion else {
                throw Failure(
                    "cannot release: the spec defines no single marketing version (MARKETING_VERSION)",
                    hint: "define one, or give it with --set <version>")
            }
            self.version = version
            build = bump.build?.new ?? previousBuild
        }

        /// The values release templates may use.
        var templateValues: [String: String] {
            ReleasePlan.templateValues(
                version: version, build: build, previousVersion: previousVersion, previousBuild: previousBuild)
        }
    }

    /// The tracked files with uncommitted changes (allowed with `--allow-dirty`); refuses a merge, rebase or
    /// cherry-pick in progress.
    private func releasableChanges(allowDirty: Bool) throws -> [String] {
        let state = repository.state
        guard state == .clean else {
            throw Failure("cannot release: \(state.summary)", hint: state.hint)
        }
        let changes = try repository.trackedChanges()
        if !changes.isEmpty, !allowDirty {
            throw Failure(
                "cannot release: tracked files have uncommitted changes:\n" + ReleasePlanner.list(changes),
                hint: "commit or stash them first; --allow-dirty releases anyway (only the spec files are committed)")
        }
        return changes
    }

    /// `--allow-dirty` never covers the spec files: the release commit would take their changes along.
    private func requireClean(_ specFiles: [String], changes: [String]) throws {
        let dirty = specFiles.filter { changes.contains($0) }
        guard dirty.isEmpty else {
            let names = dirty.map(\.cQuotedIfNeeded).joined(separator: ", ")
            throw Failure(
                "cannot release: \(names) \(dirty.count == 1 ? "has" : "have") uncommitted "
                    + "changes, which the release commit would take along",
                hint: "commit or stash the changes to the spec first; --allow-dirty only covers other files")
        }
    }

    /// The release commit's message with its trailer, and the subject the tag's message is.
    private func commitMessage(_ versions: Versions, template: ReleaseTemplate) -> (message: String, subject: String) {
        // One app of several says which: `Slipway-Release: holder 5.1.1+252`.
        let app = workspace.configuration.selectedApp.map { "\($0.name) " } ?? ""
        let trailer = CommitTrailer(
            Commit.releaseTrailerKey, app + (versions.build.map { "\(versions.version)+\($0)" } ?? versions.version))
        let subject = ReleasePlanner.subject(versions, template: template)
        return (CommitTrailer.append([trailer], to: subject), subject)
    }

    /// The commit message's subject, which is also the tag's message.
    static func subject(_ versions: Versions, template: ReleaseTemplate) -> String {
        let rendered = template.renderOmittingEmpty(versions.templateValues).trimmingCharacters(
            in: .whitespacesAndNewlines)
        // An empty template would leave a commit of nothing but the trailer and a tag git itself refuses.
        return rendered.isEmpty ? "Release \(ReleasePlan.text(versions.version, versions.build))" : rendered
    }

    /// The tag's name; refused when git would refuse it or it exists.
    private func tagName(_ versions: Versions, template: ReleaseTemplate, pattern: Glob? = nil) throws -> String {
        let tag = template.renderOmittingEmpty(versions.templateValues)
        guard repository.isValidReferenceName("refs/tags/\(tag)") else {
            throw Failure(
                "cannot release: the tag name '\(tag)' (from release.tag '\(template)') is not a valid git tag name",
                hint: "change release.tag in \(Configuration.fileName); git tag names cannot contain spaces, '..', "
                    + "'~', '^', ':' or '?'")
        }
        let pattern = pattern ?? workspace.configuration.detect.releaseTagPattern
        guard pattern.matches(tag) else {
            throw Failure(
                "cannot release: the tag \(tag) (from release.tag '\(template)') does not match the release tag "
                    + "pattern '\(pattern)', so the next run would not see this release",
                hint: "make detect.releaseTagPattern in \(Configuration.fileName) match the tags, or change release.tag"
            )
        }
        guard !repository.hasTag(named: tag) else {
            throw Failure(
                "cannot release: the tag \(tag) already exists",
                hint: "release another version (slipway release patch, --set <version>), or include {build} in "
                    + "release.tag")
        }
        return tag
    }

    /// `SLIPWAY_*` for the stages: the NEW version and build, the source commit, the tag to be.
    private func stageEnvironment(_ versions: Versions, tag: String, major: Bool) -> StageEnvironment {
        var values = StageEnvironment.current(for: workspace, major: major, output: OutputFolder(root: workspace.root))
        values.version = versions.version
        values.build = versions.build ?? ""
        values.extra = [
            "SLIPWAY_PREVIOUS_VERSION": versions.previousVersion ?? "",
            "SLIPWAY_PREVIOUS_BUILD": versions.previousBuild ?? "", "SLIPWAY_TAG": tag,
        ]
        return values
    }

    /// Refuses, before anything changes, what would stop the release at its artifacts or its manifest: an in-toto
    /// statement with nothing to attest, an artifact that leads outside the repository, and a manifest path that
    /// `ManifestWriter` would refuse (outside the working tree, in `.git`, a tracked file). `{commit}` is judged with
    /// HEAD's hash, as the release commit's is not known yet.
    private func requireOutputs(
        artifacts: [String], manifest template: ReleaseTemplate, of draft: ReleaseManifest, inToto: Bool
    ) throws {
        if inToto, artifacts.isEmpty {
            throw Failure(
                "cannot release with an in-toto statement: there are no artifacts to attest",
                hint: "list the files the stages produce under 'artifacts:' in \(Configuration.fileName), or leave "
                    + "out --in-toto")
        }
        do {
            try ArtifactCollector(repository: repository).requireInside(artifacts)
            let writer = ManifestWriter(repository: repository, environment: environment)
            _ = try writer.destination(writer.defaultURL(template, for: draft), inToto: inToto)
        } catch let error as Failure {
            throw Failure("cannot release: " + error.message, hint: error.hint)
        }
    }

    /// Where `git push` would send the branch (`PushTarget`: pushRemote, pushDefault, upstream, origin).
    private func pushTarget(branch: String?, tags: [String]) throws -> ReleasePlan.Push {
        guard let branch else {
            throw Failure(
                "cannot release with --push: HEAD is detached, so there is no branch to push",
                hint: "check out the branch to release, or release without --push")
        }
        let target: PushTarget
        do {
            target = try PushTarget.resolve(repository, branch: branch)
        } catch let error as Failure {
            throw Failure("cannot release with --push: " + error.message, hint: error.hint)
        }
        return ReleasePlan.Push(
            remote: target.remote, branch: branch, arguments: try target.arguments(in: repository, tags: tags))
    }

    /// Paths as an indented list, cut short after a screenful; a name with a control character is C-quoted, so
    /// no line of the list can begin with a file name's own text.
    static func list(_ paths: [String], limit: Int = 10) -> String {
        var lines = paths.prefix(limit).map { "  " + $0.cQuotedIfNeeded }
        if paths.count > limit { lines.append("  … and \(paths.count - limit) more") }
        return lines.joined(separator: "\n")
    }
}
