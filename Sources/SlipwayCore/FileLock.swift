import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a file that names its holder, so runs that must not overlap never do.
///
/// The kernel drops the lock when the holding process ends, however it ends, so a crash leaves no stale lock. The
/// file carries a few bytes saying who holds it (a pid, or a JSON record) for contention messages. Releasing
/// removes the file while still holding the lock; a process that locked the file just before it was removed
/// notices (the path no longer leads to what it locked) and tries again with a fresh file.
public final class FileLock {
    public let path: String
    /// What the file said when this process took it: left by a holder that ended without releasing (a crash), or
    /// empty.
    public let previousContents: [UInt8]
    private var descriptor: Int32

    private init(path: String, previousContents: [UInt8], descriptor: Int32) {
        self.path = path
        self.previousContents = previousContents
        self.descriptor = descriptor
    }

    deinit { release() }

    /// Why the lock could not be taken.
    public enum Refusal: Error, Equatable {
        /// Another process holds it; the bytes are what its file says.
        case held(by: [UInt8])
        /// The lock file cannot be used (the reason, from the system).
        case unusable(String)
    }

    /// Takes the lock on `path` and writes `contents` into the file.
    ///
    /// - `wait`: when another process holds the lock, `nil` throws `.held` at once; otherwise it is called with the
    ///   holder's bytes and this call blocks until the lock is free.
    /// - `holderIsAlive`: on a file system without `flock`, whether the holder named in the file still runs (the
    ///   lock is taken over when not).
    public static func acquire(
        at path: String, contents: [UInt8], wait: (([UInt8]) -> Void)? = nil,
        holderIsAlive: ([UInt8]) -> Bool = { _ in true }
    ) throws(Refusal) -> FileLock {
        var toldWaiting = false
        // Each new round means a holder released (and removed) the file between our open and our lock.
        for _ in 0..<1000 {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw .unusable(SystemCall.errorText) }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let lockErrno = errno
                let holder = read(descriptor)
                if lockErrno == EWOULDBLOCK || lockErrno == EAGAIN {
                    guard let wait else {
                        SystemCall.close(descriptor)
                        throw .held(by: holder)
                    }
                    if !toldWaiting {
                        toldWaiting = true
                        wait(holder)
                    }
                    while flock(descriptor, LOCK_EX) != 0 {
                        guard errno == EINTR else {
                            let reason = SystemCall.errorText
                            SystemCall.close(descriptor)
                            throw .unusable(reason)
                        }
                    }
                } else if !holder.isEmpty, holderIsAlive(holder) {
                    // A file system without flock: the named process still runs.
                    SystemCall.close(descriptor)
                    throw .held(by: holder)
                }
            }
            guard isCurrent(descriptor, path: path) else {
                SystemCall.close(descriptor)
                continue
            }
            let previous = read(descriptor)
            guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, contents, contents.count, 0) == contents.count
            else {
                let reason = SystemCall.errorText
                SystemCall.close(descriptor)
                throw .unusable(reason)
            }
            return FileLock(path: path, previousContents: previous, descriptor: descriptor)
        }
        throw .unusable("the lock file kept being replaced")
    }

    /// Gives the lock up (also done when the value is released), removing the file while still holding it so
    /// the next holder starts from a clean slate.
    public func release() {
        guard descriptor >= 0 else { return }
        if FileLock.isCurrent(descriptor, path: path) { unlink(path) }
        SystemCall.close(descriptor)
        descriptor = -1
    }

    /// What the lock file says now (empty when there is none).
    public static func contents(at path: String) -> [UInt8] {
        FileManager.default.contents(atPath: path).map { Array($0) } ?? []
    }

    /// Whether `path` still leads to the file `descriptor` has open (a releasing holder may have removed it).
    private static func isCurrent(_ descriptor: Int32, path: String) -> Bool {
        var opened = stat()
        var current = stat()
        return fstat(descriptor, &opened) == 0 && stat(path, &current) == 0
            && opened.st_ino == current.st_ino && opened.st_dev == current.st_dev
    }

    private static func read(_ descriptor: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        return count > 0 ? Array(buffer.prefix(count)) : []
    }
}
