import Foundation

/// What a finished subprocess printed and how it ended.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a program from an argv array and waits for it, collecting both output streams.
func runProcess(
    _ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
    input: String? = nil
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    // The throwing write: a child that exits without reading its input is an error here, not a crash (Darwin's
    // `write(_:)` raises an Objective-C exception).
    if let input { try? inPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
    try? inPipe.fileHandleForWriting.close()
    // Read both pipes concurrently so a chatty child never blocks on a full pipe.
    nonisolated(unsafe) var errData = Data()
    let errors = Handoff(err.fileHandleForReading)
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData = errors.value.readDataToEndOfFile()
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus,
        stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// An environment that keeps the host's git configuration out of tests.
func isolatedEnvironment(home: URL, extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for key in environment.keys
    where key.hasPrefix("GIT_") || key.hasPrefix("SLIPWAY_") || key.hasPrefix("GITHUB_")
        || key.hasPrefix("APP_STORE_CONNECT_") || key.lowercased().hasSuffix("_proxy")
    {
        environment.removeValue(forKey: key)
    }
    environment.removeValue(forKey: "CI")
    environment["HOME"] = home.path
    environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["GIT_AUTHOR_NAME"] = "Test Author"
    environment["GIT_AUTHOR_EMAIL"] = "author@example.com"
    environment["GIT_COMMITTER_NAME"] = "Test Committer"
    environment["GIT_COMMITTER_EMAIL"] = "committer@example.com"
    for (key, value) in extra { environment[key] = value }
    return environment
}

/// Hands a Foundation object to the one other thread that uses it. `Pipe` and `FileHandle` are `Sendable` in Linux's
/// Foundation but not declared so in every Apple SDK, where capturing them in a `@Sendable` closure does not compile.
final class Handoff<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
