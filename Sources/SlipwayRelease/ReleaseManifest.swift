import Foundation
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwayPipeline

/// The machine-readable record of one release (or of one `slipway manifest` run): what was built, from which
/// commit, why, by which stages, and the digests of what came out. Its JSON shape is `schemas/manifest.schema.json`.
public struct ReleaseManifest: Sendable {
    /// Raised when a field changes meaning or disappears; new optional fields keep it.
    public static let schemaVersion = 1

    public struct Project: Sendable, Equatable {
        public var name: String
        /// The XcodeGen spec, relative to the repository root; `nil` when the project has none.
        public var spec: String?

        public init(name: String, spec: String?) {
            self.name = name
            self.spec = spec
        }
    }

    public struct Version: Sendable, Equatable {
        /// `MARKETING_VERSION` (`CFBundleShortVersionString`).
        public var marketing: String?
        /// `CURRENT_PROJECT_VERSION` (`CFBundleVersion`).
        public var build: String?
        /// The versions at the previous release.
        public var previousMarketing: String?
        public var previousBuild: String?

        public init(marketing: String?, build: String?, previousMarketing: String? = nil, previousBuild: String? = nil)
        {
            self.marketing = marketing
            self.build = build
            self.previousMarketing = previousMarketing
            self.previousBuild = previousBuild
        }
    }

    public struct Git: Sendable, Equatable {
        public var commit: OID
        /// `nil` on a detached HEAD.
        public var branch: String?
        /// The release tag on `commit`, if there is one.
        public var tag: String?
        /// Every app's tag on `commit` when apps that share one version were released together (`tag` is the
        /// first); `nil` for a release with one tag.
        public var tags: [String]?
        /// The remote `git push` would use (see `PushTarget`, else `origin`), without credentials.
        public var remoteURL: String?
        /// The previous release's commit (`nil`: all history) and its tag.
        public var base: OID?
        public var baseTag: String?

        public init(commit: OID, branch: String?, tag: String?, remoteURL: String?, base: OID?, baseTag: String?) {
            self.commit = commit
            self.branch = branch
            self.tag = tag
            self.remoteURL = remoteURL
            self.base = base
            self.baseTag = baseTag
        }
    }

    public struct Trigger: Sendable {
        /// The `detect` verdict on the range since the previous release.
        public var verdict: Verdict
        /// The bump asked for (`build`, `patch`, `minor`, `major`, `auto`), or `nil` when none was.
        public var requested: String?

        public init(verdict: Verdict, requested: String?) {
            self.verdict = verdict
            self.requested = requested
        }
    }

    public struct CommitEntry: Sendable, Equatable {
        public var sha: OID
        public var subject: String
        public var authorName: String
        public var authorEmail: String

        public init(sha: OID, subject: String, authorName: String, authorEmail: String) {
            self.sha = sha
            self.subject = subject
            self.authorName = authorName
            self.authorEmail = authorEmail
        }

        public init(_ commit: Commit) {
            self.init(
                sha: commit.id, subject: commit.subject, authorName: commit.author.name,
                authorEmail: commit.author.email)
        }
    }

    public struct Artifact: Sendable, Equatable {
        /// Relative to the repository root, `/`-separated.
        public var path: String
        public var size: Int64
        /// Lowercase hex.
        public var sha256: String

        public init(path: String, size: Int64, sha256: String) {
            self.path = path
            self.size = size
            self.sha256 = sha256
        }
    }

    public enum Status: String, Sendable {
        case succeeded, failed
    }

    /// What made a release fail: the stage, when a stage did, and the message.
    public struct Failure: Sendable, Equatable {
        public var stage: String?
        public var message: String

        public init(stage: String?, message: String) {
            self.stage = stage
            self.message = message
        }
    }

    public var project: Project
    public var version: Version
    public var git: Git
    public var trigger: Trigger?
    public var commits: [CommitEntry]
    public var stages: [StageResult]
    public var artifacts: [Artifact]
    public var status: Status
    public var failure: Failure?
    public var createdAt: Date
    /// The app of `apps:` the record is of; `nil` without apps.
    public var app: String?
    /// The after-push stages (the upload): whether they passed, and how to retry; `nil` when there are none.
    public var afterPush: AfterPush?
    /// "What to Test": the notes the release passed to the upload.
    public var releaseNotes: String?
    /// What the derived ship stages made, per app and platform; empty without them.
    public var shipped: [Shipped] = []
    /// What a reader should know (the working tree held another version than the commit); empty: nothing.
    public var notes: [String] = []

    public init(
        project: Project, version: Version, git: Git, trigger: Trigger?, commits: [CommitEntry],
        stages: [StageResult] = [], artifacts: [Artifact] = [], status: Status = .succeeded,
        failure: Failure? = nil, createdAt: Date = Date(), app: String? = nil
    ) {
        self.app = app
        self.project = project
        self.version = version
        self.git = git
        self.trigger = trigger
        self.commits = commits
        self.stages = stages
        self.artifacts = artifacts
        self.status = status
        self.failure = failure
        self.createdAt = createdAt
    }

    /// Marks the release failed, naming the stage that failed when there is one.
    public mutating func fail(stage: String?, message: String) {
        status = .failed
        failure = Failure(stage: stage, message: message)
    }

    /// The most commits (and changed files in the trigger) a manifest lists: a first release ranges over all
    /// history, which for a real app is thousands of commits and every file. The newest are kept;
    /// `commitsOmitted` counts the rest, and the trigger's `counts.files` stays the full count.
    public static let listLimit = 200

    public var json: JSON {
        let limit = ReleaseManifest.listLimit
        var trigger: JSON = .null
        if let value = self.trigger, case .object(var object) = VerdictReport.json(value.verdict) {
            object["requested"] = .string(value.requested)
            for key in ["commits", "files"] {
                if case .array(let items)? = object[key], items.count > limit {
                    object[key] = .array(Array(items.prefix(limit)))
                }
            }
            trigger = .object(object)
        }
        var projectFields: [String: JSON] = ["name": .string(project.name), "spec": .string(project.spec)]
        if let app { projectFields["app"] = .string(app) }
        var gitFields: [String: JSON] = [
            "commit": .string(git.commit.hex),
            "branch": .string(git.branch),
            "tag": .string(git.tag),
            "remoteURL": .string(git.remoteURL),
            "range": .object([
                "base": .string(git.base?.hex),
                "baseTag": .string(git.baseTag),
                "head": .string(git.commit.hex),
            ]),
        ]
        // Apps that share one version, released together: every app's tag (absent for a release with one tag).
        if let tags = git.tags { gitFields["tags"] = .array(tags.map { .string($0) }) }
        var fields: [String: JSON] = [
            "schemaVersion": .int(ReleaseManifest.schemaVersion),
            "tool": .object(["name": .string(Slipway.name), "version": .string(Slipway.version)]),
            "project": .object(projectFields),
            "version": .object([
                "marketing": .string(version.marketing),
                "build": .string(version.build),
                "previousMarketing": .string(version.previousMarketing),
                "previousBuild": .string(version.previousBuild),
            ]),
            "git": .object(gitFields),
            "trigger": trigger,
            "commits": .array(
                commits.prefix(limit).map { commit in
                    .object([
                        "sha": .string(commit.sha.hex),
                        "subject": .string(commit.subject),
                        "author": .object(["name": .string(commit.authorName), "email": .string(commit.authorEmail)]),
                    ])
                }),
            "stages": .array(stages.map(\.json)),
            "artifacts": .array(
                artifacts.map { artifact in
                    .object([
                        "path": .string(artifact.path), "size": .int(Int(artifact.size)),
                        "sha256": .string(artifact.sha256),
                    ])
                }),
            "status": .string(status.rawValue),
            "failure": failure.map { .object(["stage": .string($0.stage), "message": .string($0.message)]) } ?? .null,
            "createdAt": .string(UTCTimestamp.string(createdAt)),
        ]
        if commits.count > limit { fields["commitsOmitted"] = .int(commits.count - limit) }
        if !notes.isEmpty { fields["notes"] = .array(notes.map { .string($0) }) }
        if let afterPush { fields["afterPush"] = afterPush.json }
        if let releaseNotes { fields["releaseNotes"] = .string(releaseNotes) }
        if !shipped.isEmpty { fields["shipped"] = .array(shipped.map(\.json)) }
        return .object(fields)
    }
}
