/// One program to run: an argv array, where, with which environment, and how long it may take.
public struct ProcessRequest: Sendable {
    /// The program and its arguments. A program name without `/` is looked up in the `PATH` of `environment`.
    public var arguments: [String]
    /// The child's working directory (absolute), or `nil` for the current one.
    public var workingDirectory: String?
    /// The child's complete environment.
    public var environment: [String: String]
    /// Seconds after which the child's process group is stopped; `nil` for no limit.
    public var timeout: Double?
    /// Seconds between SIGTERM and SIGKILL when stopping the process group.
    public var killGracePeriod: Double = 5
    /// Seconds to keep reading output after the child exits while a background process still holds its pipes.
    public var drainPeriod: Double = 0.2
    /// Seconds between heartbeats (for a status line); `nil` for none.
    public var heartbeat: Double?
    /// Where every byte of output is also written, in arrival order.
    public var log: LogFile?
    /// Stops the child's process group when cancelled (Ctrl-C, SIGTERM).
    public var cancellation: CancellationSignal?
    /// Starts the child in a process group of its own (the default), so stopping it reaches everything it started.
    /// `false` keeps it in Slipway's group, for a program that may prompt on the terminal (`git push` asking for a
    /// password): a background group reading the terminal is stopped by SIGTTIN, and Ctrl-C would not reach it.
    public var newProcessGroup = true
    /// Bytes for the child's standard input (else `/dev/null`), at most `maximumInput`: written whole into a pipe
    /// before the child starts, so a secret handed over this way (request headers) is never on disk.
    public var input: [UInt8]?
    /// What a pipe holds on every platform without a reader (POSIX's PIPE_BUF is 512; pipes hold 16 KiB and more).
    public static let maximumInput = 8192

    public init(
        arguments: [String], workingDirectory: String? = nil, environment: [String: String], timeout: Double? = nil
    ) {
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.timeout = timeout
    }
}

/// Which of the child's output streams a chunk came from.
public enum ProcessStream: Sendable {
    case standardOutput
    case standardError
}

/// Receives a running child's output as it arrives.
public protocol ProcessObserver: AnyObject {
    /// A chunk of output, in arrival order; the buffer is only valid during the call.
    func process(output: UnsafeRawBufferPointer, from stream: ProcessStream)
    /// Called every `heartbeat` seconds while the child runs.
    func processHeartbeat(elapsed: Double)
    /// The child has started in process group `group` (only for a request with `newProcessGroup`), before Slipway
    /// waits on it: the moment to record the group somewhere that outlives Slipway.
    func processDidStart(group: Int32)
    /// The child has started as process `pid` (whatever its group), before Slipway waits on it: the moment to record
    /// it where a later Slipway finds it, should this one be killed while the child runs on.
    func processDidStart(pid: Int32)
}

extension ProcessObserver {
    public func processHeartbeat(elapsed: Double) {}
    public func processDidStart(group: Int32) {}
    public func processDidStart(pid: Int32) {}
}
