import Foundation
import Testing

/// Slipway's own source tree, where `hooks/` and `ci/` live.
enum SourceTree {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(path)))
    }
}

/// One file of a folder as the tests compare it: its bytes (or link target) and permission bits.
struct FileSnapshot: Equatable, CustomStringConvertible {
    var bytes: [UInt8]
    var mode: Int
    var link: String?

    var description: String { "\(bytes.count) bytes, mode \(String(mode, radix: 8))\(link.map { " -> \($0)" } ?? "")" }

    /// Every entry of `folder` (not recursive); an absent folder is an empty snapshot.
    static func folder(_ folder: URL) throws -> [String: FileSnapshot] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return [:] }
        var result: [String: FileSnapshot] = [:]
        for name in names {
            let url = folder.appendingPathComponent(name)
            let attributes = try manager.attributesOfItem(atPath: url.path)
            let mode = (attributes[.posixPermissions] as? Int) ?? -1
            if attributes[.type] as? FileAttributeType == .typeSymbolicLink {
                result[name] = FileSnapshot(
                    bytes: [], mode: mode, link: try manager.destinationOfSymbolicLink(atPath: url.path))
            } else {
                result[name] = FileSnapshot(bytes: Array((try? Data(contentsOf: url)) ?? Data()), mode: mode, link: nil)
            }
        }
        return result
    }
}

extension TestRepository {
    /// A repository with one commit (a README), as the hooks tests start from.
    static func withInitialCommit() throws -> TestRepository {
        let repository = try TestRepository()
        try repository.write("README.md", "hello\n")
        try repository.commit("Initial commit")
        return repository
    }

    /// Runs git with extra variables and returns what it printed, failing or not (a hook's output goes to stderr).
    func gitResult(
        _ arguments: [String], extraEnvironment: [String: String] = [:], in directory: URL? = nil, input: String? = nil
    ) throws -> ProcessResult {
        var environment = environment
        for (key, value) in extraEnvironment { environment[key] = value }
        return try runProcess(
            "/usr/bin/env", ["git"] + arguments, in: directory ?? url, environment: environment, input: input)
    }

    /// `git commit` with the hooks installed, returning git's output; throws when the commit itself fails.
    @discardableResult
    func commitWithHooks(_ message: String, extraEnvironment: [String: String] = [:], in directory: URL? = nil) throws
        -> ProcessResult
    {
        _ = try gitResult(["add", "-A"], in: directory)
        let result = try gitResult(
            ["commit", "-q", "--allow-empty", "-F", "-"], extraEnvironment: extraEnvironment, in: directory,
            input: message)
        guard result.status == 0 else { throw TestFailure("git commit failed (\(result.status)): \(result.stderr)") }
        return result
    }

    /// `git commit` with only standard input, output and error open, as a terminal or GUI client starts it, and
    /// with every signal that can be blocked blocked when `blockingSignals` (as some clients start git). Foundation's
    /// `Process` leaves open, in every descendant, a descriptor it watches to learn that the child ended; a process
    /// the hook leaves running would then keep the test waiting as no real client would. Reading git's standard
    /// error to its end also proves nothing left running holds it open.
    func commitAsAClientWould(
        _ message: String, extraEnvironment: [String: String] = [:], blockingSignals: Bool = false
    ) throws -> ProcessResult {
        let closeAndCommit = """
            for fd in $(ls /dev/fd); do if [ "$fd" -gt 2 ]; then eval "exec $fd>&-"; fi; done
            exec git commit -q --allow-empty -F -
            """
        let result = try gitResult(["add", "-A"])
        guard result.status == 0 else { throw TestFailure("git add failed: \(result.stderr)") }
        var environment = environment
        for (key, value) in extraEnvironment { environment[key] = value }
        // bash, not sh: dash redirects only descriptors 0 to 9. Perl's POSIX module blocks the signals (git
        // depends on Perl, so it is there wherever git is); SIGKILL and SIGSTOP cannot be blocked and are skipped.
        let block =
            "use POSIX; sigprocmask(SIG_BLOCK, POSIX::SigSet->new(1 .. 31)) or die \"sigprocmask: $!\"; exec @ARGV"
        let command = (blockingSignals ? ["perl", "-e", block] : []) + ["bash", "-c", closeAndCommit]
        return try runProcess("/usr/bin/env", command, in: url, environment: environment, input: message)
    }

    var gitFolder: URL { url.appendingPathComponent(".git", isDirectory: true) }
    var hooksFolder: URL { gitFolder.appendingPathComponent("hooks", isDirectory: true) }

    /// Writes an executable file (a hook or a stand-in program).
    func writeExecutable(_ file: URL, _ content: String, mode: Int = 0o755) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
    }

    func configValue(_ key: String) throws -> String? {
        let result = try gitResult(["config", "--get", key])
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }
}

/// Waits for a condition that background work makes true, failing after a generous deadline (never a fixed
/// sleep that a slow machine could miss).
func waitUntil(_ what: String, timeout: TimeInterval = 60, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return }
        usleep(20_000)
    }
    throw TestFailure("timed out after \(Int(timeout)) s waiting for \(what)")
}

func fileExists(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.path)
}

func contents(_ url: URL) -> String {
    (try? String(contentsOf: url, encoding: .utf8)) ?? ""
}
