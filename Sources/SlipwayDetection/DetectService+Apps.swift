import SlipwayConfig
import SlipwayCore
import SlipwayProject
import SlipwayWorkspace

extension DetectService {
    /// A request that names no app where several apps need one (`--each` with several apps and no `--app`); the
    /// command line shows it as a usage error.
    public struct AppRequired: SlipwayError {
        public var message: String
        public var exitStatus: ExitStatus { .usage }
    }

    /// `slipway detect`: for `app` (or the only app), or with several apps and none named, a verdict for each.
    public static func run(_ workspace: Workspace, app: String?, _ request: Request, console: Console) throws
        -> ExitStatus
    {
        let configuration = workspace.configuration
        guard app == nil, configuration.apps.count > 1 else {
            return try DetectService(workspace: try workspace.selecting(app: app)).run(request, console: console)
        }
        // One verdict per app; --each lists one app's commits, so it needs the name.
        if case .each = request.target {
            throw AppRequired(
                message: "--each judges one app's commits: add --app <name> (the apps are "
                    + configuration.appNames.joined(separator: ", ") + ")")
        }
        return try runEveryApp(workspace, request, console: console)
    }

    /// `slipway detect` with several apps and no `--app`: a verdict per app, each judged with the app's spec,
    /// release tags and files. Text: one block per app; JSON: `{"apps": [{"app": name, …verdict}]}`. With
    /// `--exit-code`, 0 when any app's change is major. `--github-output` writes `major`, `bump` and `reasons` over
    /// every app (major when any app's is), `apps` (the apps with a major change), `releases` (the same as the
    /// release job's matrix, `{"app": [...]}`) and `major-<app>` for each; `--github-matrix` the affected schemes of
    /// every app, each scheme and platform once, with the app that reaches it first.
    public static func runEveryApp(_ workspace: Workspace, _ request: Request, console: Console) throws -> ExitStatus {
        var reports: [JSON] = []
        var texts: [String] = []
        var anyMajor = false
        var verdicts: [(app: String, verdict: Verdict)] = []
        var reached: [(app: AppConfig, major: Bool, entries: [CIMatrix.Entry])] = []
        var warnings: [String] = []
        let scopes = appScopes(of: workspace)
        for app in workspace.configuration.apps {
            let service = try DetectService(
                workspace: workspace.with(workspace.configuration.scoped(to: app)), appScopes: scopes)
            var verdict = try service.judge(request.target)
            let (reach, unread) = service.reachReport(of: verdict)
            // Apps sharing a spec share its error: say it once.
            if let unread, !warnings.contains(unread) {
                warnings.append(unread)
                console.err("warning: \(unread)\n")
            }
            verdict = service.naming(reach?.sharedPlatforms ?? [], in: verdict)
            anyMajor = anyMajor || verdict.major
            verdicts.append((app.name, verdict))
            let entries =
                reach.map {
                    CIMatrix.entries(
                        $0.affected, model: $0.model, destinations: workspace.configuration.run.testDestinations)
                } ?? []
            reached.append((app, verdict.major, entries))
            if case .object(var fields) = VerdictReport.json(verdict) {
                fields["app"] = .string(app.name)
                fields["affected"] = reach.map { VerdictReport.json($0.affected) } ?? .null
                reports.append(.object(fields))
            }
            texts.append("app \(app.name)\n" + VerdictReport.text(verdict, affected: reach?.affected))
        }
        if request.json {
            JSON.object(["apps": .array(reports)]).writeCompact(to: console)
            console.out("\n")
        } else {
            console.out(texts.joined(separator: "\n"))
        }
        if let path = request.githubOutput {
            try GitHubOutput.append(githubOutput(verdicts), to: path)
        }
        if let path = request.githubMatrix {
            try GitHubOutput.append("matrix=" + CIMatrix.json(matrix(reached)).compact() + "\n", to: path)
        }
        return request.exitCode && !anyMajor ? .negative : .success
    }

    /// Every app's affected schemes, each with the app whose spec generates it: a scheme once per spec (apps
    /// sharing a spec build the same project), from an app with a major change when one reaches it, since only
    /// those are released.
    static func matrix(_ reached: [(app: AppConfig, major: Bool, entries: [CIMatrix.Entry])]) -> [CIMatrix.Entry] {
        var matrix: [(spec: String, entry: CIMatrix.Entry)] = []
        for (app, _, entries) in reached.filter(\.major) + reached.filter({ !$0.major }) {
            for var entry in entries
            where !matrix.contains(where: {
                $0.spec == app.spec && $0.entry.scheme == entry.scheme && $0.entry.platform == entry.platform
            }) {
                entry.app = app.name
                matrix.append((app.spec, entry))
            }
        }
        return matrix.map(\.entry).sorted {
            ($0.scheme, $0.platform, $0.app ?? "") < ($1.scheme, $1.platform, $1.app ?? "")
        }
    }

    static func githubOutput(_ verdicts: [(app: String, verdict: Verdict)]) -> String {
        let major = verdicts.filter(\.verdict.major)
        let bump = verdicts.map(\.verdict.bump).max() ?? .patch
        let rules = Set(major.flatMap { $0.verdict.reasons.map(\.rule.rawValue) }).sorted().joined(separator: ",")
        var text = "major=\(!major.isEmpty)\nbump=\(bump.rawValue)\nreasons=\(rules)\n"
        text += "apps=\(major.map(\.app).joined(separator: ","))\n"
        // The release job's matrix, one job per app with a major change (none: the job does not run).
        if !major.isEmpty {
            text += "releases=" + JSON.object(["app": .array(major.map { .string($0.app) })]).compact() + "\n"
        }
        for (app, verdict) in verdicts { text += "major-\(app)=\(verdict.major)\n" }
        return text
    }
}
