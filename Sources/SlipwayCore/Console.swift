import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and error for a command, buffered so a report of thousands of lines costs few system calls.
///
/// Errors go straight out; standard output is flushed when the buffer fills, on `flush()`, and before anything is
/// written to standard error so the two stay in order on a shared terminal.
///
/// A failed write to standard output (a full disk, a reader that went away) is recorded, not dropped: the command
/// line reads `outputFailure` at the end so a truncated `--json` never exits 0. Once a write failed, later output is
/// dropped too, so a reader sees the output cut at one point rather than a document with a hole in it.
public final class Console: @unchecked Sendable {
    private var buffer: [UInt8] = []
    private let outputDescriptor: Int32
    private let errorDescriptor: Int32
    /// Guards `failure`: output streamed from a child process may be written from another thread.
    private let failureLock = NSLock()
    private var failure: OutputFailure?

    public init(outputDescriptor: Int32 = 1, errorDescriptor: Int32 = 2) {
        self.outputDescriptor = outputDescriptor
        self.errorDescriptor = errorDescriptor
        buffer.reserveCapacity(Console.capacity)
    }

    deinit { flush() }

    /// The first write to standard output that failed, if any did.
    public var outputFailure: OutputFailure? {
        failureLock.lock()
        defer { failureLock.unlock() }
        return failure
    }

    public func out(_ text: String) {
        var text = text
        text.withUTF8 { out($0) }
    }

    /// Writes UTF-8 bytes (a JSON document built as bytes) without turning them into a `String` first.
    public func out(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { out($0) }
    }

    private func out(_ bytes: UnsafeBufferPointer<UInt8>) {
        // A large report (a root commit's thousands of files) goes straight out instead of growing the buffer.
        if bytes.count >= Console.capacity {
            flush()
            writeOutput(UnsafeRawBufferPointer(bytes))
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Console.capacity { flush() }
    }

    private static let capacity = 1 << 16

    public func err(_ text: String) {
        flush()
        var text = text
        text.withUTF8 { writeError(UnsafeRawBufferPointer($0)) }
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { writeOutput($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes bytes straight through, after anything buffered, for output streamed from a child process as it comes.
    public func passThrough(_ bytes: UnsafeRawBufferPointer, toError: Bool) {
        flush()
        if toError { writeError(bytes) } else { writeOutput(bytes) }
    }

    /// Whether standard error is a terminal (for colour and status lines).
    public var isErrorTerminal: Bool { isatty(errorDescriptor) == 1 }
    public var isOutputTerminal: Bool { isatty(outputDescriptor) == 1 }

    private func writeOutput(_ bytes: UnsafeRawBufferPointer) {
        failureLock.lock()
        defer { failureLock.unlock() }
        guard failure == nil else { return }
        if let code = Console.writeAll(bytes, to: outputDescriptor) {
            failure = OutputFailure(code: code)
        }
    }

    private func writeError(_ bytes: UnsafeRawBufferPointer) {
        // A message that cannot reach standard error has nowhere else to go, and must not turn a command whose
        // result is on standard output into a failure; it is dropped on purpose.
        _ = Console.writeAll(bytes, to: errorDescriptor)
    }

    /// Writes every byte, retrying interrupted and would-block writes; returns the `errno` of a write that failed.
    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// Writes every byte, retrying interrupted and would-block writes; returns the `errno` of a write that failed.
    @discardableResult
    public static func writeAll(_ raw: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = raw.baseAddress else { return nil }
        var offset = 0
        while offset < raw.count {
            let written = write(descriptor, base + offset, raw.count - offset)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                // A parent may hand over a non-blocking descriptor (Node does): wait until it takes more.
                if code == EAGAIN || code == EWOULDBLOCK {
                    var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&entry, 1, -1)
                    continue
                }
                return code
            }
            offset += written
        }
        return nil
    }
}

/// A write to standard output that failed, by its `errno`.
public struct OutputFailure: Sendable, Equatable {
    public var code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// The reader went away (`slipway detect --each | head -1`): not an error to report, as for any CLI.
    public var isBrokenPipe: Bool { code == EPIPE }

    /// The system's description (`No space left on device`).
    public var reason: String { String(cString: strerror(code)) }
}
