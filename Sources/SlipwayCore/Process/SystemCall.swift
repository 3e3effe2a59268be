import CSpawn

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C calls whose names clash with methods (`write`, `read`, `close`), and small helpers around them. The Glibc
/// and Darwin branches call the same POSIX function (write(2), read(2), close(2)), qualified by module.
enum SystemCall {
    static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(descriptor, buffer, count)
        #else
        return Darwin.write(descriptor, buffer, count)
        #endif
    }

    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
        #else
        return Darwin.read(descriptor, buffer, count)
        #endif
    }

    static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    /// A pipe whose both ends are close-on-exec, so no child spawned meanwhile on another thread inherits them.
    static func pipe(nonBlockingRead: Bool = false) -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        #if canImport(Glibc)
        guard pipe2(&fds, O_CLOEXEC) == 0 else { return nil }
        #else
        // Darwin has no pipe2(2): pipe(2), then fcntl(2) F_SETFD FD_CLOEXEC on each end. A child spawned on another
        // thread in between still never inherits them: ProcessSpawn starts every child there with
        // POSIX_SPAWN_CLOEXEC_DEFAULT.
        guard Darwin.pipe(&fds) == 0 else { return nil }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        #endif
        if nonBlockingRead {
            _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        }
        return (fds[0], fds[1])
    }

    static var errorText: String { String(cString: strerror(errno)) }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
