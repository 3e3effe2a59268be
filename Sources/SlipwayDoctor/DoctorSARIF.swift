import Foundation
import SlipwayCore
import SlipwaySpec
import SlipwayWorkspace

/// The findings as SARIF 2.1.0, the format GitHub code scanning reads (`github/codeql-action/upload-sarif`): one
/// run, every rule in the driver, each result at a path relative to the repository root (which code scanning
/// resolves against the checkout; no absolute path of this machine is written).
struct DoctorSARIF {
    let report: DoctorReport
    /// Result paths are relative to its root (the current folder outside a repository).
    let workspace: Workspace

    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    var json: JSON {
        let rules = DoctorRule.allCases
        let driver: JSON = .object([
            "name": .string(Slipway.name),
            "version": .string(Slipway.version),
            "rules": .array(rules.map(Self.rule)),
        ])
        let results: [JSON] = report.findings.map { finding in
            .object([
                "ruleId": .string(finding.rule.rawValue),
                "ruleIndex": .int(rules.firstIndex(of: finding.rule) ?? 0),
                "level": .string(finding.severity == .error ? "error" : "warning"),
                "message": .object(["text": .string("\(finding.message). Fix: \(finding.fix)")]),
                "locations": .array([
                    .object([
                        "physicalLocation": .object([
                            "artifactLocation": .object([
                                "uri": .string(uri(finding.location.file))
                            ]),
                            "region": .object([
                                "startLine": .int(max(1, finding.location.line)),
                                "startColumn": .int(max(1, finding.location.column)),
                            ]),
                        ])
                    ])
                ]),
            ])
        }
        return .object([
            "$schema": .string(Self.schema),
            "version": .string("2.1.0"),
            "runs": .array([
                .object([
                    "tool": .object(["driver": driver]),
                    "results": .array(results),
                ])
            ]),
        ])
    }

    static func rule(_ rule: DoctorRule) -> JSON {
        .object([
            "id": .string(rule.rawValue),
            "name": .string(
                rule.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()),
            "shortDescription": .object(["text": .string(rule.summary)]),
            "help": .object(["text": .string("\(rule.summary) Switch it off with doctor.disable: [\(rule.rawValue)].")]
            ),
            "defaultConfiguration": .object([
                "level": .string(rule.defaultSeverity == .error ? "error" : "warning")
            ]),
        ])
    }

    /// The finding's file (as shown, relative to the current folder) relative to the repository root, as a URI
    /// reference (spaces and other reserved characters percent-encoded).
    func uri(_ shown: String) -> String {
        let absolute = SpecPath.join(SpecPath.canonical(workspace.currentDirectory).path, shown)
        let relative = DisplayPath.of(absolute, relativeTo: SpecPath.canonical(workspace.root).path, outside: .climbing)
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        return relative.addingPercentEncoding(withAllowedCharacters: allowed) ?? relative
    }
}
