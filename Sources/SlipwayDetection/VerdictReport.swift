import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayProject

/// The ways a verdict is shown: readable text, JSON, one line for `--each`, and GitHub step outputs.
public enum VerdictReport {
    public static func json(_ verdict: Verdict) -> JSON {
        .object([
            "major": .bool(verdict.major),
            "bump": .string(verdict.bump.rawValue),
            "range": .object([
                "base": .string(verdict.base?.hex),
                "head": .string(verdict.head.hex),
                "baseSource": .string(verdict.baseSource.rawValue),
                "baseTag": .string(verdict.baseTag),
            ]),
            "commits": .array(
                verdict.commits.map { commit in
                    .object(["sha": .string(commit.id.hex), "subject": .string(commit.subject)])
                }),
            "files": .array(verdict.files.map(json)),
            "counts": .object(["files": .int(verdict.files.count), "swiftFiles": .int(verdict.swiftFileCount)]),
            "reasons": .array(verdict.reasons.map(json)),
            "quiet": .array(
                verdict.quietRules.map {
                    .object(["rule": .string($0.rule.rawValue), "message": .string($0.explanation)])
                }),
            "notes": .array(verdict.notes.map(JSON.string)),
        ])
    }

    /// A changed file. A path that is not valid UTF-8 is shown with U+FFFD in `path` (`oldPath`), and its exact
    /// bytes are in `pathBytes` (`oldPathBytes`), base64-encoded; a valid path has no such field.
    static func json(_ file: FileChange) -> JSON {
        var object: [String: JSON] = [
            "path": .string(file.path),
            "status": .string(file.status.rawValue),
            "oldPath": .string(file.oldPath),
            "submodule": .bool(file.isSubmodule),
        ]
        if let bytes = file.pathBytes { object["pathBytes"] = .string(Data(bytes).base64EncodedString()) }
        if let bytes = file.oldPathBytes { object["oldPathBytes"] = .string(Data(bytes).base64EncodedString()) }
        return .object(object)
    }

    static func json(_ reason: Verdict.Reason) -> JSON {
        var object: [String: JSON] = [
            "rule": .string(reason.rule.rawValue),
            "message": .string(reason.message),
            "paths": .array(reason.paths.map(JSON.string)),
        ]
        if !reason.tags.isEmpty {
            object["tags"] = .array(
                reason.tags.map { hit in
                    .object([
                        "tag": .string(hit.tag), "commit": .string(hit.commit.hex), "subject": .string(hit.subject),
                    ])
                })
        }
        if let count = reason.count { object["count"] = .int(count) }
        if let threshold = reason.threshold { object["threshold"] = .int(threshold) }
        if !reason.platforms.isEmpty { object["platforms"] = .array(reason.platforms.map(JSON.string)) }
        if !reason.apps.isEmpty { object["apps"] = .array(reason.apps.map(JSON.string)) }
        if !reason.targets.isEmpty { object["targets"] = .array(reason.targets.map(JSON.string)) }
        if let basis = reason.basis { object["basis"] = .string(basis.rawValue) }
        return .object(object)
    }

    /// The readable report: the verdict first, then every rule with whether it fired and why.
    public static func text(_ verdict: Verdict, affected: [AffectedTarget]? = nil) -> String {
        var lines: [String] = []
        let headline = verdict.major ? "MAJOR CHANGE" : "not a major change"
        lines.append("\(headline) (suggested bump: \(verdict.bump.rawValue))")
        if verdict.baseSource == .parent, let commit = verdict.commits.first {
            let against = verdict.base.map { "against \($0.short)" } ?? "root commit"
            lines.append("  commit  \(commit.id.short) \(commit.subject.inDoubleQuotes) (\(against))")
        } else {
            let base =
                verdict.baseTag.map { "\($0.cQuotedIfNeeded) (\(verdict.base?.short ?? ""))" } ?? verdict.base?.short
                ?? "(root)"
            let count = verdict.commits.count
            lines.append("  range   \(base)..\(verdict.head.short), \(count) commit\(count == 1 ? "" : "s")")
        }
        lines.append("  files   \(verdict.files.count) changed, \(verdict.swiftFileCount) Swift")
        if let affected { lines.append("  affects  \(affectsLine(affected))") }
        for note in verdict.notes { lines.append("  note    \(note)") }
        for reason in verdict.reasons {
            let mark = reason.rule == .skipTag || reason.rule == .releaseCommit ? "skip" : "FIRE"
            lines.append("  \(mark)  \(pad(reason.rule.rawValue))\(reason.message)")
        }
        for quiet in verdict.quietRules {
            lines.append("  ----  \(pad(quiet.rule.rawValue))\(quiet.explanation)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per commit for `detect --each`: the commit, `major` or `-`, the bump, the rules that fired, the
    /// subject.
    public static func line(_ verdict: Verdict) -> String {
        let rules = verdict.reasons.map(\.rule.rawValue).joined(separator: ",")
        let subject = verdict.commits.first?.subject.cQuotedIfNeeded ?? ""
        return "\(verdict.head.short)  \(verdict.major ? "major" : "-    ")  \(pad(verdict.bump.rawValue, 6))"
            + "\(pad(rules.isEmpty ? "-" : rules, 24)) \(subject)\n"
    }

    /// Lines for `$GITHUB_OUTPUT`: `major`, `bump` and `reasons` (the rule ids that fired, comma-separated).
    public static func githubOutput(_ verdict: Verdict) -> String {
        let rules = verdict.reasons.map(\.rule.rawValue).joined(separator: ",")
        return "major=\(verdict.major)\nbump=\(verdict.bump.rawValue)\nreasons=\(rules)\n"
    }

    private static func pad(_ text: String, _ width: Int = 14) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
