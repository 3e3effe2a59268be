import SlipwayConfig
import SlipwayCore
import SlipwayHistory

extension DetectService {
    /// `slipway detect` with several apps and no `--app`: a verdict per app, each judged with the app's spec,
    /// release tags and files. Text: one block per app; JSON: `{"apps": [{"app": name, …verdict}]}`. With
    /// `--exit-code`, 0 when any app's change is major. `--github-output` writes `major`, `bump` and `reasons` over
    /// every app (major when any app's is), `apps` (the apps with a major change) and `major-<app>` for each.
    public static func runEveryApp(_ workspace: Workspace, _ request: Request, console: Console) throws -> ExitStatus {
        var reports: [JSON] = []
        var texts: [String] = []
        var anyMajor = false
        var verdicts: [(app: String, verdict: Verdict)] = []
        for app in workspace.configuration.apps {
            let scoped = Workspace(repository: workspace.repository, configuration: workspace.configuration.scoped(to: app))
            let verdict = try DetectService(workspace: scoped).judge(request.target)
            anyMajor = anyMajor || verdict.major
            verdicts.append((app.name, verdict))
            if case .object(var fields) = VerdictReport.json(verdict) {
                fields["app"] = .string(app.name)
                reports.append(.object(fields))
            }
            texts.append("app \(app.name)\n" + VerdictReport.text(verdict))
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
        return request.exitCode && !anyMajor ? .negative : .success
    }

    static func githubOutput(_ verdicts: [(app: String, verdict: Verdict)]) -> String {
        let major = verdicts.filter(\.verdict.major)
        let bump = verdicts.map(\.verdict.bump).max() ?? .patch
        let rules = Set(major.flatMap { $0.verdict.reasons.map(\.rule.rawValue) }).sorted().joined(separator: ",")
        var text = "major=\(!major.isEmpty)\nbump=\(bump.rawValue)\nreasons=\(rules)\n"
        text += "apps=\(major.map(\.app).joined(separator: ","))\n"
        for (app, verdict) in verdicts { text += "major-\(app)=\(verdict.major)\n" }
        return text
    }
}
