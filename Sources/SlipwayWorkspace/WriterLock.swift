import Foundation
import SlipwayCore
import SlipwayGit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock every Slipway command that writes holds on a repository (`release`, `bump`, `hooks install|uninstall`,
/// `ci install`), so two writers never edit the spec, commit or tag at the same time and no update is lost. `take`
/// is how a command gets it: refused at once naming the holder, or with `--wait` waited for, saying whom for; a
/// lock left by a holder that crashed is taken over with a warning.
///
/// The lock is `slipway-release.lock` in the git common folder (shared by every worktree), a `FileLock`: the
/// kernel releases it when the holding process ends, however it ends, so a crashed release never blocks the next
/// one. The file names the holder (pid, host, start time, command) so contention can say who holds it.
public final class WriterLock {
    public struct Holder: Equatable, Sendable {
        public var pid: Int32
        public var host: String
        public var startedAt: Date
        public var command: String

        public init(pid: Int32, host: String, startedAt: Date, command: String) {
            self.pid = pid
            self.host = host
            self.startedAt = startedAt
            self.command = command
        }

        var json: JSON {
            .object([
                "pid": .int(Int(pid)), "host": .string(host),
                "startedAt": .string(UTCTimestamp.string(startedAt)), "command": .string(command),
            ])
        }

        /// `nil` for a lock file that names no holder Slipway can read (empty, half-written, another tool's):
        /// contention is then reported without a holder, so the parse error itself is of no use.
        init?(json bytes: [UInt8]) {
            guard let object = try? JSON.parse(bytes), let pid = object["pid"]?.intValue,
                let host = object["host"]?.stringValue,
                let started = object["startedAt"]?.stringValue.flatMap(UTCTimestamp.date),
                let command = object["command"]?.stringValue
            else { return nil }
            self.init(pid: Int32(truncatingIfNeeded: pid), host: host, startedAt: started, command: command)
        }

        /// What the holder is doing, as messages say it: `release` for `slipway release …`, else `Slipway command`.
        public var kind: String {
            command.split(separator: " ").dropFirst().first == "release" ? "release" : "Slipway command"
        }

        /// `pid 4242 on build-mac since 2024-05-01T12:00:00Z ('slipway release minor')`.
        public var summary: String {
            "pid \(pid) on \(host) since \(UTCTimestamp.string(startedAt)) ('\(command)')"
        }
    }

    public static let fileName = "slipway-release.lock"

    public let path: URL
    /// This process, as written into the lock file.
    public let holder: Holder
    /// The holder named in a lock file whose process had ended without releasing it (a crash); replaced by this one.
    public let replacedStaleHolder: Holder?
    private let lock: FileLock

    private init(path: URL, holder: Holder, lock: FileLock) {
        self.path = path
        self.holder = holder
        self.replacedStaleHolder = Holder(json: lock.previousContents)
        self.lock = lock
    }

    /// Takes the lock for a command that writes; a journal of an unfinished release refuses every writer but
    /// `release continue|--abort` (`allowingPendingRelease`), which finish or undo it.
    public static func take(
        _ repository: Repository, command: String, wait: Bool, console: Console, allowingPendingRelease: Bool = false
    ) throws -> WriterLock {
        let waiting: ((Holder?) -> Void)? =
            wait
            ? { holder in
                console.err(
                    "slipway: waiting for \(holder.map { $0.summary } ?? "another Slipway command") to finish\n")
            } : nil
        let lock = try acquire(in: repository, command: command, waiting: waiting)
        if !allowingPendingRelease, ReleaseJournalFile.exists(in: repository) {
            lock.release()
            throw PendingReleaseError(path: ReleaseJournalFile.url(in: repository).path)
        }
        if let stale = lock.replacedStaleHolder {
            console.err("warning: took over the repository's lock left behind by \(stale.summary), which has ended\n")
        }
        return lock
    }

    /// Takes the lock of `repository`, or throws `WriterLockError` naming the command that holds it. With
    /// `waiting`, a held lock is waited for instead (`--wait`): `waiting` is told the holder first.
    public static func acquire(
        in repository: Repository, command: String, now: Date = Date(), waiting: ((Holder?) -> Void)? = nil
    ) throws(WriterLockError) -> WriterLock {
        let path = repository.commonDirectory.appendingPathComponent(fileName)
        // Whole seconds, as the file records them, so the holder read back equals the one written.
        let started = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let holder = Holder(pid: getpid(), host: hostName(), startedAt: started, command: command)
        do {
            let lock = try FileLock.acquire(
                at: path.path, contents: Array(holder.json.pretty().utf8),
                wait: waiting.map { tell in { bytes in tell(Holder(json: bytes)) } },
                holderIsAlive: { bytes in Holder(json: bytes).map(isAlive) ?? false })
            return WriterLock(path: path, holder: holder, lock: lock)
        } catch {
            switch error {
            case .held(let bytes):
                throw WriterLockError(path: path.path, holder: Holder(json: bytes), reason: nil)
            case .unusable(let reason): throw WriterLockError(path: path.path, holder: nil, reason: reason)
            }
        }
    }

    /// Gives the lock up (also done when the value is released). Removes the file while still holding it, so the
    /// next release starts from a clean slate.
    public func release() {
        lock.release()
    }

    /// Throws the error `acquire` would throw when another release holds the lock, without creating or writing
    /// anything: for `release --dry-run`, which must work in a read-only checkout. A lock file whose holder has
    /// ended does not count.
    public static func checkFree(in repository: Repository) throws(WriterLockError) {
        let path = repository.commonDirectory.appendingPathComponent(fileName)
        let descriptor = open(path.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = FileLock.contents(at: path.path)
        let holder = bytes.isEmpty ? nil : Holder(json: bytes)
        // A shared lock conflicts with the holder's exclusive one; taking it for a moment disturbs nobody.
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return
        }
        if errno == EWOULDBLOCK || errno == EAGAIN {
            throw WriterLockError(path: path.path, holder: holder, reason: nil)
        }
        // A file system without flock: ask whether the named process still runs, as `acquire` does.
        if let holder, isAlive(holder) {
            throw WriterLockError(path: path.path, holder: holder, reason: nil)
        }
    }

    /// The holder a lock file names, if it names one.
    public static func currentHolder(in repository: Repository) -> Holder? {
        let bytes = FileLock.contents(at: repository.commonDirectory.appendingPathComponent(fileName).path)
        return bytes.isEmpty ? nil : Holder(json: bytes)
    }

    /// Whether the holder's process still runs; a holder on another host is assumed to.
    private static func isAlive(_ holder: Holder) -> Bool {
        guard holder.host == hostName() else { return true }
        return kill(holder.pid, 0) == 0 || errno == EPERM
    }

    /// This machine's host name, as lock files record it.
    public static var currentHost: String { hostName() }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Another release holds the repository's lock, or the lock file could not be used.
public struct WriterLockError: SlipwayError {
    public var path: String
    /// Who holds the lock, when the lock file says.
    public var holder: WriterLock.Holder?
    /// Why the lock file could not be used, when that is the problem.
    public var reason: String?

    public var message: String {
        if let reason { return "cannot take the repository's lock \(path): \(reason)" }
        guard let holder else { return "another Slipway command holds this repository's lock (\(path))" }
        return "another \(holder.kind) holds this repository's lock: \(holder.summary)"
    }

    public var hint: String? {
        if reason != nil { return "check that the git folder is writable" }
        guard let holder else {
            return "wait for it to finish (or pass --wait); the lock is released when that process ends"
        }
        if holder.host != WriterLock.hostName() {
            return "that \(holder.kind) runs on \(holder.host), which shares this repository; wait for it to finish "
                + "(or pass --wait)"
        }
        return
            "wait for it to finish (or pass --wait), or stop it with 'kill \(holder.pid)'; the lock is released when "
            + "that process ends"
    }
}
