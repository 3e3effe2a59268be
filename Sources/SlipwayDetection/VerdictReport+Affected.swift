import SlipwayCore
import SlipwayProject

/// The affected targets in the reports: a JSON array and the text report's `affects` line.
extension VerdictReport {
    /// `detect --json`'s `affected`: each target with its platforms, schemes, the changed paths that reach it and
    /// the dependency it is reached through.
    public static func json(_ affected: [AffectedTarget]) -> JSON {
        .array(
            affected.map { target in
                .object([
                    "target": .string(target.name),
                    "platforms": .array(target.platforms.map(JSON.string)),
                    "schemes": .array(target.schemes.map(JSON.string)),
                    "paths": .array(target.paths.map(JSON.string)),
                    "via": .string(target.via),
                ])
            })
    }

    /// `MyApp (iOS), MyAppWatch (watchOS)`; past eight targets, how many more.
    static func affectsLine(_ affected: [AffectedTarget]) -> String {
        guard !affected.isEmpty else { return "no target of the spec" }
        let shown = affected.prefix(8).map { $0.label.cQuotedIfNeeded }.joined(separator: ", ")
        return affected.count > 8 ? "\(shown) and \(affected.count - 8) more" : shown
    }
}
