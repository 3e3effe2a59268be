import Foundation

/// The built `slipway` executable, run as a user would run it.
enum SlipwayBinary {
    /// Next to the test bundle in SwiftPM's build folder, or `$SLIPWAY_BIN`.
    static let path: String = {
        if let override = ProcessInfo.processInfo.environment["SLIPWAY_BIN"] { return override }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On macOS a runner in the toolchain (xctest, swiftpm-testing-helper) loads the tests' .xctest bundle,
        // which lies in the build folder next to slipway.
        let loaded = Bundle(for: TemporaryDirectory.self).bundleURL.deletingLastPathComponent()
        let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/slipway")
        let candidates = [
            bundle.appendingPathComponent("slipway"),
            bundle.deletingLastPathComponent().appendingPathComponent("slipway"),
            loaded.appendingPathComponent("slipway"),
            fromSource,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }?.path ?? fromSource.path
    }()

    /// Runs `slipway <arguments>` in `directory` with the test's isolated environment.
    static func run(_ arguments: [String], in directory: URL, environment: [String: String], input: String? = nil)
        throws -> ProcessResult
    {
        try runProcess(path, arguments, in: directory, environment: environment, input: input)
    }
}

extension TestRepository {
    /// Runs slipway in this repository (or a folder inside it).
    func slipway(_ arguments: String..., in subfolder: String? = nil, extraEnvironment: [String: String] = [:]) throws
        -> ProcessResult
    {
        var env = environment
        for (key, value) in extraEnvironment { env[key] = value }
        let directory = subfolder.map { url.appendingPathComponent($0) } ?? url
        return try SlipwayBinary.run(arguments, in: directory, environment: env)
    }

    func slipway(arguments: [String], in subfolder: String? = nil, extraEnvironment: [String: String] = [:]) throws
        -> ProcessResult
    {
        var env = environment
        for (key, value) in extraEnvironment { env[key] = value }
        let directory = subfolder.map { url.appendingPathComponent($0) } ?? url
        return try SlipwayBinary.run(arguments, in: directory, environment: env)
    }

    /// Parses `slipway detect --json` output.
    func detectJSON(_ arguments: String...) throws -> [String: Any] {
        let result = try slipway(arguments: ["detect", "--json"] + arguments)
        guard result.status == 0 else { throw TestFailure("detect failed \(result.status): \(result.stderr)") }
        guard let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            throw TestFailure("not a JSON object: \(result.stdout)")
        }
        return object
    }
}
