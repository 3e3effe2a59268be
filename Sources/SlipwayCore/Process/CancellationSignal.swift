import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request to stop, from Ctrl-C, SIGTERM or code, that a running child can wait on alongside its output.
///
/// Requests travel as bytes through a pipe (one byte per request, the signal number), so a signal handler can
/// raise one with a single async-signal-safe `write`, and the process runner's `poll` wakes up at once.
public final class CancellationSignal: @unchecked Sendable {
    let readDescriptor: Int32
    let writeDescriptor: Int32
    private let lock = NSLock()
    private var received: [Int32] = []

    public init() {
        // A pipe can only fail to open when the process is out of descriptors; then cancellation is never seen,
        // which is the same as having none.
        let ends = SystemCall.pipe(nonBlockingRead: true) ?? (-1, -1)
        readDescriptor = ends.read
        writeDescriptor = ends.write
        if writeDescriptor >= 0 {
            _ = fcntl(writeDescriptor, F_SETFL, fcntl(writeDescriptor, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit {
        SystemCall.close(readDescriptor)
        SystemCall.close(writeDescriptor)
    }

    /// Requests a stop as if `signal` had been received.
    public func cancel(signal: Int32 = SIGTERM) {
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = SystemCall.write(writeDescriptor, &byte, 1)
    }

    /// Whether any stop was requested.
    public var isCancelled: Bool { requestCount > 0 }

    /// The signal of the first request.
    public var signal: Int32? {
        collect()
        lock.lock()
        defer { lock.unlock() }
        return received.first
    }

    /// How many stops were requested so far (a second Ctrl-C escalates).
    public var requestCount: Int {
        collect()
        lock.lock()
        defer { lock.unlock() }
        return received.count
    }

    /// Moves pending requests out of the pipe.
    func collect() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = bytes.withUnsafeMutableBytes { SystemCall.read(readDescriptor, $0.baseAddress!, $0.count) }
            guard count > 0 else { return }
            lock.lock()
            received.append(contentsOf: bytes[0..<count].map { Int32($0) })
            lock.unlock()
        }
    }
}
