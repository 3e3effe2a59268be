import Foundation
import SlipwayCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("ProcessRunner.runBounded: a child writing to a file, waited for at most so long")
struct ProcessRunnerBoundedTests {
    /// A new file in a fresh folder, open for reading and writing (close-on-exec, as Slipway opens its own).
    func outputFile() throws -> (folder: TemporaryDirectory, path: String, descriptor: Int32) {
        let folder = TemporaryDirectory()
        let path = folder.url.appendingPathComponent("output").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw TestFailure("cannot create \(path)") }
        return (folder, path, descriptor)
    }

    @Test("a child that ends in time: its exit status, and both its streams in the file")
    func finished() throws {
        let (folder, path, descriptor) = try outputFile()
        defer { close(descriptor) }
        let run = try ProcessRunner().runBounded(
            ["/bin/sh", "-c", "echo out; echo err >&2; exit 3"], environment: [:], output: descriptor, within: 60)
        #expect(run == .finished(.exited(3)))
        #expect(contents(URL(fileURLWithPath: path)) == "out\nerr\n")
        _ = folder
    }

    @Test("the child holds the pipe as descriptor 3 and nothing else of this process")
    func descriptors() throws {
        let (folder, path, descriptor) = try outputFile()
        defer { close(descriptor) }
        // One of this process's descriptors that is not close-on-exec, as a hook inherits git's.
        let inherited = open("/dev/null", O_RDONLY)
        #expect(inherited > 3)
        defer { close(inherited) }
        let script = "test -p /dev/fd/3 && echo held; test -e /dev/fd/\(inherited) && echo leaked; true"
        let run = try ProcessRunner().runBounded(
            ["/bin/sh", "-c", script], environment: [:], output: descriptor, within: 60)
        #expect(run == .finished(.exited(0)))
        #expect(contents(URL(fileURLWithPath: path)) == "held\n")
        _ = folder
    }

    @Test("a child still running when the time is up is left running")
    func stillRunning() throws {
        let (folder, path, descriptor) = try outputFile()
        defer { close(descriptor) }
        let run = try ProcessRunner().runBounded(
            ["/bin/sh", "-c", "echo started; exec sleep 120"], environment: [:], output: descriptor, within: 0.2)
        guard case .stillRunning(let pid) = run else {
            Issue.record("expected the child to be left running, got \(run)")
            return
        }
        defer {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        #expect(kill(pid, 0) == 0, "the child was stopped")
        try waitUntil("the child's output") { contents(URL(fileURLWithPath: path)) == "started\n" }
        _ = folder
    }
}
