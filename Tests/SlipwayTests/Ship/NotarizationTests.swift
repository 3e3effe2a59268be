import Foundation
import SlipwayAppStoreConnect
import SlipwayCore
import Testing

/// notarytool's argv as data, its JSON read from recorded examples (Tests/Fixtures/Notarytool, written in the
/// format Apple documents for `--output-format json` and `notarytool log`), and `slipway notarize` run against a
/// fake `xcrun` that answers as notarytool does.
@Suite("Notarization")
struct NotarizationTests {
    static let fixtures = JSONSchemaCheck.packageRoot.appendingPathComponent("Tests/Fixtures/Notarytool")
    let folder = TemporaryDirectory("slipway-notary")
    let key: TestAPIKey

    init() throws {
        key = try TestAPIKey(id: "K1", issuer: "I-1")
    }

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("submit and log command lines: the key as a file, its id and issuer, wait, JSON")
    func arguments() {
        #expect(
            Notarization.submitArguments(
                file: "build/Relay/Relay.zip", keyPath: "/tmp/k/AuthKey_K1.p8", keyID: "K1", issuer: "I-1")
                == [
                    "xcrun", "notarytool", "submit", "build/Relay/Relay.zip", "--key", "/tmp/k/AuthKey_K1.p8",
                    "--key-id", "K1", "--issuer", "I-1", "--wait", "--output-format", "json",
                ])
        #expect(
            Notarization.logArguments(id: "abc", keyPath: "/k.p8", keyID: "K1", issuer: nil)
                == ["xcrun", "notarytool", "log", "abc", "--key", "/k.p8", "--key-id", "K1"])
    }

    @Test("the submission's id and status from notarytool's JSON; the log's errors first")
    func parsing() throws {
        let accepted = try Notarization.parseSubmission(Self.fixture("submit-accepted.json"))
        #expect(
            accepted
                == .init(id: "7c1e4a52-93d0-4b6f-8a21-5f0e2d9c3b17", status: "Accepted", message: "Processing complete")
        )
        #expect(accepted.isAccepted)
        let invalid = try Notarization.parseSubmission(
            "Conducting pre-submission checks\n" + Self.fixture("submit-invalid.json"))
        #expect(invalid.status == "Invalid" && !invalid.isAccepted)
        let issues = Notarization.parseIssues(try Self.fixture("log-invalid.json"))
        #expect(issues.map(\.severity) == ["error", "warning"])
        #expect(issues.first?.message == "The executable does not have the hardened runtime enabled.")
        #expect(issues.first?.path == "Relay-notarization.zip/Relay.app/Contents/MacOS/Relay")
        #expect(throws: Failure.self) { try Notarization.parseSubmission("Error: HTTP status code: 401\n") }
    }

    /// A fake xcrun: `notarytool submit` prints the named fixture and records the key file's mode and argv;
    /// `notarytool log` prints the log fixture.
    func fakeXcrun(submit: String) throws -> String {
        let bin = folder.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            printf '%s\\n' "$@" >> "\(folder.path)/argv.txt"
            while [ $# -gt 0 ]; do
                if [ "$1" = --key ]; then ls -l "$2" | cut -c2-10 > "\(folder.path)/keymode.txt"; cat "$2" > "\(folder.path)/key.txt"; fi
                shift
            done
            if grep -qx log "\(folder.path)/argv.txt"; then cat "\(Self.fixtures.path)/log-invalid.json"; exit 0; fi
            cat "\(Self.fixtures.path)/\(submit)"

            """
        let path = bin.appendingPathComponent("xcrun").path
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return bin.path
    }

    func run(_ submit: String) throws -> ProcessResult {
        let bin = try fakeXcrun(submit: submit)
        try "zip".write(to: folder.url.appendingPathComponent("Relay.zip"), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["APP_STORE_CONNECT_API_KEY_ID"] = "K1"
        environment["APP_STORE_CONNECT_API_ISSUER_ID"] = "I-1"
        environment["APP_STORE_CONNECT_API_KEY"] = key.pem
        return try SlipwayBinary.run(
            ["notarize", "Relay.zip", "--result", "out/Relay.zip.json"], in: folder.url, environment: environment)
    }

    @Test("accepted: prints the status, writes the result, the key was a private file and is gone")
    func accepted() throws {
        let result = try run("submit-accepted.json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Relay.zip: notarization Accepted (submission 7c1e4a52-93d0-4b6f-8a21-5f0e2d9c3b17)\n")
        let argv = try String(contentsOf: folder.url.appendingPathComponent("argv.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let keyPath = argv[argv.firstIndex(of: "--key")! + 1]
        #expect(
            argv == [
                "notarytool", "submit", "Relay.zip", "--key", keyPath, "--key-id", "K1", "--issuer", "I-1", "--wait",
                "--output-format", "json",
            ])
        #expect(keyPath.hasSuffix("/AuthKey_K1.p8"))
        #expect(!FileManager.default.fileExists(atPath: keyPath))
        let mode = try String(contentsOf: folder.url.appendingPathComponent("keymode.txt"), encoding: .utf8)
        #expect(mode == "rw-------\n")
        let written = try String(contentsOf: folder.url.appendingPathComponent("key.txt"), encoding: .utf8)
        #expect(written.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined() == key.secretBody)
        let record = try JSON.parse(
            String(contentsOf: folder.url.appendingPathComponent("out/Relay.zip.json"), encoding: .utf8))
        #expect(record["status"]?.stringValue == "Accepted")
        #expect(record["id"]?.stringValue == "7c1e4a52-93d0-4b6f-8a21-5f0e2d9c3b17")
        #expect(!result.stdout.contains(key.secretBody) && !result.stderr.contains(key.secretBody))
    }

    @Test("invalid: fetches the log, fails with its errors, and still records the submission")
    func invalid() throws {
        let result = try run("submit-invalid.json")
        #expect(result.status != 0)
        #expect(
            result.stderr.contains(
                "notarization of Relay.zip ended Invalid (submission 0b8f6e3d-2a47-4c91-b5de-81a9c4f27e60)"))
        #expect(
            result.stderr.contains(
                "Relay.app/Contents/MacOS/Relay: The executable does not have the hardened runtime enabled."))
        #expect(result.stderr.contains("xcrun notarytool log 0b8f6e3d-2a47-4c91-b5de-81a9c4f27e60"))
        let argv = try String(contentsOf: folder.url.appendingPathComponent("argv.txt"), encoding: .utf8)
        #expect(argv.contains("log\n0b8f6e3d-2a47-4c91-b5de-81a9c4f27e60\n--key\n"))
        let written = try JSON.parse(
            String(contentsOf: folder.url.appendingPathComponent("out/Relay.zip.json"), encoding: .utf8))
        #expect(written["status"]?.stringValue == "Invalid")
        #expect(!result.stderr.contains(key.secretBody))
    }
}
