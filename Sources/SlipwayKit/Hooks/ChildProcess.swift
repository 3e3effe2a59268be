import Foundation
import SlipwayCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts hook work with `posix_spawn`, from argv arrays only.
enum ChildProcess {
    /// Starts `arguments` without waiting for it: standard input from /dev/null, standard output and error appended
    /// to `log`, default signal handling, and no other descriptor of this process (a GUI client reading the
    /// hook's output through a pipe sees it close when the hook returns, not when the background work ends).
    /// The child starts its own session itself (`run-action --detached`), leaving the terminal's.
    static func startDetached(_ arguments: [String], log: URL, environment: [String: String]) throws -> pid_t {
        var actions = try FileActions()
        defer { actions.destroy() }
        try actions.check(posix_spawn_file_actions_addopen(&actions.raw, 0, "/dev/null", O_RDONLY, 0), "open /dev/null")
        try actions.check(posix_spawn_file_actions_addopen(&actions.raw, 1, log.path, O_WRONLY | O_APPEND | O_CREAT, 0o644), "open \(log.path)")
        try actions.check(posix_spawn_file_actions_adddup2(&actions.raw, 1, 2), "dup2")
        #if os(Linux)
        // Linux has no "close everything else" flag in POSIX spawn; close what is open now.
        for descriptor in openDescriptors() where descriptor > 2 {
            try actions.check(posix_spawn_file_actions_addclose(&actions.raw, descriptor), "close")
        }
        #endif
        return try spawn(arguments, actions: &actions, environment: environment, closeOthers: true)
    }

    /// Runs `arguments` with this process's standard input, output and error, and waits for its exit status
    /// (128 + the signal number when a signal ended it).
    static func run(_ arguments: [String], environment: [String: String]) throws -> Int32 {
        var actions = try FileActions()
        defer { actions.destroy() }
        let pid = try spawn(arguments, actions: &actions, environment: environment, closeOthers: false)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure("waiting for \(arguments[0]) failed: \(String(cString: strerror(errno)))") }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    private static func spawn(_ arguments: [String], actions: inout FileActions, environment: [String: String], closeOthers: Bool) throws -> pid_t {
        guard let program = arguments.first else { throw Failure("nothing to run") }
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        guard posix_spawnattr_init(&attributes) == 0 else { throw Failure("posix_spawnattr_init failed") }
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)
        #if canImport(Darwin)
        if closeOthers { flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT) }
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        // posix_spawnp searches PATH for a bare name (git) and takes a path as it is.
        let code = posix_spawnp(&pid, program, &actions.raw, &attributes, argv, envp)
        guard code == 0 else {
            throw Failure("cannot start \(program): \(String(cString: strerror(code)))",
                          hint: program.contains("/") ? nil : "check that \(program) is on PATH")
        }
        return pid
    }

    #if os(Linux)
    private static func openDescriptors() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
    }
    #endif

    /// `posix_spawn_file_actions_t`, whose Swift type differs between Linux (a struct) and Darwin (a pointer).
    struct FileActions {
        #if canImport(Darwin)
        var raw: posix_spawn_file_actions_t? = nil
        #else
        var raw = posix_spawn_file_actions_t()
        #endif

        init() throws {
            guard posix_spawn_file_actions_init(&raw) == 0 else { throw Failure("posix_spawn_file_actions_init failed") }
        }

        mutating func destroy() { posix_spawn_file_actions_destroy(&raw) }

        func check(_ code: Int32, _ what: String) throws {
            guard code == 0 else { throw Failure("cannot prepare the background process (\(what)): \(String(cString: strerror(code)))") }
        }
    }
}
