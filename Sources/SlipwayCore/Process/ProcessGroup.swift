import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Questions about a process group, asked while stopping a stage.
enum ProcessGroup {
    /// Whether any member is still running (not a zombie).
    ///
    /// `kill(-pgid, 0)` also counts zombies, and in containers whose PID 1 never reaps orphans, a stopped stage's
    /// grandchildren stay zombies forever; on Linux `/proc` tells them apart.
    static func hasLiveMembers(_ pgid: pid_t) -> Bool {
        guard kill(-pgid, 0) == 0 else { return false }
        #if os(Linux)
        guard let directory = opendir("/proc") else { return true }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int32(name), let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else {
                continue
            }
            // "pid (comm) state ppid pgrp ...": comm may contain spaces and parentheses, so parse after the last ')'.
            guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { continue }
            let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
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
}
