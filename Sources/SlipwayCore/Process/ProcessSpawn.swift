import CSpawn
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `posix_spawn` call: the single place Slipway starts a program, whether it streams a stage's output
/// (`ProcessRunner.run`), starts hook work in the background, or hands the terminal to `git push`.
struct ProcessSpawn {
    /// Where one of the child's standard streams goes.
    enum Stream {
        /// This process's own descriptor, shared.
        case inherit
        /// `/dev/null`.
        case null
        /// A descriptor of this process (a pipe's write end), duplicated onto the stream.
        case descriptor(Int32)
        /// A file opened for appending (created when missing).
        case appending(String)
        /// Standard error only: wherever standard output goes.
        case standardOutput
    }

    var arguments: [String]
    var environment: [String: String]
    var workingDirectory: String?
    var standardInput: Stream = .null
    var standardOutput: Stream = .inherit
    var standardError: Stream = .inherit
    /// Starts the child in a process group of its own, so stopping it can signal everything it started.
    var newProcessGroup = false
    /// Closes every descriptor but 0, 1 and 2 in the child. Slipway opens its own descriptors close-on-exec, but a
    /// hook inherits git's, and a background child holding the pipe git reads would keep a GUI client waiting.
    /// (On Darwin every child is started so; see `platformFlags`.)
    var closeOtherDescriptors = false
    /// A descriptor of this process (a pipe's write end) the child holds as its descriptor 3 until it exits, so a
    /// parent polling the read end sees end of file exactly then. Must not be 3 itself (dup2 onto itself would keep
    /// it close-on-exec).
    var heldDescriptor: Int32?

    /// Starts the child; returns its pid.
    func start() throws(ProcessLaunchError) -> pid_t {
        guard let program = arguments.first, !program.isEmpty else {
            throw ProcessLaunchError(arguments: arguments, reason: "the command is empty")
        }
        // posix_spawnp would search this process's PATH; the child's own environment decides.
        let executable = try ExecutableLookup.resolve(program, environment: environment, arguments: arguments)
        var actions = ProcessSpawn.emptyFileActions
        var attributes = ProcessSpawn.emptyAttributes
        guard posix_spawn_file_actions_init(&actions) == 0, posix_spawnattr_init(&attributes) == 0 else {
            throw ProcessLaunchError(
                arguments: arguments, reason: "cannot prepare to start it: \(SystemCall.errorText)")
        }
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        try addStandardStreams(to: &actions)
        if let heldDescriptor {
            try check(posix_spawn_file_actions_adddup2(&actions, heldDescriptor, 3), "dup2")
        }
        try addWorkingDirectory(to: &actions)
        try addClosingOtherDescriptors(to: &actions)
        setSignalsAndFlags(of: &attributes)
        return try spawn(executable, actions: &actions, attributes: &attributes)
    }

    private func check(_ code: Int32, _ what: String) throws(ProcessLaunchError) {
        guard code == 0 else {
            throw ProcessLaunchError(
                arguments: arguments, reason: "cannot prepare to start it (\(what)): \(SystemCall.errorText(code))")
        }
    }

    /// Points the child's descriptors 0, 1 and 2 where `standardInput`, `standardOutput` and `standardError` say.
    private func addStandardStreams(to actions: inout FileActions) throws(ProcessLaunchError) {
        for (descriptor, stream) in [(Int32(0), standardInput), (1, standardOutput), (2, standardError)] {
            switch stream {
            case .inherit:
                try check(ProcessSpawn.addInherit(&actions, descriptor), "inherit")
            case .null:
                try check(
                    posix_spawn_file_actions_addopen(
                        &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0), "open /dev/null")
            case .descriptor(let source):
                try check(posix_spawn_file_actions_adddup2(&actions, source, descriptor), "dup2")
            case .appending(let path):
                try check(
                    posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_APPEND | O_CREAT, 0o644),
                    "open \(path)")
            case .standardOutput:
                try check(posix_spawn_file_actions_adddup2(&actions, 1, descriptor), "dup2")
            }
        }
    }

    private func addWorkingDirectory(to actions: inout FileActions) throws(ProcessLaunchError) {
        guard let workingDirectory else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: workingDirectory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw ProcessLaunchError(
                arguments: arguments, reason: "the working directory \(workingDirectory.cQuotedIfNeeded) does not exist"
            )
        }
        // posix_spawn_file_actions_addchdir_np(3): in Darwin's <spawn.h> from macOS 10.15, glibc's from 2.29.
        try check(posix_spawn_file_actions_addchdir_np(&actions, workingDirectory), "chdir")
    }

    /// Slipway ignores or traps some signals while it runs; the child starts with every default restored.
    private func setSignalsAndFlags(of attributes: inout Attributes) {
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGPIPE, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU] {
            sigaddset(&defaults, number)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)
        if newProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        flags |= ProcessSpawn.platformFlags
        posix_spawnattr_setflags(&attributes, Int16(flags))
    }

    private func spawn(_ executable: String, actions: inout FileActions, attributes: inout Attributes)
        throws(ProcessLaunchError) -> pid_t
    {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw ProcessLaunchError(
                arguments: arguments,
                reason: "cannot start \(executable.cQuotedIfNeeded): \(SystemCall.errorText(status))")
        }
        return pid
    }
}

// MARK: What differs between Linux and Darwin

#if os(Linux)
extension ProcessSpawn {
    // glibc declares both as structs initialised in place.
    fileprivate typealias FileActions = posix_spawn_file_actions_t
    fileprivate typealias Attributes = posix_spawnattr_t
    fileprivate static var emptyFileActions: FileActions { FileActions() }
    fileprivate static var emptyAttributes: Attributes { Attributes() }
    fileprivate static let platformFlags: Int32 = 0

    /// A child keeps every descriptor that is not close-on-exec: nothing to add.
    fileprivate static func addInherit(_ actions: inout FileActions, _ descriptor: Int32) -> Int32 { 0 }

    /// Linux's POSIX spawn has no "close everything else" flag: close what is open now, after the dup2s
    /// `addStandardStreams` and `heldDescriptor` added have copied what the child keeps (0 to 2, and 3 when one is
    /// held). glibc ignores a close that finds the descriptor already closed.
    fileprivate func addClosingOtherDescriptors(to actions: inout FileActions) throws(ProcessLaunchError) {
        guard closeOtherDescriptors else { return }
        for descriptor in ProcessSpawn.openDescriptors() where descriptor > (heldDescriptor == nil ? 2 : 3) {
            try check(posix_spawn_file_actions_addclose(&actions, descriptor), "close")
        }
    }

    /// The descriptors open now. Without `/proc` (a bare chroot) none are listed and none closed: Slipway opens
    /// its own close-on-exec, so only descriptors Slipway inherited would reach the child.
    private static func openDescriptors() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
    }
}
#else
extension ProcessSpawn {
    // Darwin declares both as opaque pointers that the _init functions allocate (posix_spawn(2)).
    fileprivate typealias FileActions = posix_spawn_file_actions_t?
    fileprivate typealias Attributes = posix_spawnattr_t?
    fileprivate static var emptyFileActions: FileActions { nil }
    fileprivate static var emptyAttributes: Attributes { nil }
    /// Every child, whatever `closeOtherDescriptors` says, gets only the descriptors the file actions name
    /// (posix_spawnattr_setflags(3)). Darwin has no pipe2, so a pipe another thread has just made is not yet
    /// close-on-exec; this flag keeps it out of the child all the same.
    fileprivate static let platformFlags = Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)

    /// With POSIX_SPAWN_CLOEXEC_DEFAULT a stream the child shares with this process must be named to stay open;
    /// one this process does not have open (started with it closed) is left out, as posix_spawn would refuse it.
    fileprivate static func addInherit(_ actions: inout FileActions, _ descriptor: Int32) -> Int32 {
        guard fcntl(descriptor, F_GETFD) >= 0 else { return 0 }
        return posix_spawn_file_actions_addinherit_np(&actions, descriptor)
    }

    /// POSIX_SPAWN_CLOEXEC_DEFAULT (`platformFlags`) already closes the rest.
    fileprivate func addClosingOtherDescriptors(to actions: inout FileActions) throws(ProcessLaunchError) {}
}
#endif
