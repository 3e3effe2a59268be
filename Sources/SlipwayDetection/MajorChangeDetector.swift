import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwaySpec
import SlipwayWorkspace

/// Decides whether a commit or a range of commits is a major change, and explains every rule.
public struct MajorChangeDetector {
    public let repository: Repository
    public let config: DetectConfig
    /// The XcodeGen spec path (repository-relative); it and the files it includes are build configuration.
    public let specPath: String
    /// XcodeGen's project root (repository-relative), against which `relativePaths: false` includes resolve.
    public let projectRoot: String?
    /// For `${VAR}` in include paths, which XcodeGen expands from the environment.
    public let environment: [String: String]
    /// With several apps: which files concern the app judged (a file only other apps compile does not).
    public var appFiles: (any AppFileScope)?
    /// Every app's file scope, by name, when `apps:` lists several: a file two apps compile is shared code.
    public var appScopes: [String: any AppFileScope] = [:]
    /// The models of the commits it judges one at a time, when its caller reads them too (`DetectService`).
    var models: CommitModels?
    /// The explanations of quiet rules that depend on the configuration alone, written once instead of for each of
    /// the thousands of verdicts `detect --each` makes.
    private let quietText: QuietText

    public init(
        repository: Repository, config: DetectConfig, specPath: String = "project.yml", projectRoot: String? = nil,
        environment: [String: String] = ProcessEnvironment.current
    ) {
        self.repository = repository
        self.config = config
        self.specPath = SpecIncludes.normalize(specPath)
        self.projectRoot = projectRoot
        self.environment = environment
        quietText = QuietText(config)
    }

    // MARK: Entry points

    /// Judges one commit against its first parent (a root commit: every file is added).
    public func judge(commit revision: String) throws(GitError) -> Verdict {
        let oid = try repository.resolveCommit(revision)
        let commit = try repository.commit(oid)
        try requireHistory(of: commit)
        let files = try repository.changes(of: commit)
        let models = commitModels()
        return verdict(
            base: commit.parents.first, head: oid, baseSource: .parent, commits: [commit], files: files,
            buildConfig: buildConfigMatcher(head: oid, base: commit.parents.first, files: files, models: models),
            models: lookup(head: oid, base: commit.parents.first, in: models))
    }

    /// Judges `a..b`: the net tree difference from a to b, and the messages of every commit in b that is not in a.
    public func judge(range: RevisionRange) throws(GitError) -> Verdict {
        try judge(base: range.base, head: range.head, baseSource: .given)
    }

    /// Judges a resolved range (CI's `--base/--head`, or the commits since the previous release).
    public func judge(_ range: ResolvedRange) throws(GitError) -> Verdict {
        try judge(base: range.base, head: range.head, baseSource: range.source, baseTag: range.tag, notes: range.notes)
    }

    /// Judges the commits since the previous release (all of history when there is none).
    public func judgeSincePreviousRelease(head: OID, excludingHead: Bool = false) throws(GitError) -> Verdict {
        let history = ReleaseHistory(repository: repository, pattern: config.releaseTagPattern)
        return try judge(history.rangeSincePreviousRelease(head: head, excludingHead: excludingHead))
    }

    /// Judges a range from resolved commits; a `nil` base means from the empty tree (all of history).
    public func judge(
        base: OID?, head: OID, baseSource: Verdict.BaseSource, baseTag: String? = nil, notes: [String] = []
    ) throws(GitError) -> Verdict {
        let commits = try repository.commits(from: head, excluding: base.map { [$0] } ?? [])
        for commit in commits where commit.parents.isEmpty { try requireHistory(of: commit) }
        let files = try repository.changes(from: base, to: head)
        let models = commitModels()
        var result = verdict(
            base: base, head: head, baseSource: baseSource, commits: commits, files: files,
            buildConfig: buildConfigMatcher(head: head, base: base, files: files, models: models),
            models: lookup(head: head, base: base, in: models))
        result.baseTag = baseTag
        result.notes = notes
        return result
    }

    /// Judges every commit of a range on its own, newest first, handing each verdict over as soon as it is made.
    ///
    /// Each verdict is the one `judge(commit:)` gives for that commit. Git is read on a second thread
    /// (`CommitChangeReader`: each commit's changed files and spec files) while the commits read before are judged
    /// on this one (their project models, rules and reports): the two halves cost about the same.
    public func judgeEach(range: RevisionRange, _ body: (Verdict) throws -> Void) throws {
        let reader = CommitChangeReader(
            gitDirectory: repository.gitDirectory, workingDirectory: repository.workingDirectory, range: range,
            specPath: specPath, projectRoot: projectRoot, environment: environment)
        let changes = Prefetched<CommitChanges>(name: "slipway detect --each: git") { emit in try reader.read(emit) }
        defer { changes.stop() }
        // A model per set of spec files: commits that share their spec files' objects share the model, read
        // through this thread's own include cache (blobs, parsed files, folder lookups).
        let models = CommitModels(
            repository: repository, specPath: specPath, projectRoot: projectRoot, environment: environment)
        while let change = try changes.next() {
            let commit = change.commit
            let headKey = change.specKey
            let baseKey = change.parentSpecKey
            let lookup = ModelLookup(
                head: commit.id, base: commit.parents.first,
                headModel: { models.entry(at: commit.id, key: headKey) },
                baseModel: { commit.parents.first.map { models.entry(at: $0, key: baseKey) } })
            try body(
                verdict(
                    base: commit.parents.first, head: commit.id, baseSource: .parent, commits: [commit],
                    files: change.files,
                    buildConfig: BuildConfigMatcher(globs: config.buildConfigPaths, exact: change.specFiles),
                    models: lookup))
        }
    }

    /// A commit without parents is a root commit, unless a shallow clone cut its parents off: judging it as a
    /// root (every file added) would then be a wrong verdict, so that is an error that says how to deepen.
    private func requireHistory(of commit: Commit) throws(GitError) {
        try Self.requireHistory(of: commit, in: repository)
    }

    static func requireHistory(of commit: Commit, in repository: Repository) throws(GitError) {
        guard commit.parents.isEmpty, let missing = try repository.missingParent(of: commit.id) else { return }
        throw .missingFromShallowClone(missing.hex)
    }

    // MARK: Rules

    struct BuildConfigMatcher {
        let globs: [Glob]
        let exact: Set<String>
        func matches(_ path: String) -> Bool { exact.contains(path) || globs.contains { $0.matches(path) } }
    }

    /// The spec and every file it includes, at both ends of a change: a file dropped from `include:` by the
    /// change still counts. The base side is read only when the change touched one of the head's spec files;
    /// otherwise both sides read the same bytes and give the same set.
    func buildConfigMatcher(head: OID, base: OID?, files: [FileChange], models: CommitModels) -> BuildConfigMatcher {
        var exact = models.specFiles(at: head)
        if let base, Self.touches(files, exact) {
            exact.formUnion(models.specFiles(at: base))
        }
        return BuildConfigMatcher(globs: config.buildConfigPaths, exact: exact)
    }

    /// The spec path and the paths it includes (recursively) in a commit's tree.
    func specFiles(at commit: OID) -> Set<String> {
        commitModels().specFiles(at: commit)
    }

    static func touches(_ files: [FileChange], _ paths: Set<String>) -> Bool {
        files.contains { $0.paths.contains(where: paths.contains) }
    }

    func verdict(
        base: OID?, head: OID, baseSource: Verdict.BaseSource, commits: [Commit], files: [FileChange],
        buildConfig: BuildConfigMatcher, models: ModelLookup
    ) -> Verdict {
        var rules = RuleResults()
        // Slipway's own release commits are bookkeeping: their messages carry no tags to count.
        let releases = commits.filter(\.isRelease)
        let messages = judgeMessages(releases.isEmpty ? commits : commits.filter { !$0.isRelease }, into: &rules)
        // One app of several: files only other apps compile are their change, not this app's.
        let judged = appFiles.map { scope in files.filter { $0.paths.contains(where: scope.concerns) } } ?? files
        let swiftCount = judgeFiles(judged, buildConfig: buildConfig, models: models, into: &rules)

        var major = !rules.reasons.isEmpty
        if !commits.isEmpty, releases.count == commits.count {
            let overridden = major ? " (overrides \(rules.reasons.map(\.rule.rawValue).joined(separator: ", ")))" : ""
            let described = releases.map { commit in
                return "\(commit.id.short) carries \(Commit.releaseTrailerKey): \(commit.releaseTrailer ?? "")"
            }.joined(separator: "; ")
            let noun = releases.count == 1 ? "a release commit" : "release commits"
            rules.reasons.insert(
                Verdict.Reason(
                    rule: .releaseCommit,
                    message: "\(described): \(noun) of slipway release is never a major change\(overridden)"),
                at: 0)
            return Verdict(
                major: false, bump: messages.bump, base: base, head: head, baseSource: baseSource, baseTag: nil,
                commits: commits, files: files, swiftFileCount: swiftCount, reasons: rules.reasons,
                quietRules: rules.quiet, notes: [])
        }
        // Skip tags: the newest commit's skip tag overrides the whole verdict; an older commit's skip tag only
        // silences that commit's own message tags.
        let newest = commits.first?.id
        if messages.skipHits.contains(where: { $0.commit == newest }) {
            let hits = messages.skipHits.filter { $0.commit == newest }
            let overridden = major ? " (overrides \(rules.reasons.map(\.rule.rawValue).joined(separator: ", ")))" : ""
            let described = hits.map { "\($0.tag) in \($0.commit.short) \($0.subject.inDoubleQuotes)" }.joined(
                separator: "; ")
            let reason = Verdict.Reason(rule: .skipTag, message: "skip tag \(described)\(overridden)", tags: hits)
            rules.reasons.insert(reason, at: 0)
            major = false
        } else if !messages.skipHits.isEmpty {
            let described = messages.skipHits.map { "\($0.tag) in \($0.commit.short)" }.joined(separator: "; ")
            rules.quiet.append(
                (.skipTag, "\(described) only silences that commit's message tags (not the newest commit)"))
        } else {
            rules.quiet.append((.skipTag, quietText.skipTag))
        }

        return Verdict(
            major: major, bump: messages.bump, base: base, head: head, baseSource: baseSource, baseTag: nil,
            commits: commits, files: files, swiftFileCount: swiftCount, reasons: rules.reasons,
            quietRules: rules.quiet, notes: [])
    }

    /// The rules that fired and the ones that stayed quiet, in report order.
    struct RuleResults {
        var reasons: [Verdict.Reason] = []
        var quiet: [(rule: RuleID, explanation: String)] = []
    }

    /// The message-tag rule; returns the skip tags found (applied last) and the bump the messages ask for.
    private func judgeMessages(_ commits: [Commit], into rules: inout RuleResults)
        -> (skipHits: [Verdict.TagHit], bump: BumpLevel)
    {
        var skipHits: [Verdict.TagHit] = []
        var tagHits: [Verdict.TagHit] = []
        var bump = BumpLevel.patch
        for commit in commits {
            let message = CommitMessage(commit.message)
            let skips = message.tags(from: config.skipTags)
            skipHits += skips.map { Verdict.TagHit(tag: $0, commit: commit.id, subject: commit.subject) }
            if skips.isEmpty {
                tagHits += message.tags(from: config.tags).map {
                    Verdict.TagHit(tag: $0, commit: commit.id, subject: commit.subject)
                }
            }
            bump = max(bump, message.bumpLevel)
        }
        if tagHits.isEmpty {
            rules.quiet.append((.messageTag, quietText.messageTag))
        } else {
            let described = tagHits.map { "\($0.tag) in \($0.commit.short) \($0.subject.inDoubleQuotes)" }
            rules.reasons.append(
                Verdict.Reason(
                    rule: .messageTag, message: "message tag " + described.joined(separator: "; "), tags: tagHits))
        }
        return (skipHits, bump)
    }

    /// The swift-files, shared-code and build-config rules; returns how many Swift files changed.
    private func judgeFiles(
        _ files: [FileChange], buildConfig: BuildConfigMatcher, models: ModelLookup, into rules: inout RuleResults
    ) -> Int {
        var swiftCount = 0
        var swiftPaths: [String] = []
        var changed: [String] = []
        var buildPaths: [String] = []
        for file in files {
            // `file.paths` without building an array: the old path of a rename first, then the path.
            let oldPath = file.oldPath.flatMap { $0 == file.path ? nil : $0 }
            if MajorChangeDetector.isSwiftFile(file.path) || oldPath.map(MajorChangeDetector.isSwiftFile) == true {
                swiftCount += 1
                swiftPaths.append(file.path)
            }
            if let oldPath {
                changed.append(oldPath)
                if buildConfig.matches(oldPath) { buildPaths.append(oldPath) }
            }
            changed.append(file.path)
            if buildConfig.matches(file.path) { buildPaths.append(file.path) }
        }
        let threshold = config.swiftFileThreshold
        if swiftCount > threshold {
            rules.reasons.append(
                Verdict.Reason(
                    rule: .swiftFiles, message: "\(swiftCount) Swift files changed, more than \(threshold)",
                    paths: swiftPaths, count: swiftCount, threshold: threshold))
        } else {
            let files = "\(swiftCount) Swift file\(swiftCount == 1 ? "" : "s")"
            rules.quiet.append((.swiftFiles, "\(files) changed, fires above \(threshold)"))
        }
        judgeShared(changed, models: models, into: &rules)
        judgeBuildConfig(buildPaths, specFiles: buildConfig.exact, models: models, into: &rules)
        return swiftCount
    }

    /// Whether a path ends in `.swift`.
    static func isSwiftFile(_ path: String) -> Bool {
        path.hasSuffix(".swift")
    }

    func summary(_ paths: [String]) -> String {
        let shown = paths.prefix(5).map(\.cQuotedIfNeeded).joined(separator: ", ")
        return paths.count > 5 ? "\(shown) and \(paths.count - 5) more" : shown
    }
}
