import SlipwayCore
import SlipwayGit

/// How every Slipway command that writes (`release`, `bump`, `hooks install|uninstall`, `ci install`) takes the
/// repository's one lock: refused at once naming the holder, or with `--wait` waited for, saying whom for. A lock
/// left by a holder that crashed is taken over with a warning.
public enum WriterLock {
    /// Takes the lock; a journal of an unfinished release refuses every writer but `release --continue|--abort`
    /// (`allowingPendingRelease`), which finish or undo it.
    public static func take(
        _ repository: Repository, command: String, wait: Bool, console: Console, allowingPendingRelease: Bool = false
    ) throws -> ReleaseLock {
        let waiting: ((ReleaseLock.Holder?) -> Void)? =
            wait
            ? { holder in
                console.err(
                    "slipway: waiting for \(holder.map { $0.summary } ?? "another Slipway command") to finish\n")
            } : nil
        let lock = try ReleaseLock.acquire(in: repository, command: command, waiting: waiting)
        if !allowingPendingRelease, ReleaseJournalFile.exists(in: repository) {
            lock.release()
            throw PendingReleaseError(path: ReleaseJournalFile.url(in: repository).path)
        }
        if let stale = lock.replacedStaleHolder {
            console.err("warning: took over the repository's lock left behind by \(stale.summary), which has ended\n")
        }
        return lock
    }
}
