#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a program started by `runBounded` stood when the wait ended.
public enum BoundedRun: Sendable, Equatable {
    /// It ended in time.
    case finished(ProcessOutcome.Termination)
    /// It was still running when the time was up; it goes on, and nobody waits for it any more.
    case stillRunning(pid_t)
}

extension ProcessRunner {
    /// Runs a program for at most `seconds`, then leaves it running: standard input from `/dev/null`, standard
    /// output and error into `output` (an open file), and no other descriptor of this process but the write end
    /// of a pipe, which only the child holds. End of file on the read end means the child has exited.
    ///
    /// Only `poll` and `waitpid` on that one child are used, never a signal: a caller may start this process with
    /// signals blocked (git run by some clients), and a SIGCHLD or SIGALRM would then never arrive.
    public func runBounded(
        _ arguments: [String], environment: [String: String], output: Int32, within seconds: Double
    ) throws(ProcessLaunchError) -> BoundedRun {
        guard var channel = SystemCall.pipe() else {
            throw ProcessLaunchError(arguments: arguments, reason: "cannot create a pipe: \(SystemCall.errorText)")
        }
        // The child gets the write end as its descriptor 3; one that already is 3 (or less) moves out of the way.
        if channel.write <= 3 {
            let moved = fcntl(channel.write, F_DUPFD_CLOEXEC, 4)
            let reason = SystemCall.errorText
            SystemCall.close(channel.write)
            guard moved >= 0 else {
                SystemCall.close(channel.read)
                throw ProcessLaunchError(arguments: arguments, reason: "cannot create a pipe: \(reason)")
            }
            channel.write = moved
        }
        let pid: pid_t
        do {
            var spawn = ProcessSpawn(arguments: arguments, environment: environment)
            spawn.standardOutput = .descriptor(output)
            spawn.standardError = .standardOutput
            spawn.closeOtherDescriptors = true
            spawn.heldDescriptor = channel.write
            pid = try spawn.start()
        } catch {
            SystemCall.close(channel.read)
            SystemCall.close(channel.write)
            throw error
        }
        SystemCall.close(channel.write)
        defer { SystemCall.close(channel.read) }
        guard waitForEndOfFile(channel.read, until: clock.uptime() + seconds) else { return .stillRunning(pid) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .finished(.unknown) }
        }
        return .finished(status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f))
    }

    /// Whether every write end of the pipe closed before `deadline`; anything written to it is read and dropped.
    private func waitForEndOfFile(_ descriptor: Int32, until deadline: Double) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let left = deadline - clock.uptime()
            guard left > 0 else { return false }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32((min(left, 3600) * 1000).rounded(.up)))
            if ready < 0 && errno != EINTR { return false }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { SystemCall.read(descriptor, $0.baseAddress!, $0.count) }
            if count == 0 { return true }
            if count < 0 && errno != EINTR && errno != EAGAIN { return false }
        }
    }
}
