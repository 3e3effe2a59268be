import CSpawn
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs one program to completion; a protocol so planning code can be tested with a recording fake.
public protocol ProcessRunning: Sendable {
    func run(_ request: ProcessRequest, observer: ProcessObserver?) throws(ProcessLaunchError) -> ProcessOutcome
}

/// Runs programs from argv arrays with `posix_spawn`, each in a new process group (unless the request keeps it in
/// Slipway's), streaming output as it comes.
///
/// Why a process group: a stage is usually a shell running other programs (xcodebuild runs compilers); stopping
/// only the shell would leave its children running. Signalling the group (`kill(-pgid)`) reaches them all.
/// Standard input is `/dev/null`: stages are not interactive, and a background group reading the terminal would stop.
public struct ProcessRunner: ProcessRunning {
    public let clock: Clock

    public init(clock: Clock = SystemClock()) {
        self.clock = clock
    }

    public func run(
        _ request: ProcessRequest, observer: ProcessObserver?
    ) throws(ProcessLaunchError) -> ProcessOutcome {
        guard let program = request.arguments.first, !program.isEmpty else {
            throw ProcessLaunchError(arguments: request.arguments, reason: "the command is empty")
        }
        guard let output = SystemCall.pipe() else {
            throw ProcessLaunchError(
                arguments: request.arguments, reason: "cannot create a pipe: \(SystemCall.errorText)")
        }
        guard let errors = SystemCall.pipe() else {
            SystemCall.close(output.read)
            SystemCall.close(output.write)
            throw ProcessLaunchError(
                arguments: request.arguments, reason: "cannot create a pipe: \(SystemCall.errorText)")
        }
        let input: Int32?
        do {
            input = try request.input.map { bytes throws(ProcessLaunchError) in try Self.inputPipe(bytes, request) }
        } catch {
            for descriptor in [output.read, output.write, errors.read, errors.write] { SystemCall.close(descriptor) }
            throw error
        }
        defer { input.map(SystemCall.close) }
        let start = clock.uptime()
        let pid: pid_t
        do {
            var spawn = ProcessSpawn(
                arguments: request.arguments, environment: request.environment,
                workingDirectory: request.workingDirectory)
            if let input { spawn.standardInput = .descriptor(input) }
            spawn.standardOutput = .descriptor(output.write)
            spawn.standardError = .descriptor(errors.write)
            spawn.newProcessGroup = request.newProcessGroup
            spawn.closeOtherDescriptors = true
            pid = try spawn.start()
        } catch {
            for descriptor in [output.read, output.write, errors.read, errors.write] { SystemCall.close(descriptor) }
            throw error
        }
        SystemCall.close(output.write)
        SystemCall.close(errors.write)
        // A group Slipway started ends with Slipway, even when Slipway is killed outright.
        let guardian = request.newProcessGroup ? ProcessGroupGuardian.start(for: pid) : nil
        defer { guardian?.dismiss() }
        observer?.processDidStart(pid: pid)
        if request.newProcessGroup { observer?.processDidStart(group: pid) }
        var session = ProcessSession(
            pid: pid, request: request, clock: clock, start: start, observer: observer,
            outputDescriptor: output.read, errorDescriptor: errors.read)
        return session.run()
    }
}

extension ProcessRunner {
    /// A pipe holding `bytes`, its write end closed: the read end, for the child's standard input.
    fileprivate static func inputPipe(_ bytes: [UInt8], _ request: ProcessRequest) throws(ProcessLaunchError) -> Int32 {
        guard bytes.count <= ProcessRequest.maximumInput else {
            throw ProcessLaunchError(
                arguments: request.arguments,
                reason: "its input is \(bytes.count) bytes, more than \(ProcessRequest.maximumInput)")
        }
        guard let pipe = SystemCall.pipe() else {
            throw ProcessLaunchError(
                arguments: request.arguments, reason: "cannot create a pipe: \(SystemCall.errorText)")
        }
        let failure = Console.writeAll(bytes, to: pipe.write)
        SystemCall.close(pipe.write)
        if let failure {
            SystemCall.close(pipe.read)
            throw ProcessLaunchError(
                arguments: request.arguments, reason: "cannot write its input: \(SystemCall.errorText(failure))")
        }
        return pipe.read
    }
}

/// The loop that reads a running child's output, enforces its timeout and cancellation, and reaps it.
private struct ProcessSession {
    let pid: pid_t
    let request: ProcessRequest
    let clock: Clock
    let start: Double
    let observer: ProcessObserver?
    var outputDescriptor: Int32
    var errorDescriptor: Int32
    /// Readable when the child exits (Linux pidfd), or -1: then exit is noticed by polling `waitpid`.
    private var exitDescriptor: Int32 = -1

    private var status: Int32?
    private var exitedAt: Double?
    private var lastOutputAt: Double = 0
    private var stop: ProcessOutcome.Stop?
    private var terminatedAt: Double?
    private var killed = false
    private var killedAt: Double = 0
    private var lastHeartbeat: Double = 0
    private var tail = OutputTail()
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    init(
        pid: pid_t, request: ProcessRequest, clock: Clock, start: Double, observer: ProcessObserver?,
        outputDescriptor: Int32, errorDescriptor: Int32
    ) {
        self.pid = pid
        self.request = request
        self.clock = clock
        self.start = start
        self.observer = observer
        self.outputDescriptor = outputDescriptor
        self.errorDescriptor = errorDescriptor
        lastHeartbeat = start
        // pidfd_open(2) is Linux-only; on Darwin exitDescriptor stays -1 and run() polls waitpid(2) with WNOHANG.
        #if os(Linux)
        exitDescriptor = slipway_pidfd_open(pid)
        #endif
    }

    mutating func run() -> ProcessOutcome {
        var reapDelay = 0.0001
        while true {
            reap()
            let now = clock.uptime()
            enforceLimits(now: now)
            if isFinished(now: now) { break }

            if outputDescriptor < 0 && errorDescriptor < 0 && status == nil && exitDescriptor < 0 {
                // Both pipes are closed but the child is not reaped yet (it usually is a moment later): back off
                // from a tenth of a millisecond, so a normal exit costs next to nothing and a child that closed its
                // output early still has its timeout and cancellation checked every 50 ms.
                sleep(seconds: min(nextWakeUp(now: now), reapDelay))
                reapDelay = min(reapDelay * 2, 0.05)
            } else {
                waitAndRead(now: now)
            }
            heartbeatIfDue()
        }
        return finish()
    }

    /// Waits until output arrives, a stop is requested, the child exits or the next deadline passes, and reads the
    /// output that arrived.
    private mutating func waitAndRead(now: Double) {
        var descriptors: [pollfd] = []
        if outputDescriptor >= 0 {
            descriptors.append(pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0))
        }
        if errorDescriptor >= 0 {
            descriptors.append(pollfd(fd: errorDescriptor, events: Int16(POLLIN), revents: 0))
        }
        // While stopping, a second request (another Ctrl-C) escalates to SIGKILL, so keep listening until then.
        if let cancellation = request.cancellation, !killed, cancellation.readDescriptor >= 0 {
            descriptors.append(pollfd(fd: cancellation.readDescriptor, events: Int16(POLLIN), revents: 0))
        }
        if status == nil, exitDescriptor >= 0 {
            descriptors.append(pollfd(fd: exitDescriptor, events: Int16(POLLIN), revents: 0))
        }
        let wait = nextWakeUp(now: now)
        guard !descriptors.isEmpty else {
            sleep(seconds: wait)
            return
        }
        // Round up so a wait of 0.3 ms does not become a busy loop of zero-millisecond polls.
        let milliseconds = Int32((min(wait, 3600) * 1000).rounded(.up))
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        guard ready > 0 else { return }
        for entry in descriptors where entry.revents != 0 {
            if entry.fd == outputDescriptor {
                if !readChunk(from: .standardOutput) { closeOutput(.standardOutput) }
            } else if entry.fd == errorDescriptor {
                if !readChunk(from: .standardError) { closeOutput(.standardError) }
            }
        }
    }

    /// Closes the descriptors still open and reports how the child ended.
    private mutating func finish() -> ProcessOutcome {
        if outputDescriptor >= 0 { closeOutput(.standardOutput) }
        if errorDescriptor >= 0 { closeOutput(.standardError) }
        if exitDescriptor >= 0 { SystemCall.close(exitDescriptor) }
        let termination: ProcessOutcome.Termination
        let raw = status ?? -1
        if raw < 0 {
            termination = .unknown
        } else if raw & 0x7f == 0 {
            termination = .exited((raw >> 8) & 0xff)
        } else {
            termination = .signaled(raw & 0x7f)
        }
        return ProcessOutcome(
            termination: termination, stop: stop, duration: (exitedAt ?? clock.uptime()) - start,
            standardErrorTail: tail.text)
    }

    /// Whether the child has been reaped and nothing more needs reading or stopping.
    private func isFinished(now: Double) -> Bool {
        guard let exitedAt, status != nil else { return false }
        let pipesOpen = outputDescriptor >= 0 || errorDescriptor >= 0
        if stop != nil, !killed, let terminatedAt, now < terminatedAt + request.killGracePeriod, groupIsAlive {
            // Stopping: give the rest of the group its grace period, then SIGKILL.
            return false
        }
        if killed, now < killedAt + 1, groupIsAlive {
            // SIGKILL is delivered asynchronously: report the stage stopped once its processes are really gone.
            return false
        }
        guard pipesOpen else { return true }
        if stop != nil && killed { return true }
        // A background process still holds the pipes: read what it says for a moment, then move on.
        let quietSince = max(exitedAt, lastOutputAt)
        return now >= quietSince + request.drainPeriod || now >= exitedAt + 10 * max(request.drainPeriod, 0.1)
    }

    /// Whether the child's group still has a running member; without a group of its own, the reaped child is gone.
    private var groupIsAlive: Bool { request.newProcessGroup && ProcessGroup.hasLiveMembers(pid) }

    private func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        var interval = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1_000_000_000))
        _ = nanosleep(&interval, nil)
    }

    private mutating func reap() {
        guard status == nil else { return }
        var raw: Int32 = 0
        while true {
            let result = waitpid(pid, &raw, WNOHANG)
            if result == pid {
                status = raw
                exitedAt = clock.uptime()
                return
            }
            if result < 0 && errno == EINTR { continue }
            if result < 0 {
                // Someone else reaped it (a SIGCHLD handler elsewhere): the status is gone.
                status = -1
                exitedAt = clock.uptime()
            }
            return
        }
    }

    private mutating func enforceLimits(now: Double) {
        if stop == nil, let timeout = request.timeout, now >= start + timeout {
            stop = .timedOut
            terminate(now: now)
        }
        if let cancellation = request.cancellation {
            let count = cancellation.requestCount
            if stop == nil, count > 0 {
                stop = .cancelled(cancellation.signal ?? SIGTERM)
                terminate(now: now)
            } else if count > 1, !killed {
                killGroup()
            }
        }
        if stop != nil, !killed, let terminatedAt, now >= terminatedAt + request.killGracePeriod {
            killGroup()
        }
    }

    /// Signals the child's whole group, or the child alone when it shares Slipway's group.
    private func send(_ signal: Int32) {
        if request.newProcessGroup {
            kill(-pid, signal)
        } else if status == nil {
            // Once reaped, its pid may already belong to another process.
            kill(pid, signal)
        }
    }

    private mutating func terminate(now: Double) {
        terminatedAt = now
        send(SIGTERM)
        // A stopped (SIGTSTP) member cannot act on SIGTERM until continued.
        send(SIGCONT)
    }

    private mutating func killGroup() {
        killed = true
        killedAt = clock.uptime()
        send(SIGKILL)
    }

    /// Seconds until the next deadline the loop must act on (each one already due was handled before polling).
    private func nextWakeUp(now: Double) -> Double {
        var wake = now + 0.05
        if stop == nil, let timeout = request.timeout { wake = min(wake, start + timeout) }
        if let terminatedAt, !killed { wake = min(wake, terminatedAt + request.killGracePeriod) }
        if killed { wake = min(wake, now + 0.005) }
        if let heartbeat = request.heartbeat { wake = min(wake, lastHeartbeat + heartbeat) }
        if let exitedAt, outputDescriptor >= 0 || errorDescriptor >= 0 {
            wake = min(wake, max(exitedAt, lastOutputAt) + request.drainPeriod)
        }
        // Never zero: a deadline that just passed is handled on the next turn, not by spinning.
        return max(0.0005, wake - now)
    }

    private mutating func heartbeatIfDue() {
        guard let heartbeat = request.heartbeat, let observer else { return }
        let now = clock.uptime()
        if now >= lastHeartbeat + heartbeat {
            lastHeartbeat = now
            observer.processHeartbeat(elapsed: now - start)
        }
    }

    /// Reads one chunk; `false` at end of file.
    private mutating func readChunk(from stream: ProcessStream) -> Bool {
        let descriptor = stream == .standardOutput ? outputDescriptor : errorDescriptor
        while true {
            let count = buffer.withUnsafeMutableBytes { SystemCall.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            lastOutputAt = clock.uptime()
            buffer.withUnsafeBytes { raw in
                let chunk = UnsafeRawBufferPointer(rebasing: raw[0..<count])
                request.log?.write(chunk)
                if stream == .standardError { tail.append(chunk) }
                observer?.process(output: chunk, from: stream)
            }
            return true
        }
    }

    private mutating func closeOutput(_ stream: ProcessStream) {
        if stream == .standardOutput {
            SystemCall.close(outputDescriptor)
            outputDescriptor = -1
        } else {
            SystemCall.close(errorDescriptor)
            errorDescriptor = -1
        }
    }
}

/// The last few kilobytes of a stream, trimmed to whole lines, for failure messages.
struct OutputTail {
    private var bytes: [UInt8] = []
    private let limit = 8 * 1024
    private let lines = 20

    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: chunk)
        if bytes.count > 2 * limit { bytes.removeFirst(bytes.count - limit) }
    }

    var text: String {
        var text = String(decoding: bytes.suffix(limit), as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        let kept = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines)
        return kept.joined(separator: "\n")
    }
}
