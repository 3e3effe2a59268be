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
    public func push(arguments: [String], environment: [String: String]) throws(GitError) {
        guard arguments.first == "push" else { throw .invalidReferenceName(arguments.first ?? "") }
        try GitCommand.run(arguments, in: workingDirectory ?? gitDirectory, environment: environment)
    }

    /// The argv after `git` for `push`, checked so that no name can be read as an option.
    public func pushArguments(branch: String, tag: String?, remote: String) throws(GitError) -> [String] {
        guard !remote.isEmpty, !remote.hasPrefix("-") else { throw .invalidReferenceName(remote) }
        guard isValidReferenceName("refs/heads/\(branch)") else { throw .invalidReferenceName(branch) }
        let target = upstreamMergeReference(ofBranch: branch) ?? "refs/heads/\(branch)"
        var arguments = ["push", "--atomic", remote, "refs/heads/\(branch):\(target)"]
        if let tag {
            guard isValidReferenceName("refs/tags/\(tag)") else { throw .invalidReferenceName(tag) }
            arguments.append("refs/tags/\(tag):refs/tags/\(tag)")
        }
        return arguments
    }
}

/// Runs the `git` executable from an argv array through `ProcessRunner`, passing its output through to standard
/// error as it arrives and keeping the tail of its standard error for the error message.
enum GitCommand {
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String],
        runner: ProcessRunning = ProcessRunner()
    ) throws(GitError) {
        let argv = ["git"] + arguments
        // The command and git's words as errors show them: a remote given as a URL loses its credentials.
        let command = Shell.quote(RemoteURL.redactingCredentials(argv))
        var request = ProcessRequest(arguments: argv, workingDirectory: directory.path, environment: environment)
        // git may ask for a password or an SSH passphrase on the terminal: in a process group of its own it would be
        // in the background and stop (SIGTTIN). In Slipway's group, a Ctrl-C in the terminal stops it too.
        request.newProcessGroup = false
        let outcome: ProcessOutcome
        do {
            outcome = try runner.run(request, observer: StandardErrorPassThrough())
        } catch {
            throw .commandFailed(command: command, status: "could not start: \(error.reason)", output: "")
        }
        guard outcome.succeeded else {
            throw .commandFailed(
                command: command, status: ProcessFailure.describe(outcome),
                output: RemoteURL.redactingCredentials(inText: outcome.standardErrorTail))
        }
    }
}

/// Writes a child's output, both streams, to Slipway's standard error: standard output is kept for reports.
private final class StandardErrorPassThrough: ProcessObserver {
    func process(output: UnsafeRawBufferPointer, from stream: ProcessStream) {
        // Progress only: git's own messages are also in the failure's tail, so a failed write loses nothing.
        Console.writeAll(output, to: STDERR_FILENO)
    }
}
