import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayDetection

/// What `slipway run --dry-run` prints: each stage's name, command and when it runs, then the environment every stage
/// gets, once; `verbose` adds each stage's working directory, timeout, the files it writes and its whole environment.
package enum DryRunReport {
    /// `major` is how `slipway run` decided whether the change is major (a release prints its own verdict);
    /// `footer: false` leaves out the closing "nothing was run" line, for a caller that prints its own;
    /// `heading: false` leaves out where the stages come from, for a second group of the same plan.
    package static func text(
        _ plan: StagePlan, environment: StageEnvironment, requested: Set<String>, major: MajorChangeDecision? = nil,
        verbose: Bool = false, footer: Bool = true, heading: Bool = true
    ) -> String {
        var text = ""
        if heading {
            text += "\(plan.originDescription):\n"
            for note in plan.notes { text += "  note: \(note)\n" }
        }
        if plan.stages.isEmpty { text += "\n  (none)\n" }
        for (index, stage) in plan.stages.enumerated() {
            text += (verbose || index == 0 ? "\n" : "") + "\(index + 1). \(stage.name)\n"
            switch stage.command {
            case .shell(let line):
                text += "   run:       \(indented(line, by: 14))\n"
                if verbose { text += "   as:        \(Shell.quote(["/bin/sh", "-c", line]))\n" }
            case .programs(let programs):
                for (number, arguments) in programs.enumerated() {
                    text += (number == 0 ? "   command:   " : "              ") + Shell.quote(arguments) + "\n"
                }
            }
            if verbose || (stage.workingDirectory ?? ".") != "." {
                text += "   directory: \(stage.workingDirectory ?? ".")\n"
            }
            if verbose, let timeout = stage.timeout {
                // Int(exactly:) is nil for a fraction and for a value no Int holds, so this never traps.
                let seconds = Int(exactly: timeout).map(String.init) ?? String(timeout)
                text += "   timeout:   \(seconds) s\n"
            }
            var when = stage.when.rawValue
            if stage.when == .major, !environment.major, !requested.contains(stage.name) {
                when += " (would be skipped: not a major change; pass --major or name the stage)"
            }
            text += "   when:      \(when)\n"
            if stage.phase == .afterPush {
                text += "   phase:     after-push (a release runs it after the tag and the push)\n"
            }
            text += inputs(stage, verbose: verbose)
            if verbose {
                text += "   environment:\n"
                let variables = stage.environment.merging(environment.variables(stage: stage.name)) {
                    _, slipway in slipway
                }
                for (key, value) in variables.sorted(by: { $0.key < $1.key }) {
                    text += "     \(key)=\(Shell.quote(value))\n"
                }
            } else if !stage.environment.isEmpty {
                // The stage's own `env:` values; Slipway's own variables win over them, as when it runs.
                let own = stage.environment.filter { environment.variables(stage: stage.name)[$0.key] == nil }
                for (key, value) in own.sorted(by: { $0.key < $1.key }) {
                    text += "   env:       \(key)=\(Shell.quote(value))\n"
                }
            }
        }
        if !verbose, !plan.stages.isEmpty {
            text += "\nEnvironment of every stage (SLIPWAY_STAGE is the stage's name; --verbose shows each stage's):\n"
            var variables = environment.variables(stage: "")
            variables["SLIPWAY_STAGE"] = nil
            for (key, value) in variables.sorted(by: { $0.key < $1.key }) {
                text += "     \(key)=\(Shell.quote(value))\n"
            }
        }
        for note in plan.ship?.notes ?? [] { text += "\nNote: \(note)\n" }
        if let major {
            text +=
                "\nMajor change: \(major.major ? "yes" : "no") (\(major.source)); SLIPWAY_MAJOR=\(environment.major)\n"
        }
        if footer { text += "\nDry run: nothing was run. Logs would go to \(OutputFolder.name)/logs/<stage>.log.\n" }
        return text
    }

    /// The files a derived stage writes (shown in full: they are plans, not secrets) and the secrets it reads.
    private static func inputs(_ stage: Stage, verbose: Bool) -> String {
        var text = ""
        for file in stage.files {
            text += "   writes:    \(file.path.cQuotedIfNeeded)\n"
            guard verbose else { continue }
            for line in file.contents.split(separator: "\n") { text += "              | \(line)\n" }
        }
        for secret in stage.secretFiles {
            text += "   secret:    \(secret.placeholder) = $\(secret.pathVariables[0]), or $\(secret.textVariables[0])"
            text += " written to a private temporary file (never shown, removed after)\n"
        }
        return text
    }

    /// `run --dry-run --json`: `{"major", "reason", "stages": [{"name", "when", "timeout", "files"?, "commands": [{"argv",
    /// "run", "workingDirectory", "environment"}]}]}`, keys sorted (schemas/run-plan.schema.json). A derived
    /// command is an argv (`run` null); a `run:` line is `run` (`argv` null), as `/bin/sh -c` runs it.
    package static func json(_ plan: StagePlan, environment: StageEnvironment, major: MajorChangeDecision) -> JSON {
        let stages = plan.stages.map { stage -> JSON in
            let variables = stage.environment.merging(environment.variables(stage: stage.name)) { _, slipway in slipway
            }
            let environmentJSON = JSON.object(variables.mapValues { .string($0) })
            let directory = JSON.string(stage.workingDirectory)
            let commands: [JSON]
            switch stage.command {
            case .shell(let line):
                commands = [
                    .object([
                        "argv": .null, "run": .string(line), "workingDirectory": directory,
                        "environment": environmentJSON,
                    ])
                ]
            case .programs(let programs):
                commands = programs.map {
                    .object([
                        "argv": .array($0.map { .string($0) }), "run": .null, "workingDirectory": directory,
                        "environment": environmentJSON,
                    ])
                }
            }
            var fields: [String: JSON] = [
                "name": .string(stage.name), "when": .string(stage.when.rawValue),
                "timeout": stage.timeout.map { .double($0) } ?? .null, "commands": .array(commands),
            ]
            if !stage.files.isEmpty { fields["files"] = .array(stage.files.map { .string($0.path) }) }
            return .object(fields)
        }
        return .object(["stages": .array(stages), "major": .bool(major.major), "reason": .string(major.source)])
    }

    private static func indented(_ text: String, by columns: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .joined(separator: "\n" + String(repeating: " ", count: columns))
    }
}
