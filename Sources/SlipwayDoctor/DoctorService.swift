import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayProject
import SlipwaySpec
import SlipwayWorkspace

/// `slipway doctor`: reads the project model and reports what XcodeGen or App Store Connect would refuse.
public struct DoctorService {
    public enum Format: Sendable {
        case text, json, sarif
    }

    public struct Request: Sendable {
        public var options: SpecLocator.Options
        public var format: Format

        public init(options: SpecLocator.Options = .init(), format: Format = .text) {
            self.options = options
            self.format = format
        }
    }

    public let workspace: Workspace

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Runs the checks and prints the report: exit 0 without an error-level finding, 1 with one; a spec that
    /// cannot be read throws (exit 2).
    public func run(_ request: Request, console: Console) throws -> ExitStatus {
        let report = try check(request.options)
        switch request.format {
        case .text: console.out(report.text)
        case .json:
            report.json.writeCompact(to: console)
            console.out("\n")
        case .sarif: console.out(DoctorSARIF(report: report, workspace: workspace).json.pretty())
        }
        return report.errors.isEmpty ? .success : .negative
    }

    /// Every finding of the rules `doctor.disable` leaves on, errors first, each group in file order.
    public func check(_ options: SpecLocator.Options = .init()) throws -> DoctorReport {
        let disabled = try disabledRules()
        let location = try workspace.locate(options)
        let model = try ProjectModel.read(location, files: workspace.specFiles)
        let project = DoctorProject(
            model: model,
            files: ProjectFiles(location, boundary: workspace.root, displayBase: workspace.currentDirectory))
        var findings = SpecChecks(project: project).run() + AppStoreChecks(project: project).run()
        findings += SourceChecks(project: project).run()
        if !disabled.contains(.staleProject) { findings += try committedProjectFindings(location, model: model) }
        findings = findings.filter { !disabled.contains($0.rule) }
        findings.sort {
            ($0.severity, $0.location.file, $0.location.line) < ($1.severity, $1.location.file, $1.location.line)
        }
        return DoctorReport(findings: findings, disabled: disabled.map(\.rawValue).sorted())
    }

    /// `doctor.disable`, each id checked: a name that is no rule is a mistake in `.slipway.yml` (exit 2).
    func disabledRules() throws -> Set<DoctorRule> {
        var rules: Set<DoctorRule> = []
        for (name, location) in workspace.configuration.doctor.disable {
            guard let rule = DoctorRule(rawValue: name) else {
                let known = DoctorRule.allCases.map(\.rawValue)
                let near = known.min { SpecChecks.distance(name, $0) < SpecChecks.distance(name, $1) }
                let hint = near.map { "did you mean '\($0)'? " } ?? ""
                throw Failure(
                    "\(location): 'doctor.disable' names '\(name)', which is no doctor rule",
                    hint: hint + "the rules are: \(known.joined(separator: ", "))")
            }
            rules.insert(rule)
        }
        return rules
    }
}

/// The findings of one doctor run, and how they are shown.
public struct DoctorReport: Sendable, Equatable {
    public var findings: [DoctorFinding]
    /// The rule ids `doctor.disable` switched off.
    public var disabled: [String]

    public var errors: [DoctorFinding] { findings.filter { $0.severity == .error } }
    public var warnings: [DoctorFinding] { findings.filter { $0.severity == .warning } }

    /// Compiler-style lines, then a count.
    public var text: String {
        var lines = findings.map(\.description)
        var summary = "doctor: \(count(errors.count, "error")), \(count(warnings.count, "warning"))"
        if !disabled.isEmpty { summary += " (disabled: \(disabled.joined(separator: ", ")))" }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    public var json: JSON {
        .object([
            "findings": .array(
                findings.map { finding in
                    .object([
                        "rule": .string(finding.rule.rawValue), "severity": .string(finding.severity.rawValue),
                        "file": .string(finding.location.file), "line": .int(finding.location.line),
                        "column": .int(finding.location.column), "message": .string(finding.message),
                        "fix": .string(finding.fix),
                    ])
                }),
            "errors": .int(errors.count),
            "warnings": .int(warnings.count),
            "disabled": .array(disabled.map(JSON.string)),
        ])
    }

    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
