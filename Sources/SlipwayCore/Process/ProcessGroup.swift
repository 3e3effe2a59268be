import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Questions about a process group, asked while stopping a stage.
package enum ProcessGroup {
    /// How `end` stopped a group.
    package enum Ending: Sendable {
        case terminated
        case killed
    }

    /// Ends a group that may have outlived the Slipway that started it: SIGTERM, then SIGKILL when a member still
    /// runs after `grace` seconds. `nil` when no member is running (checked with `kill(-pgid, 0)` first), or when the
    /// group is Slipway's own.
    package static func end(_ pgid: pid_t, grace: Double = 2) -> Ending? {
        guard pgid > 1, pgid != getpgrp(), hasLiveMembers(pgid) else { return nil }
        kill(-pgid, SIGTERM)
        // A stopped (SIGTSTP) member cannot act on SIGTERM until continued.
        kill(-pgid, SIGCONT)
        if waitForEnd(pgid, seconds: grace) { return .terminated }
        kill(-pgid, SIGKILL)
        _ = waitForEnd(pgid, seconds: 1)
        return .killed
    }

    /// Waits up to `seconds` for process `pid` (not a child of this Slipway: one a killed Slipway left) to end, then
    /// ends it (SIGTERM, then SIGKILL). `nil` when it was not running; else whether it ended by itself.
    package static func awaitOrEnd(pid: pid_t, seconds: Double) -> Bool? {
        guard pid > 1, pid != getpid(), isRunning(pid) else { return nil }
        if waitWhile(seconds: seconds, { isRunning(pid) }) { return true }
        kill(pid, SIGTERM)
        kill(pid, SIGCONT)
        if !waitWhile(seconds: 2, { isRunning(pid) }) { kill(pid, SIGKILL) }
        return false
    }

    /// Whether process `pid` exists and is not a zombie (see `hasLiveMembers`).
    package static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        #if os(Linux)
        guard let fields = statFields(pid) else { return false }
        return fields.first?.first != UInt8(ascii: "Z")
        #else
        return true
        #endif
    }

    private static func waitForEnd(_ pgid: pid_t, seconds: Double) -> Bool {
        waitWhile(seconds: seconds) { hasLiveMembers(pgid) }
    }

    /// Polls `running` every 50 ms: `true` once it says no, `false` when it still says yes after `seconds`.
    private static func waitWhile(seconds: Double, _ running: () -> Bool) -> Bool {
        var waited = 0.0
        while running() {
            guard waited < seconds else { return false }
            var interval = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            _ = nanosleep(&interval, nil)
            waited += 0.05
        }
        return true
    }

    /// Whether any member is still running (not a zombie).
    ///
    /// `kill(-pgid, 0)` also counts zombies, and in containers whose PID 1 never reaps orphans, a stopped stage's
    /// grandchildren stay zombies forever; on Linux `/proc` tells them apart.
    package static func hasLiveMembers(_ pgid: pid_t) -> Bool {
        guard kill(-pgid, 0) == 0 else { return false }
        #if os(Linux)
        guard let directory = opendir("/proc") else { return true }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int32(name), let fields = statFields(pid) else { continue }
            guard fields.count > 3, let group = Int32(String(decoding: fields[2], as: UTF8.self)), group == pgid else {
                continue
            }
            if fields[0].first != UInt8(ascii: "Z") { return true }
        }
        return false
        #else
        // macOS has no /proc; launchd (PID 1) reaps orphans, so kill(2)'s answer is taken as it is.
        return true
        #endif
    }

    #if os(Linux)
    /// The fields of `/proc/<pid>/stat` after the command name: state, ppid, pgrp, … The name may hold spaces and
    /// parentheses, so the fields start after the last ')'.
    private static func statFields(_ pid: pid_t) -> [ArraySlice<UInt8>]? {
        guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
            let close = stat.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        return Array(stat[(close + 1)...]).split(separator: UInt8(ascii: " "))
    }
    #endif
}
