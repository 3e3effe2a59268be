import Foundation
import SlipwayCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `slipway hook post-commit --within <seconds>`, what the installed hook runs: the 5-second promise kept by slipway
/// itself, so a commit pays for no shell timer, no `mktemp` and no extra processes.
///
/// The hook's work runs in a child (`slipway hook post-commit`) writing to a private temporary file. Finished in
/// time, its output is shown once and the file removed; still running, it is left to go on in the background, the
/// file named, and the commit returns. Nothing here or in the child holds git's standard error open afterwards.
extension PostCommitHook {
    public func run(within seconds: Double, environment: [String: String], console: Console) -> ExitStatus {
        // macOS's TMPDIR ends in a slash (`/var/folders/…/T/`).
        var folder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        guard let output = PostCommitHook.temporaryFile(in: folder) else {
            console.err("slipway: post-commit hook skipped: cannot create a temporary file in \(folder)\n")
            return .success
        }
        defer { close(output.descriptor) }
        let arguments = [SlipwayExecutable.path(environment: environment), "hook", "post-commit"]
        do {
            let run = try ProcessRunner().runBounded(
                arguments, environment: environment, output: output.descriptor, within: seconds)
            switch run {
            case .finished:
                // Removed first: the open descriptor still reads it, and nothing is left if showing fails.
                unlink(output.path)
                PostCommitHook.show(output.descriptor, console: console)
            case .stillRunning:
                PostCommitHook.show(output.descriptor, console: console)
                console.err(
                    "slipway: post-commit hook: slipway is still running after \(PostCommitHook.text(seconds)) s; "
                        + "it goes on in the background, writing to \(output.path)\n")
            }
        } catch {
            unlink(output.path)
            console.err("slipway: post-commit hook: \(error.oneLine)\n")
        }
        return .success
    }

    /// A new file only this user can read, `<folder>/slipway-post-commit.XXXXXX`, open for writing (close-on-exec).
    static func temporaryFile(in folder: String) -> (path: String, descriptor: Int32)? {
        var template = Array("\(folder)/slipway-post-commit.XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (path, descriptor)
    }

    /// Copies what the child wrote so far to standard error. The child shares the file's offset, so this reads
    /// by position.
    static func show(_ descriptor: Int32, console: Console) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            buffer.withUnsafeBytes {
                console.passThrough(UnsafeRawBufferPointer(rebasing: $0[0..<count]), toError: true)
            }
            offset += off_t(count)
        }
    }

    /// `5` rather than `5.0`.
    static func text(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
    }
}
