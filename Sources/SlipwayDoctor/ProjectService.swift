import SlipwayCore
import SlipwayProject
import SlipwaySpec
import SlipwayWorkspace

/// `slipway project`: the model of the spec as XcodeGen would generate it, shown before a release: targets and
/// the schemes XcodeGen writes. It lives beside `doctor`, the other command that inspects the model and changes nothing.
public struct ProjectService {
    public let workspace: Workspace

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The report of the spec `options` locate; a spec that cannot be read throws.
    public func report(_ options: SpecLocator.Options = .init()) throws -> ProjectReport {
        let location = try workspace.locate(options)
        let model = try ProjectModel.read(location, files: workspace.specFiles)
        return ProjectReport(model: model, spec: workspace.displayPath(location.spec))
    }

    /// Prints the report (text, or JSON with `json`) and its warnings on standard error, each at its position.
    public func run(_ options: SpecLocator.Options, json: Bool, console: Console) throws -> ExitStatus {
        let report = try report(options)
        for warning in report.model.warnings { console.err("slipway: \(warning)\n") }
        if json {
            report.json.writeCompact(to: console)
            console.out("\n")
        } else {
            console.out(report.text)
        }
        return .success
    }
}
