import Foundation
import Testing

/// What the built binary does when its standard output cannot be written: a full disk is an error, a reader that
/// went away (`| head -1`) is a quiet end by SIGPIPE, as for git and coreutils.
@Suite("standard output failures")
struct OutputFailureTests {
    let home = TemporaryDirectory("slipway-home")

    /// How a run with standard output sent to `output` ended, and what it wrote to standard error.
    struct Ending {
        var reason: Process.TerminationReason
        var status: Int32
        var stderr: String
    }

    func run(
        _ arguments: [String], in directory: URL, environment: [String: String],
        output: FileHandle
    ) throws -> Ending {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SlipwayBinary.path)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        try output.close()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Ending(
            reason: process.terminationReason, status: process.terminationStatus,
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The write end of a pipe whose read end is already closed: the first write fails with EPIPE.
    func pipeWithoutReader() throws -> FileHandle {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        return pipe.fileHandleForWriting
    }

    static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")

    @Test("--help to a full disk: exit 1 and the write error on stderr", .enabled(if: hasDevFull))
    func helpToFullDisk() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let ending = try run(["--help"], in: home.url, environment: isolatedEnvironment(home: home.url), output: full)
        #expect(ending.reason == .exit)
        #expect(ending.status == 1)
        #expect(ending.stderr == "Error: cannot write to standard output: No space left on device\n")
    }

    @Test("version --json to a full disk: exit 1 and the write error on stderr", .enabled(if: hasDevFull))
    func versionJSONToFullDisk() throws {
        let fixture = try SpecFixture("anchors")
        #expect(try fixture.slipway(["version", "--json"]).status == 0)
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let ending = try run(
            ["version", "--json"], in: fixture.url,
            environment: isolatedEnvironment(home: fixture.home.url), output: full)
        #expect(ending.reason == .exit)
        #expect(ending.status == 1)
        #expect(ending.stderr.contains("Error: cannot write to standard output: No space left on device"))
    }

    @Test("--help to a pipe nobody reads: ends by SIGPIPE (141 in a shell) and says nothing")
    func helpToClosedPipe() throws {
        let ending = try run(
            ["--help"], in: home.url, environment: isolatedEnvironment(home: home.url),
            output: try pipeWithoutReader())
        #expect(ending.reason == .uncaughtSignal)
        #expect(ending.status == SIGPIPE)
        #expect(ending.stderr.isEmpty)
    }

    @Test("detect --each to a pipe nobody reads: ends by SIGPIPE and says nothing")
    func detectEachToClosedPipe() throws {
        let repo = try TestRepository()
        try repo.touch("iOS/App.swift", "Shared/Model.swift")
        try repo.commit("Initial commit")
        for number in 1...3 {
            try repo.edit("Shared/Model.swift", "// edit \(number)")
            try repo.commit("Change \(number)")
        }
        let ending = try run(
            ["detect", "--each", "HEAD~3..HEAD"], in: repo.url, environment: repo.environment,
            output: try pipeWithoutReader())
        #expect(ending.reason == .uncaughtSignal)
        #expect(ending.status == SIGPIPE)
        #expect(ending.stderr.isEmpty)
    }
}
