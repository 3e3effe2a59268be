#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The descriptor the signal handler writes to; set before the handler is installed so the handler only reads it.
nonisolated(unsafe) private var trapDescriptor: Int32 = -1

/// Turns SIGINT and SIGTERM into requests on a `CancellationSignal` while a pipeline runs, instead of ending
/// Slipway on the spot, so the running stage's process group can be stopped and recorded as cancelled.
///
/// One trap at a time per process (signal dispositions are process-wide). Children are spawned with default
/// dispositions, so they never inherit the trap.
public final class SignalTrap {
    public static let defaultSignals: [Int32] = [SIGINT, SIGTERM]
    private let signals: [Int32]

    /// Installs the trap; `release()` (or deinit) restores the default dispositions.
    public init(forwardingTo cancellation: CancellationSignal, signals: [Int32] = SignalTrap.defaultSignals) {
        self.signals = signals
        trapDescriptor = cancellation.writeDescriptor
        // A parent may start Slipway with these signals blocked (some test runners and process APIs do); unblock
        // them on this thread, the one that waits for the stages, or the handler would never run.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in signals { sigaddset(&unblock, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for number in signals {
            _ = signal(number) { received in
                // Only async-signal-safe work here: one write of the signal number.
                var byte = UInt8(truncatingIfNeeded: received)
                _ = SystemCall.write(trapDescriptor, &byte, 1)
            }
        }
    }

    deinit { release() }

    public func release() {
        for number in signals { _ = signal(number, SIG_DFL) }
    }
}
