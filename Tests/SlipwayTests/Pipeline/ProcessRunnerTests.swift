import Foundation
import SlipwayCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects what a child writes, and can act on it while the child still runs.
final class RecordingObserver: ProcessObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [ProcessStream: [UInt8]] = [.standardOutput: [], .standardError: []]
    private var counts: [ProcessStream: Int] = [.standardOutput: 0, .standardError: 0]
    /// Keep only counts (for huge output).
    var countOnly = false
    var onOutput: ((String) -> Void)?

    func process(output: UnsafeRawBufferPointer, from stream: ProcessStream) {
        lock.lock()
        counts[stream, default: 0] += output.count
        if !countOnly { bytes[stream, default: []].append(contentsOf: output) }
        lock.unlock()
        onOutput?(String(decoding: output, as: UTF8.self))
    }

    func text(_ stream: ProcessStream) -> String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: bytes[stream] ?? [], as: UTF8.self)
    }

    func count(_ stream: ProcessStream) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[stream] ?? 0
    }
}

@Suite("process runner")
struct ProcessRunnerTests {
    let runner = ProcessRunner()
    let folder = TemporaryDirectory("slipway-process")

    func shell(_ script: String, timeout: Double? = nil, environment extra: [String: String] = [:]) -> ProcessRequest {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        var request = ProcessRequest(
            arguments: ["/bin/sh", "-c", script], workingDirectory: folder.path, environment: environment,
            timeout: timeout)
        request.killGracePeriod = 2
        return request
    }

    @Test("a successful command reports exit code 0 and its output, stdout and stderr apart")
    func success() throws {
        let observer = RecordingObserver()
        let outcome = try runner.run(shell("echo out; echo err >&2; pwd"), observer: observer)
        #expect(outcome.succeeded)
        #expect(outcome.termination == .exited(0))
        #expect(
            observer.text(.standardOutput) == "out\n\(realPath(folder.url.path))\n"
                || observer.text(.standardOutput) == "out\n\(folder.path)\n")
        #expect(observer.text(.standardError) == "err\n")
    }

    @Test("a child gets standard input, output and error and no other descriptor of Slipway's, on every platform")
    func noInheritedDescriptors() throws {
        // Opened without close-on-exec, as a descriptor inherited from git or make would be.
        let descriptor = open("/dev/null", O_RDONLY)
        #expect(descriptor > 2)
        defer { close(descriptor) }
        let observer = RecordingObserver()
        let outcome = try runner.run(
            shell("if [ -e /dev/fd/\(descriptor) ]; then echo open; else echo closed; fi"), observer: observer)
        #expect(outcome.succeeded)
        #expect(observer.text(.standardOutput) == "closed\n")
    }

    @Test("a detached start returns at once with output appended to a log; an attached run reports how it ended")
    func detachedAndAttached() throws {
        let log = folder.url.appendingPathComponent("detached.log")
        try Data("before\n".utf8).write(to: log)
        let gate = folder.url.appendingPathComponent("gate")
        var environment = ProcessInfo.processInfo.environment
        environment["GATE"] = gate.path
        // The child ends only once the test opens the gate, which it does after startDetached returns: had
        // startDetached waited for the child, the child would give up a minute later and say so in the log.
        let script = """
            read -r line || echo no-input; echo out; echo err >&2
            i=0; while [ ! -e "$GATE" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
            if [ -e "$GATE" ]; then echo done; else echo gave-up; fi
            """
        let pid = try runner.startDetached(
            ["/bin/sh", "-c", script], appendingOutputTo: log.path,
            environment: environment)
        #expect(FileManager.default.createFile(atPath: gate.path, contents: Data()))
        var status: Int32 = 0
        #expect(waitpid(pid, &status, 0) == pid)
        #expect(status == 0)
        #expect(try String(contentsOf: log, encoding: .utf8) == "before\nno-input\nout\nerr\ndone\n")

        #expect(try runner.runAttached(["/bin/sh", "-c", "exit 4"], environment: environment) == .exited(4))
        #expect(
            try runner.runAttached(["/bin/sh", "-c", "kill -TERM $$"], environment: environment) == .signaled(SIGTERM))
        #expect(throws: ProcessLaunchError.self) {
            try runner.runAttached(["no-such-program-here"], environment: ["PATH": "/nonexistent"])
        }
    }

    @Test("a failing command reports its exit code, and the failure message quotes the command and the tail of stderr")
    func failure() throws {
        let request = shell("echo 'first problem' >&2; echo 'it broke' >&2; exit 3")
        let outcome = try runner.run(request, observer: nil)
        #expect(outcome.termination == .exited(3))
        #expect(outcome.exitCode == 3)
        #expect(!outcome.succeeded)
        #expect(outcome.standardErrorTail == "first problem\nit broke")
        let message = ProcessFailure(arguments: request.arguments, outcome: outcome).message
        #expect(
            message.hasPrefix(
                "/bin/sh -c 'echo '\\''first problem'\\'' >&2; echo '\\''it broke'\\'' >&2; exit 3' exited with code 3")
        )
        #expect(message.contains("  | it broke"))
    }

    @Test("a command killed by a signal reports the signal")
    func signal() throws {
        let outcome = try runner.run(shell("kill -USR1 $$; sleep 5"), observer: nil)
        #expect(outcome.termination == .signaled(SIGUSR1))
        #expect(outcome.stop == nil)
        #expect(ProcessFailure.describe(outcome) == "was killed by SIGUSR1 (signal \(SIGUSR1))")
    }

    // Timing: a loaded two-core machine can take a second to start a shell, so each timeout leaves the script
    // time to get going, and no bound on elapsed time is tighter than ten times what the test should take.

    @Test("a timeout stops the whole process group, grandchildren included")
    func timeoutKillsGroup() throws {
        let pidFile = folder.url.appendingPathComponent("grandchild.pid")
        let late = folder.url.appendingPathComponent("late")
        let started = Date()
        // Left alone, the shell would write `late` after a minute and exit 0.
        let script = "sleep 300 & echo $! > grandchild.pid; sleep 60; echo late > late"
        let outcome = try runner.run(shell(script, timeout: 3), observer: nil)
        #expect(outcome.stop == .timedOut)
        #expect(outcome.termination == .signaled(SIGTERM))
        #expect(!FileManager.default.fileExists(atPath: late.path), "the shell ran to its end")
        #expect(Date().timeIntervalSince(started) < 50)
        let grandchild = try #require(readPid(pidFile))
        #expect(!isProcessRunning(grandchild))
        #expect(ProcessFailure.describe(outcome, timeout: 3) == "timed out after 3.00 s (stopped with SIGTERM)")
    }

    @Test("a child kept in Slipway's process group shares it, and a timeout stops the child alone")
    func sharedProcessGroup() throws {
        var request = shell("ps -o pgid= -p $$; exec sleep 300", timeout: 0.5)
        request.newProcessGroup = false
        let observer = RecordingObserver()
        let outcome = try runner.run(request, observer: observer)
        #expect(Int32(observer.text(.standardOutput).trimmingCharacters(in: .whitespacesAndNewlines)) == getpgrp())
        #expect(outcome.stop == .timedOut)
        #expect(outcome.termination == .signaled(SIGTERM))
    }

    @Test("a group that ignores SIGTERM is killed with SIGKILL after the grace period")
    func killAfterGrace() throws {
        // The trap must be set before the timeout, or SIGTERM alone would end the shell.
        var request = shell("trap '' TERM; sleep 300 & echo $! > stubborn.pid; while :; do sleep 1; done", timeout: 3)
        request.killGracePeriod = 1
        let started = Date()
        let outcome = try runner.run(request, observer: nil)
        #expect(outcome.stop == .timedOut)
        #expect(outcome.termination == .signaled(SIGKILL))
        #expect(Date().timeIntervalSince(started) < 60)
        let stubborn = try #require(readPid(folder.url.appendingPathComponent("stubborn.pid")))
        #expect(!isProcessRunning(stubborn))
    }

    @Test("cancellation stops the running command's group and records the signal that asked for it")
    func cancellation() throws {
        let cancellation = CancellationSignal()
        var request = shell("echo ready; sleep 300 & wait")
        request.cancellation = cancellation
        let observer = RecordingObserver()
        observer.onOutput = { text in if text.contains("ready") { cancellation.cancel(signal: SIGINT) } }
        let started = Date()
        let outcome = try runner.run(request, observer: observer)
        #expect(outcome.stop == .cancelled(SIGINT))
        #expect(outcome.termination == .signaled(SIGTERM))
        #expect(cancellation.isCancelled)
        #expect(cancellation.signal == SIGINT)
        // Left alone, the command would run for five minutes.
        #expect(Date().timeIntervalSince(started) < 60)
    }

    @Test("output arrives while the command is still running")
    func streaming() throws {
        // The command only finishes after the test has seen its first line: without streaming it would time out.
        let gate = folder.url.appendingPathComponent("go")
        let observer = RecordingObserver()
        observer.onOutput = { text in
            if text.contains("first") { _ = FileManager.default.createFile(atPath: gate.path, contents: Data()) }
        }
        let outcome = try runner.run(
            shell("echo first; while [ ! -f go ]; do sleep 0.01; done; echo second", timeout: 30), observer: observer)
        #expect(outcome.stop == nil)
        #expect(outcome.succeeded)
        #expect(observer.text(.standardOutput) == "first\nsecond\n")
    }

    @Test("tens of megabytes on both streams at once pass through without deadlock, and all reach the log")
    func hugeOutput() throws {
        let observer = RecordingObserver()
        observer.countOnly = true
        var request = shell("head -c 30000000 /dev/zero >&2 & head -c 40000000 /dev/zero; wait", timeout: 120)
        let logPath = folder.url.appendingPathComponent("huge.log").path
        request.log = try LogFile(path: logPath)
        let outcome = try runner.run(request, observer: observer)
        request.log = nil
        #expect(outcome.succeeded)
        #expect(observer.count(.standardOutput) == 40_000_000)
        #expect(observer.count(.standardError) == 30_000_000)
        let size = try FileManager.default.attributesOfItem(atPath: logPath)[.size] as? Int
        #expect(size == 70_000_000)
    }

    @Test("environment values with shell metacharacters arrive intact and are never executed")
    func environmentIsData() throws {
        let evil = #"$(touch pwned) `touch pwned2`; touch pwned3 && echo "quoted" 'single' \ end"#
        let observer = RecordingObserver()
        let outcome = try runner.run(shell(#"printf '%s' "$EVIL""#, environment: ["EVIL": evil]), observer: observer)
        #expect(outcome.succeeded)
        #expect(observer.text(.standardOutput) == evil)
        for name in ["pwned", "pwned2", "pwned3"] {
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(name).path))
        }
    }

    @Test("a program is looked up in the child's PATH; a missing one is a launch error")
    func lookup() throws {
        let observer = RecordingObserver()
        let outcome = try runner.run(
            ProcessRequest(arguments: ["echo", "found"], environment: ["PATH": "/usr/bin:/bin"]), observer: observer)
        #expect(outcome.succeeded)
        #expect(observer.text(.standardOutput) == "found\n")
        let error = #expect(throws: ProcessLaunchError.self) {
            try runner.run(
                ProcessRequest(arguments: ["no-such-program-slipway", "x"], environment: ["PATH": "/nowhere"]),
                observer: nil)
        }
        #expect(error?.notFound == true)
        #expect(error?.message == "cannot run no-such-program-slipway x: command not found: no-such-program-slipway")
    }

    @Test("a background process that keeps the pipes open does not hold the command up for long")
    func backgroundHoldsPipes() throws {
        let observer = RecordingObserver()
        let started = Date()
        // The background sleep holds both pipes for five minutes; the runner reads on for its drain period only.
        let outcome = try runner.run(shell("sleep 300 & echo $! > holder.pid; echo done"), observer: observer)
        let holder = try #require(readPid(folder.url.appendingPathComponent("holder.pid")))
        defer { kill(holder, SIGKILL) }
        #expect(outcome.succeeded)
        #expect(observer.text(.standardOutput) == "done\n")
        // The run ended while the pipes were still held, not because the holder went away.
        #expect(isProcessRunning(holder))
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test("shell quoting leaves plain words alone and single-quotes the rest")
    func quoting() {
        #expect(
            Shell.quote(["xcodebuild", "-scheme", "My App", "-destination", "generic/platform=iOS Simulator", ""])
                == "xcodebuild -scheme 'My App' -destination 'generic/platform=iOS Simulator' ''")
        #expect(Shell.quote("it's") == #"'it'\''s'"#)
        #expect(Shell.quote("a/b-c_d.e:f=g,h@i%j+k") == "a/b-c_d.e:f=g,h@i%j+k")
        #expect(Shell.quote("$(x)") == "'$(x)'")
    }
}
