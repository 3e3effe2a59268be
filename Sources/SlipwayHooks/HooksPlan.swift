import Foundation

/// What `slipway hooks install` or `slipway hooks uninstall` will do, decided before anything changes: the changes
/// in order, and what the report says once they are made. `--dry-run` prints it; `InstallExecutor` carries out
/// `changes` and nothing else.
public struct HooksPlan: Sendable {
    /// The command that made the plan (`slipway hooks install --action push`).
    public var command: String
    /// The folder git runs hooks from.
    public var folder: URL
    public var changes: [InstallChange]
    /// The report's first line, without its colon: whether the hooks change or nothing does.
    public var headline: String
    /// One row per hook, then (for install) where slipway is and what the post-commit hook does.
    public var rows: [ReportRow]
    /// Lines for stderr after the report (`warning: …`).
    public var warnings: [String]

    /// The report printed once the changes are made.
    var report: String {
        "\(headline):\n" + rows.map(\.line).joined()
    }
}
