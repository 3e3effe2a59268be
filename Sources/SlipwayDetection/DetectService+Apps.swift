import SlipwayConfig
import SlipwayCore
import SlipwayHistory

extension DetectService {
    /// `slipway detect` with several apps and no `--app`: a verdict per app, each judged with the app's spec,
    /// release tags and files. Text: one block per app; JSON: `{"apps": [{"app": name, …verdict}]}`. With
    /// `--exit-code`, 0 when any app's change is major.
    public static func runEveryApp(_ workspace: Workspace, _ request: Request, console: Console) throws -> ExitStatus {
        var reports: [JSON] = []
        var texts: [String] = []
        var anyMajor = false
        for app in workspace.configuration.apps {
            let scoped = Workspace(
                repository: workspace.repository, configuration: workspace.configuration.scoped(to: app))
            let service = DetectService(workspace: scoped)
            var verdict = try service.judge(request.target)
            let reach = service.reach(of: verdict)
            verdict = service.naming(reach?.sharedPlatforms ?? [], in: verdict)
            anyMajor = anyMajor || verdict.major
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
        return request.exitCode && !anyMajor ? .negative : .success
    }
}
