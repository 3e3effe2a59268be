#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends a stage's process group when Slipway itself ends first, however it ends (SIGKILL, a crash, a CI runner
/// preempted): otherwise the stage's programs would run on, past its `timeout:`, with nobody to stop them.
///
/// The guardian is a tiny `/bin/sh` in a process group of its own, whose standard input is a pipe only Slipway
/// holds open. When Slipway ends, the kernel closes that pipe, the guardian's `read` returns, and it sends the
/// stage's group SIGTERM, then SIGKILL two seconds later, as a timeout does. When the stage ends normally Slipway
/// dismisses the guardian first. The same code serves Linux and macOS: neither `PR_SET_PDEATHSIG` nor kqueue's
/// `NOTE_EXIT` is needed, and nothing is polled.
public final class ProcessGroupGuardian {
    /// The guardian's pid.
    public let pid: pid_t
    private var pipeWrite: Int32

    /// `$1` is the group to end. `kill -s SIG -- -pgid` is the POSIX form every `sh` takes (dash refuses `-TERM --`).
    static let script = #"read -r _; kill -s TERM -- "-$1" 2>/dev/null; sleep 2; kill -s KILL -- "-$1" 2>/dev/null"#

    private init(pid: pid_t, pipeWrite: Int32) {
        self.pid = pid
        self.pipeWrite = pipeWrite
    }

    deinit { dismiss() }

    /// Starts a guardian for process group `group`; `nil` when it cannot start (the stage still runs, unguarded).
    public static func start(for group: pid_t) -> ProcessGroupGuardian? {
        guard let pipe = SystemCall.pipe() else { return nil }
        var spawn = ProcessSpawn(
            arguments: ["/bin/sh", "-c", script, "slipway-guardian", String(group)],
            environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"],
            workingDirectory: "/")
        spawn.standardInput = .descriptor(pipe.read)
        spawn.standardOutput = .null
        spawn.standardError = .null
        // Its own group: a Ctrl-C in the terminal reaches Slipway and the stage, never the guardian.
        spawn.newProcessGroup = true
        spawn.closeOtherDescriptors = true
        let pid: pid_t
        do {
            pid = try spawn.start()
        } catch {
            SystemCall.close(pipe.read)
            SystemCall.close(pipe.write)
            return nil
        }
        SystemCall.close(pipe.read)
        return ProcessGroupGuardian(pid: pid, pipeWrite: pipe.write)
    }

    /// The stage has ended: stops the guardian before it can signal the group (whose id may soon be reused).
    public func dismiss() {
        guard pipeWrite >= 0 else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        SystemCall.close(pipeWrite)
        pipeWrite = -1
    }
}
