import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
import Testing

/// The derived stages' inputs as the runner carries them out, with a fake `xcodebuild` (a shell script recording
/// its argv and what it found at the key's path), since Xcode does not exist here.
@Suite("Ship execution")
struct ShipExecutionTests {
    let folder = TemporaryDirectory("slipway-ship")

    /// A fake xcodebuild: records each argument on its own line, the key file's mode and bytes.
    func fakeXcodebuild() throws -> String {
        let path = folder.url.appendingPathComponent("bin/xcodebuild").path
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            printf '%s\\n' "$@" > argv.txt
            while [ $# -gt 0 ]; do
                if [ "$1" = -authenticationKeyPath ]; then
                    echo "$2" > keypath.txt
                    ls -ld "$2" | cut -c2-10 > keymode.txt; ls -ld "$(dirname "$2")" | cut -c2-10 > dirmode.txt
                    cat "$2" > keycopy.txt
                fi
                shift
            done
            cat build/MyApp-ExportOptions.plist > plist-seen.txt

            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    @Test("the key goes to a private file for the run, its path into the argv, and is removed after")
    func keyFile() throws {
        let xcodebuild = try fakeXcodebuild()
        var stage = Stage(
            name: "export",
            command: .programs([[xcodebuild, "-exportArchive", "-authenticationKeyPath", ShipPlan.keyPlaceholder]]))
        stage.files = [StageFile(path: "build/MyApp-ExportOptions.plist", contents: "<plist/>\n")]
        stage.secretFiles = [
            AppStoreConnectKey(keyID: "K1", issuerID: nil).secretFile
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["APP_STORE_CONNECT_API_KEY"] = "PEM TEXT\n"
        let options = StageRunner.Options(
            root: folder.url, logDirectory: folder.url.appendingPathComponent(".slipway/logs"),
            baseEnvironment: environment)
        let reporter = RecordingReporter()
        let report = StageRunner().run(
            [stage], environment: StageEnvironment(root: folder.path, outputDirectory: folder.path), options: options,
            reporter: reporter)
        #expect(report.failed == nil)
        let read = { (name: String) in
            try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
        }
        let keyPath = try read("keypath.txt").trimmingCharacters(in: .newlines)
        #expect(try read("argv.txt") == "-exportArchive\n-authenticationKeyPath\n\(keyPath)\n")
        #expect(keyPath.hasSuffix("/AuthKey_K1.p8"))
        #expect(try read("keymode.txt") == "rw-------\n")
        #expect(try read("dirmode.txt") == "rwx------\n")
        #expect(try read("keycopy.txt") == "PEM TEXT\n")
        #expect(try read("plist-seen.txt") == "<plist/>\n")
        #expect(!FileManager.default.fileExists(atPath: keyPath))
        let log = try read(".slipway/logs/export.log")
        #expect(!log.contains("PEM TEXT"))
        #expect(report.results[0].command.contains(ShipPlan.keyPlaceholder))
    }

    @Test("a key pasted on one line, its breaks written as \\n, reaches the file with real line breaks")
    func keyTextWithEscapedBreaks() throws {
        let xcodebuild = try fakeXcodebuild()
        var stage = Stage(
            name: "export", command: .programs([[xcodebuild, "-authenticationKeyPath", ShipPlan.keyPlaceholder]]))
        stage.files = [StageFile(path: "build/MyApp-ExportOptions.plist", contents: "<plist/>\n")]
        stage.secretFiles = [AppStoreConnectKey(keyID: "K1", issuerID: nil).secretFile]
        var environment = ProcessInfo.processInfo.environment
        environment["APP_STORE_CONNECT_API_KEY"] = "-----BEGIN PRIVATE KEY-----\\nABC\\n-----END PRIVATE KEY-----"
        let options = StageRunner.Options(
            root: folder.url, logDirectory: folder.url.appendingPathComponent(".slipway/logs"),
            baseEnvironment: environment)
        let report = StageRunner().run(
            [stage], environment: StageEnvironment(root: folder.path, outputDirectory: folder.path), options: options,
            reporter: RecordingReporter())
        #expect(report.failed == nil)
        let copy = try String(contentsOf: folder.url.appendingPathComponent("keycopy.txt"), encoding: .utf8)
        #expect(copy == "-----BEGIN PRIVATE KEY-----\nABC\n-----END PRIVATE KEY-----")
    }

    @Test("a stage whose key is not set fails before its program runs, naming the variables")
    func missingKey() throws {
        let xcodebuild = try fakeXcodebuild()
        var stage = Stage(
            name: "archive", command: .programs([[xcodebuild, "-authenticationKeyPath", ShipPlan.keyPlaceholder]]))
        stage.secretFiles = [AppStoreConnectKey(keyID: "K1", issuerID: nil).secretFile]
        let options = StageRunner.Options(
            root: folder.url, logDirectory: folder.url.appendingPathComponent(".slipway/logs"), baseEnvironment: [:])
        let report = StageRunner().run(
            [stage], environment: StageEnvironment(root: folder.path, outputDirectory: folder.path), options: options,
            reporter: RecordingReporter())
        let failed = try #require(report.failed)
        #expect(failed.failureMessage?.contains("APP_STORE_CONNECT_API_KEY_PATH") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("argv.txt").path))
    }
}
