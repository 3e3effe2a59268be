/// What `slipway ci install` will do: the changes in order, and the report's rows once they are made.
/// `--dry-run` prints it; `InstallExecutor` carries out `changes` and nothing else.
public struct CIInstallPlan: Sendable {
    /// The command that made the plan (`slipway ci install github --force`).
    public var command: String
    public var changes: [InstallChange]
    /// One row per file: `created    .github/workflows/slipway.yml`, `replaced …` or `unchanged …`.
    public var rows: [String]
    /// Where the files get Slipway.
    public var source: CISource
    /// Advice printed after the rows (a ref that is not a full commit sha).
    public var notes: [String] = []
}
