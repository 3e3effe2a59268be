/// The git hooks Slipway installs.
public enum GitHook: String, CaseIterable, Sendable {
    case postCommit = "post-commit"
    case prePush = "pre-push"

    /// The script from Slipway's `hooks/` folder that gets installed.
    public var script: BundledFile {
        guard let file = BundledFile.named("hooks/\(rawValue)") else {
            preconditionFailure("hooks/\(rawValue) is not bundled; run scripts/bundle-files.sh")
        }
        return file
    }

    /// Where a hook that was there before Slipway is kept; the installed script runs it first.
    public var chainedName: String { rawValue + ".pre-slipway" }
}
