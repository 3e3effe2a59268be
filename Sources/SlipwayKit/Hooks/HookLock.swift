import Foundation
import SlipwayCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on `.git/slipway/hook.lock`, held while a background hook run works, so two runs never
/// overlap. The kernel drops it when the holder exits, however it exits, so a crash leaves no stale lock.
final class HookLock {
    private let descriptor: Int32

    /// Takes the lock, waiting for a run that holds it; `waiting` is told the holder's pid first.
    init(at url: URL, waiting: (String) -> Void) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Close-on-exec: the lock belongs to this run, not to daemons its commands may leave behind.
        descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure("cannot open the hook lock \(url.path): \(String(cString: strerror(errno)))")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let holder = (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            waiting(holder.map { $0.isEmpty ? "another run" : "pid \($0)" } ?? "another run")
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    close(descriptor)
                    throw Failure("cannot lock \(url.path): \(String(cString: strerror(errno)))")
                }
            }
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    deinit {
        _ = ftruncate(descriptor, 0)
        close(descriptor)
    }
}
