import SlipwayCore
import SlipwayDoctor
import SlipwaySpec

/// `slipway doctor`: parses its options and hands them to `DoctorService`.
enum DoctorCommand: SlipwayCommand {
    static let about = CommandSpec.About(
        path: ["doctor"],
        abstract: "Check the project for what XcodeGen or App Store Connect would refuse, each finding with its fix.",
        discussion: """
            Reads the spec as XcodeGen does and reports each finding as file:line:column, its rule id and a
            one-line fix. Rules: \(DoctorRule.allCases.map(\.rawValue).joined(separator: ", ")).
            Switch rules off in .slipway.yml with 'doctor: {disable: [rule-id]}'. 'slipway release' runs the
            error-level checks first and refuses on a finding, unless --no-doctor.
            Exit status: 0 without an error-level finding (warnings allowed), 1 with one, 2 when the spec
            cannot be read.
            """)

    struct Options: CommandOptions {
        var project = SpecChoice()
        var json = false
        var sarif = false

        static var declarations: [Declaration<Self>] {
            Declaration.specChoice(\.project) + [
                .json(\.json, help: "Print the findings as JSON."),
                .flag(\.sarif, "sarif", help: "Print the findings as SARIF 2.1.0 (for GitHub code scanning)."),
            ]
        }
    }

    static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
        if options.json, options.sarif {
            throw UsageError(message: "--json and --sarif are two formats: use one", spec: spec)
        }
        let format: DoctorService.Format = options.json ? .json : options.sarif ? .sarif : .text
        return try DoctorService(workspace: try context.workspace(app: options.project.app, needs: .anyFolder))
            .run(DoctorService.Request(options: options.project.locator, format: format), console: context.console)
    }
}
