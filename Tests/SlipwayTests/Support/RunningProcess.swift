import Foundation

/// A program started in the background whose standard output can be read while it runs, and signalled.
///
/// For tests that must see output before the program ends, or interrupt it midway. Every wait has a deadline,
/// so a broken feature fails the test instead of hanging it.
final class RunningProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSCondition()
    private var output = Data()
    private var errors = Data()
    private let readers = DispatchGroup()

    init(_ executable: String, _ arguments: [String], in directory: URL, environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        read(Handoff(out.fileHandleForReading), isError: false)
        read(Handoff(err.fileHandleForReading), isError: true)
    }

    private func read(_ handle: Handoff<FileHandle>, isError: Bool) {
        readers.enter()
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.value.availableData
                lock.lock()
                if chunk.isEmpty {
                    lock.broadcast()
                    lock.unlock()
                    break
                }
                if isError { errors.append(chunk) } else { output.append(chunk) }
                lock.broadcast()
                lock.unlock()
            }
            readers.leave()
        }
    }

    var pid: Int32 { process.processIdentifier }

    var stdout: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: output, as: UTF8.self)
    }

    var stderr: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: errors, as: UTF8.self)
    }

    /// Waits until standard output contains `text`; false when the deadline passes first.
    func waitForOutput(containing text: String, timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while !String(decoding: output, as: UTF8.self).contains(text) {
            if !lock.wait(until: deadline) { return false }
        }
        return true
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits for the program to exit and both pipes to close; kills it and returns nil when the deadline passes.
    func waitForExit(timeout: Double = 60) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                kill(process.processIdentifier, SIGKILL)
                return nil
            }
            usleep(10_000)
        }
        _ = readers.wait(timeout: .now() + 10)
        return process.terminationStatus
    }

    var terminatedBySignal: Bool { process.terminationReason == .uncaughtSignal }
}

/// Whether a process is still running (a zombie counts as gone: nothing may reap it in a container).
func isProcessRunning(_ pid: Int32) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    #if os(Linux)
    guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
        let close = stat.lastIndex(of: UInt8(ascii: ")"))
    else { return true }
    let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
    return fields.first?.first != UInt8(ascii: "Z")
    #else
    // macOS has no /proc, and launchd reaps an orphan at once, so kill(2)'s answer stands.
    return true
    #endif
}

/// Reads a pid a stage wrote to a file, waiting briefly for it to appear.
func readPid(_ url: URL, timeout: Double = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if let text = try? String(contentsOf: url, encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            return pid
        }
        usleep(10_000)
    }
    return nil
}
