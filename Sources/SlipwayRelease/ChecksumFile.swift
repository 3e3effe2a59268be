/// `checksums.txt`: the artifacts' SHA-256 digests in the format `sha256sum` writes and `shasum -a 256 -c` (on macOS
/// and Linux) or `sha256sum -c` checks.
///
/// Paths are relative to the repository root, so the check runs from there:
/// `shasum -a 256 -c .slipway/releases/1.2.0+42/checksums.txt`.
public enum ChecksumFile {
    public static let fileName = "checksums.txt"

    /// One `<hex>  <path>` line per artifact (two spaces: binary and text mode are the same on Unix), sorted by
    /// path. A path with a backslash or a line break is escaped and its line starts with `\`, as GNU sha256sum does.
    public static func text(_ artifacts: [ReleaseManifest.Artifact]) -> String {
        artifacts
            .sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
            .map(line)
            .joined()
    }

    static func line(_ artifact: ReleaseManifest.Artifact) -> String {
        let path = artifact.path
        guard path.contains("\\") || path.contains("\n") else { return "\(artifact.sha256)  \(path)\n" }
        let escaped = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
        return "\\\(artifact.sha256)  \(escaped)\n"
    }
}
