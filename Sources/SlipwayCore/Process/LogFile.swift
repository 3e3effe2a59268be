import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open log file that output is appended to as it arrives, closed when released.
public final class LogFile: @unchecked Sendable {
    public let path: String
    private let descriptor: Int32

    /// Creates (or truncates) the file, creating its folder.
    public init(path: String) throws(Failure) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        do throws(FileSystemError) {
            try FileSystem.createFolder(folder)
        } catch {
            throw Failure(error.message)
        }
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure("cannot write the log file \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = SystemCall.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }
}
