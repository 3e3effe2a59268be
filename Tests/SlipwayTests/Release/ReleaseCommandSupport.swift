import Foundation
import SlipwayCore
import SlipwayGit
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ReleaseRepository {
    /// Where the first release of a `make()` repository, 1.3.0 (43), writes its manifest.
    static let manifestPath = ".slipway/releases/1.3.0+43/manifest.json"
}

/// Runs slipway where it cannot write to the repository: every file and folder loses its write bits, and when the
/// tests run as root (whom permission bits do not stop), slipway runs as `nobody`. Returns what slipway printed and
/// the paths that changed meanwhile; the permissions are put back exactly afterwards.
enum ReadOnly {
    static func run(_ repo: TestRepository, _ arguments: [String]) throws -> (result: ProcessResult, changed: [String])
    {
        let original = try TreeSnapshot(repo.url)
        let chmod = try runProcess("/bin/chmod", ["-R", "a-w", repo.url.path])
        guard chmod.status == 0 else { throw TestFailure("chmod failed: \(chmod.stderr)") }
        defer { restoreModes(original, under: repo.url) }
        let sealed = try TreeSnapshot(repo.url)

        let result: ProcessResult
        if getuid() == 0 {
            // git refuses a repository owned by someone else unless it is declared safe.
            let config = repo.home.url.appendingPathComponent(".gitconfig")
            let saved = try String(contentsOf: config, encoding: .utf8)
            try (saved + "[safe]\n\tdirectory = \(repo.url.path)\n").write(
                to: config, atomically: true, encoding: .utf8)
            defer { try? saved.write(to: config, atomically: true, encoding: .utf8) }
            result = try runProcess(
                "/usr/bin/setpriv",
                ["--reuid=65534", "--regid=65534", "--clear-groups", SlipwayBinary.path] + arguments,
                in: repo.url, environment: repo.environment)
        } else {
            result = try SlipwayBinary.run(arguments, in: repo.url, environment: repo.environment)
        }
        return (result, try TreeSnapshot(repo.url).differences(from: sealed))
    }

    private static func restoreModes(_ snapshot: TreeSnapshot, under root: URL) {
        // Folders last and outermost last, so each chmod still finds its way in.
        for (path, entry) in snapshot.entries.sorted(by: { $0.key.count > $1.key.count }) where entry.link == nil {
            chmod(root.appendingPathComponent(path).path, mode_t(entry.mode))
        }
        chmod(root.path, 0o755)
    }
}
