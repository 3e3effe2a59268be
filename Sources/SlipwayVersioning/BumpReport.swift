import SlipwayCore
import SlipwaySpec

/// How `slipway bump` reports what it changed: readable lines, or JSON with every edited position.
public enum BumpReport {
    public static func text(_ plan: BumpPlan) -> String {
        var lines: [String] = []
        if let auto = plan.auto {
            let since = auto.since.map { "since \($0)" } ?? "in all history (no release tag yet)"
            lines.append(
                "auto: \(auto.level.rawValue), as detect suggests for \(auto.commitCount) commit\(auto.commitCount == 1 ? "" : "s") \(since)"
            )
        }
        for (kind, change) in [(VersionDefinition.Kind.marketing, plan.marketing), (.build, plan.build)] {
            guard let change else { continue }
            let old = change.old ?? change.oldValues.joined(separator: " / ")
            lines.append(
                VersionReport.pad(kind.title, 19)
                    + (old == change.new ? "\(old) (unchanged)" : "\(old) -> \(change.new)"))
        }
        for note in plan.notes { lines.append("note: \(note)") }
        if plan.isEmpty {
            lines.append("Nothing to change: every definition already holds the requested value.")
            return lines.joined(separator: "\n") + "\n"
        }
        let locationWidth = plan.edits.map { $0.location.description.count }.max() ?? 0
        let keyWidth = plan.edits.map(\.keyPath.count).max() ?? 0
        lines.append("")
        for edit in plan.edits {
            let usedBy = edit.usedBy.isEmpty ? "" : "  (used by \(edit.usedBy.joined(separator: ", ")))"
            lines.append(
                "  " + VersionReport.pad(edit.location.description, locationWidth + 2)
                    + VersionReport.pad(edit.keyPath, keyWidth + 2)
                    + "\(edit.old) -> \(edit.new)" + usedBy)
        }
        if !plan.references.isEmpty {
            lines.append("")
            lines.append("references (never rewritten):")
            let table = VersionReport.Table(plan.references)
            for reference in plan.references { lines.append(table.row(reference)) }
        }
        lines.append("")
        lines.append("Updated \(plan.files.map(\.displayPath.cQuotedIfNeeded).joined(separator: ", ")).")
        return lines.joined(separator: "\n") + "\n"
    }

    public static func json(_ plan: BumpPlan, dryRun: Bool) -> JSON {
        func change(_ change: BumpPlan.Change?) -> JSON {
            guard let change else { return .null }
            return .object([
                "old": .string(change.old), "oldValues": .array(change.oldValues.map { .string($0) }),
                "new": .string(change.new),
            ])
        }
        var auto = JSON.null
        if let chosen = plan.auto {
            auto = .object([
                "level": .string(chosen.level.rawValue), "since": .string(chosen.since),
                "commits": .int(chosen.commitCount),
            ])
        }
        return .object([
            "spec": .string(plan.spec),
            "dryRun": .bool(dryRun),
            "level": .string(plan.level?.rawValue),
            "auto": auto,
            "marketing": change(plan.marketing),
            "build": change(plan.build),
            "edits": .array(
                plan.edits.map { edit in
                    .object([
                        "kind": .string(edit.kind.rawValue),
                        "setting": .string(edit.setting),
                        "file": .string(edit.location.file),
                        "line": .int(edit.location.line),
                        "column": .int(edit.location.column),
                        "keyPath": .string(edit.keyPath),
                        "usedBy": .array(edit.usedBy.map { .string($0) }),
                        "old": .string(edit.old),
                        "new": .string(edit.new),
                    ])
                }),
            "files": .array(plan.files.map { .string($0.displayPath) }),
            "references": .array(plan.references.map(VersionReport.json)),
            "diff": .string(plan.diff),
            "notes": .array(plan.notes.map { .string($0) }),
        ])
    }
}
