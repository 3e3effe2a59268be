import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayWorkspace

/// `slipway detect`: judges a commit, a range, or each commit of a range, and reports the verdict.
public struct DetectService {
    public enum Target {
        /// One commit against its first parent (`HEAD` by default).
        case commit(String)
        /// `a..b`.
        case range(String)
        /// CI's `--base/--head`, with fallbacks for new branches and force pushes.
        case ci(base: String?, head: String)
        /// Every commit of a range on its own, newest first.
        case each(String)
    }

    public struct Request {
        public var target: Target
        public var json = false
        public var exitCode = false
        /// The file to append step outputs to (`$GITHUB_OUTPUT`).
        public var githubOutput: String?
        /// The file to append the affected schemes' `matrix=` to (`$GITHUB_OUTPUT`).
        public var githubMatrix: String?

        public init(target: Target) {
            self.target = target
        }
    }

    public let workspace: Workspace
    /// The workspace's repository: `detect` judges history, so it needs one.
    public let repository: Repository
    /// Every app's file scope by name when the caller already worked them out (`appScopes(of:)`, once for all the
    /// apps it judges); `nil` to work them out here.
    public var appScopes: [String: any AppFileScope]?
    /// The project models at the commits judged: the rules and the affected-targets report read the same ones.
    let models: CommitModels

    public init(workspace: Workspace, appScopes: [String: any AppFileScope]? = nil) throws(GitError) {
        self.workspace = workspace
        repository = try workspace.requireRepository()
        self.appScopes = appScopes
        models = CommitModels(
            repository: repository, specPath: workspace.specPath, projectRoot: workspace.configuration.projectRoot,
            environment: workspace.environment, parsedFiles: workspace.parsedSpecFiles)
    }

    /// With several apps, every app's scope is worked out once: the selected app's judges which files are its
    /// change, and all of them which code two apps share.
    public var detector: MajorChangeDetector {
        var detector = specDetector
        let configuration = workspace.configuration
        guard configuration.apps.count > 1 else { return detector }
        let scopes = appScopes ?? DetectService.appScopes(of: workspace)
        detector.appFiles = configuration.selectedApp.flatMap { scopes[$0.name] }
        if configuration.detect.sharedCode == .reach { detector.appScopes = scopes }
        return detector
    }

    /// Every app's file scope by name, each spec's model resolved once (judging N apps one scope at a time would
    /// resolve every spec N times): the project models, or the declared `sources:` where a model does not
    /// resolve. Empty with one app or no commit yet.
    public static func appScopes(of workspace: Workspace) -> [String: any AppFileScope] {
        let configuration = workspace.configuration
        guard configuration.apps.count > 1, let repository = workspace.repository, !repository.isEmpty,
            let head = try? repository.resolveCommit("HEAD")
        else { return [:] }
        let environment = workspace.environment
        if let scopes = ProjectModelScope.scopes(
            configuration: configuration, repository: repository, commit: head, environment: environment)
        {
            return scopes
        }
        var scopes: [String: any AppFileScope] = [:]
        for app in configuration.apps {
            scopes[app.name] = DeclaredSourcesScope.make(
                configuration: configuration.scoped(to: app), repository: repository, commit: head,
                environment: environment)
        }
        return scopes
    }

    /// The detector without the app's file scope, for what needs only the spec's paths (`reach`): the scope
    /// resolves every app's project model.
    var specDetector: MajorChangeDetector {
        var detector = MajorChangeDetector(
            repository: repository, config: workspace.configuration.detect, specPath: workspace.specPath,
            projectRoot: workspace.configuration.projectRoot, environment: workspace.environment)
        detector.models = models
        return detector
    }

    /// Which files concern the workspace's selected app, judged once from the project models at HEAD (`notes`
    /// asks here; the detector takes it from `appScopes(of:)`); the declared `sources:` when a model does not
    /// resolve; `nil` with one app, none selected, or no commit yet.
    public static func appFiles(of workspace: Workspace) -> (any AppFileScope)? {
        guard workspace.configuration.selectedApp != nil, workspace.configuration.apps.count > 1,
            let repository = workspace.repository, !repository.isEmpty, let head = try? repository.resolveCommit("HEAD")
        else { return nil }
        let environment = workspace.environment
        if let scope = ProjectModelScope.make(
            configuration: workspace.configuration, repository: repository, commit: head, environment: environment)
        {
            return scope
        }
        return DeclaredSourcesScope.make(
            configuration: workspace.configuration, repository: repository, commit: head, environment: environment)
    }

    /// The verdict on one commit or range (`.each` judges many: see `run`).
    func judge(_ target: Target) throws -> Verdict {
        switch target {
        case .commit(let revision), .each(let revision):
            return try detector.judge(commit: revision)
        case .range(let text):
            return try detector.judge(range: try RevisionRange.parse(text, in: repository))
        case .ci(let base, let head):
            let resolver = CIRangeResolver(
                repository: repository, releaseTags: workspace.configuration.detect.releaseTagPattern)
            return try detector.judge(try resolver.resolve(base: base, head: head))
        }
    }

    /// Runs the request, writing the report to `console`; the exit status follows `--exit-code`.
    public func run(_ request: Request, console: Console) throws -> ExitStatus {
        if let warning = workspace.specWarning { console.err("warning: \(warning)\n") }
        var verdict: Verdict
        switch request.target {
        case .each(let text):
            let range = try RevisionRange.parse(text, in: repository)
            var anyMajor = false
            try detector.judgeEach(range: range) { verdict in
                anyMajor = anyMajor || verdict.major
                if request.json {
                    VerdictReport.json(verdict).writeCompact(to: console)
                    console.out("\n")
                } else {
                    console.out(VerdictReport.line(verdict))
                }
            }
            return request.exitCode && !anyMajor ? .negative : .success
        case .commit, .range, .ci:
            verdict = try judge(request.target)
        }
        let (reach, unread) = reachReport(of: verdict)
        if let unread { console.err("warning: \(unread)\n") }
        verdict = naming(reach?.sharedPlatforms ?? [], in: verdict)
        if request.json {
            var report = VerdictReport.json(verdict)
            if case .object(var object) = report {
                object["affected"] = reach.map { VerdictReport.json($0.affected) } ?? .null
                report = .object(object)
            }
            report.writeCompact(to: console)
            console.out("\n")
        } else {
            console.out(VerdictReport.text(verdict, affected: reach?.affected))
        }
        if let path = request.githubOutput {
            try GitHubOutput.append(VerdictReport.githubOutput(verdict), to: path)
        }
        if let path = request.githubMatrix {
            try GitHubOutput.append(githubMatrix(reach), to: path)
        }
        return request.exitCode && !verdict.major ? .negative : .success
    }
}

/// Appends `name=value` lines to the file GitHub Actions reads step outputs from.
public enum GitHubOutput {
    public static func append(_ text: String, to path: String) throws {
        guard let handle = FileHandle(forWritingAtPath: path) else {
            if FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) { return }
            throw Failure("cannot write to the GitHub output file \(path)", hint: "check $GITHUB_OUTPUT")
        }
        do {
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw Failure(
                "cannot append to the GitHub output file \(path): \(FileSystem.reason(error))",
                hint: "check $GITHUB_OUTPUT")
        }
    }
}
