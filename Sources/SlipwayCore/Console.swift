#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and error for a command, buffered so a report of thousands of lines costs few system calls.
///
/// Errors go straight out; standard output is flushed when the buffer fills, on `flush()`, and before anything is
/// written to standard error so the two stay in order on a shared terminal.
public final class Console: @unchecked Sendable {
    private var buffer: [UInt8] = []
    private let outputDescriptor: Int32
    private let errorDescriptor: Int32

    public init(outputDescriptor: Int32 = 1, errorDescriptor: Int32 = 2) {
        self.outputDescriptor = outputDescriptor
        self.errorDescriptor = errorDescriptor
        buffer.reserveCapacity(Console.capacity)
    }

    deinit { flush() }

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
            Console.writeAll(UnsafeRawBufferPointer(bytes), to: outputDescriptor)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Console.capacity { flush() }
    }

    private static let capacity = 1 << 16

    public func err(_ text: String) {
        flush()
        Console.writeAll(Array(text.utf8), to: errorDescriptor)
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        Console.writeAll(buffer, to: outputDescriptor)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes bytes straight through, after anything buffered, for output streamed from a child process as it comes.
    public func passThrough(_ bytes: UnsafeRawBufferPointer, toError: Bool) {
        flush()
        Console.writeAll(bytes, to: toError ? errorDescriptor : outputDescriptor)
    }

    /// Whether standard error is a terminal (for colour and status lines).
    public var isErrorTerminal: Bool { isatty(errorDescriptor) == 1 }
    public var isOutputTerminal: Bool { isatty(outputDescriptor) == 1 }

    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    public static func writeAll(_ raw: UnsafeRawBufferPointer, to descriptor: Int32) {
        guard let base = raw.baseAddress else { return }
        var offset = 0
        while offset < raw.count {
            let written = write(descriptor, base + offset, raw.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
