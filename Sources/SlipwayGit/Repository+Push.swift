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
    public func push(branch: String, tag: String?, remote: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(GitError) {
        let arguments = try pushArguments(branch: branch, tag: tag, remote: remote)
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

/// Runs the `git` executable from an argv array, passing its output through to standard error and keeping the tail
/// for the error message.
enum GitCommand {
    static func run(_ arguments: [String], in directory: URL, environment: [String: String]) throws(GitError) {
        let command = Shell.quote(["git"] + arguments)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.standardError
        let pipe = Pipe()
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            throw .commandFailed(command: command, status: "could not start", output: "\(error)")
        }
        var tail: [UInt8] = []
        let reader = pipe.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            FileHandle.standardError.write(chunk)
            tail.append(contentsOf: chunk)
            if tail.count > 8192 { tail.removeFirst(tail.count - 8192) }
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let status = process.terminationReason == .exit
                ? "exited with status \(process.terminationStatus)"
                : "was killed by signal \(process.terminationStatus)"
            let lines = String(decoding: tail, as: UTF8.self).split(separator: "\n").suffix(10).joined(separator: "\n")
            throw .commandFailed(command: command, status: status, output: lines)
        }
    }
}
