#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two other ways hooks start programs, through the same `posix_spawn` call as stages.
extension ProcessRunner {
    /// Starts a program and returns at once, without waiting for it: standard input from `/dev/null`, standard
    /// output and error appended to `log`, and no other descriptor of this process (a GUI client reading a hook's
    /// output through a pipe sees it close when the hook returns, not when the background work ends).
    ///
    /// The child stays in this process group: it leaves the terminal's session itself (`setsid`), which a group
    /// leader could not do.
    public func startDetached(_ arguments: [String], appendingOutputTo log: String, environment: [String: String])
        throws(ProcessLaunchError) -> pid_t
    {
        var spawn = ProcessSpawn(arguments: arguments, environment: environment)
        spawn.standardOutput = .appending(log)
        spawn.standardError = .standardOutput
        spawn.closeOtherDescriptors = true
        return try spawn.start()
    }

    /// Runs a program with this process's standard input, output and error, in this process group (so a Ctrl-C in
    /// the terminal reaches it too), and waits for it to end.
    public func runAttached(_ arguments: [String], environment: [String: String]) throws(ProcessLaunchError)
        -> ProcessOutcome.Termination
    {
        var spawn = ProcessSpawn(arguments: arguments, environment: environment)
        spawn.standardInput = .inherit
        let pid = try spawn.start()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .unknown }
        }
        return status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
    }
}
