import Foundation
import SlipwayCore

// Pushing goes through the `git` command line, not libgit2. A push needs the user's credentials, and those live
// where only git reads them: credential helpers (osxkeychain, manager, gh auth), `~/.ssh/config` and the SSH agent,
// `core.sshCommand`, `url.*.insteadOf`/`pushInsteadOf`, proxies and `http.*` settings. libgit2 would need each
// re-implemented through callbacks and would still miss some, so the one network operation runs `git push` itself,
// from an argv array (no shell), with the user's environment.
extension Repository {
    /// Runs `git push --atomic <remote> refs/heads/<branch>:<upstream> refs/tags/<tag>` in the working tree.
    ///
    /// The branch goes to the branch it tracks (`branch.<name>.merge`), else to the same name. `--atomic` makes the
    /// remote take the branch and the tag together or neither, so a remote never has a release tag without its
    /// commit on the branch. git's progress and messages go to standard error as they arrive (flush buffered
    /// standard output first, so the two stay in order).
    public func push(
        branch: String, tag: String?, remote: String,
        environment: [String: String] = ProcessEnvironment.current
    ) throws(GitError) {
        try push(arguments: try pushArguments(branch: branch, tag: tag, remote: remote), environment: environment)
    }

    /// Runs `git` with `arguments` (from `pushArguments`, worked out when a release was planned) in the working tree.
    /// `started` learns the push's process id before Slipway waits on it.
    public func push(
        arguments: [String], environment: [String: String], started: ((Int32) -> Void)? = nil
    ) throws(GitError) {
        guard arguments.first == "push" else { throw .invalidReferenceName(arguments.first ?? "") }
        try GitCommand.run(
            arguments, in: workingDirectory ?? gitDirectory, environment: environment, started: started)
    }

    /// What the remote's references `names` (full names, `refs/tags/v1.0`) point at, asked with `git ls-remote`
    /// within `timeout` seconds; a name the remote lacks is absent from the answer. Throws when the remote cannot be
    /// asked: no answer is no proof either way.
    public func remoteReferences(
        _ names: [String], at remote: String, environment: [String: String], timeout: Double = 60
    ) throws(GitError) -> [String: String] {
        guard !remote.isEmpty, !remote.hasPrefix("-"), names.allSatisfy({ isValidReferenceName($0) }) else {
            throw .invalidReferenceName(remote)
        }
        let output = try GitCommand.run(
            ["ls-remote", remote] + names, in: workingDirectory ?? gitDirectory, environment: environment,
            capturing: true, timeout: timeout)
        var found: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2, names.contains(String(fields[1])) else { continue }
            found[String(fields[1])] = String(fields[0])
        }
        return found
    }

    /// The argv after `git` for `push`, checked so that no name can be read as an option.
    public func pushArguments(branch: String, tag: String?, remote: String) throws(GitError) -> [String] {
        try pushArguments(branch: branch, tags: tag.map { [$0] } ?? [], remote: remote)
    }

    /// The same with every tag of a release (apps sharing one version each have theirs), all in one atomic push.
    public func pushArguments(branch: String, tags: [String], remote: String) throws(GitError) -> [String] {
        guard !remote.isEmpty, !remote.hasPrefix("-") else { throw .invalidReferenceName(remote) }
        guard isValidReferenceName("refs/heads/\(branch)") else { throw .invalidReferenceName(branch) }
        let target = upstreamMergeReference(ofBranch: branch) ?? "refs/heads/\(branch)"
        var arguments = ["push", "--atomic", remote, "refs/heads/\(branch):\(target)"]
        for tag in tags {
            guard isValidReferenceName("refs/tags/\(tag)") else { throw .invalidReferenceName(tag) }
            arguments.append("refs/tags/\(tag):refs/tags/\(tag)")
        }
        return arguments
    }
}

/// Runs the `git` executable from an argv array through `ProcessRunner`, passing its output through to standard
/// error as it arrives and keeping the tail of its standard error for the error message.
enum GitCommand {
    /// Returns standard output when `capturing` (then only standard error passes through).
    @discardableResult
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String], capturing: Bool = false,
        timeout: Double? = nil, started: ((Int32) -> Void)? = nil, runner: ProcessRunning = ProcessRunner()
    ) throws(GitError) -> String {
        let argv = ["git"] + arguments
        // The command and git's words as errors show them: a remote given as a URL loses its credentials.
        let command = Shell.quote(RemoteURL.redactingCredentials(argv))
        var request = ProcessRequest(
            arguments: argv, workingDirectory: directory.path, environment: environment, timeout: timeout)
        // git may ask for a password or an SSH passphrase on the terminal: in a process group of its own it would be
        // in the background and stop (SIGTTIN). In Slipway's group, a Ctrl-C in the terminal stops it too.
        request.newProcessGroup = false
        let observer = StandardErrorPassThrough(capturing: capturing, started: started)
        let outcome: ProcessOutcome
        do {
            outcome = try runner.run(request, observer: observer)
            observer.finish()
        } catch {
            throw .commandFailed(command: command, status: "could not start: \(error.reason)", output: "")
        }
        guard outcome.succeeded else {
            throw .commandFailed(
                command: command, status: ProcessFailure.describe(outcome),
                output: RemoteURL.redactingCredentials(inText: outcome.standardErrorTail))
        }
        return String(decoding: observer.captured, as: UTF8.self)
    }
}

/// Writes a child's output, both streams, to Slipway's standard error: standard output is kept for reports.
/// With `capturing`, standard output is kept instead (up to a bound: ls-remote answers are lines, not files).
private final class StandardErrorPassThrough: ProcessObserver {
    static let captureLimit = 1 << 20
    let capturing: Bool
    let started: ((Int32) -> Void)?
    var captured: [UInt8] = []

    init(capturing: Bool, started: ((Int32) -> Void)?) {
        self.capturing = capturing
        self.started = started
    }

    /// Output not yet passed on: the part of a line after its last break.
    private var pending: [UInt8] = []

    func process(output: UnsafeRawBufferPointer, from stream: ProcessStream) {
        if capturing, stream == .standardOutput {
            captured.append(contentsOf: output.prefix(max(0, Self.captureLimit - captured.count)))
            return
        }
        // Line by line (git's progress ends its lines with \r), each with any credentials in URLs removed: git
        // quotes the remote's URL in its errors, query string and all.
        pending.append(contentsOf: output)
        guard let last = pending.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) else {
            if pending.count > 1 << 16 { finish() }
            return
        }
        pass(Array(pending[...last]))
        pending.removeSubrange(...last)
    }

    /// Passes on what is left (a last line without a break).
    func finish() {
        pass(pending)
        pending = []
    }

    private func pass(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        let text = RemoteURL.redactingCredentials(inText: String(decoding: bytes, as: UTF8.self))
        // Progress only: git's own messages are also in the failure's tail, so a failed write loses nothing.
        _ = Console.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    func processDidStart(pid: Int32) {
        started?(pid)
    }
}
