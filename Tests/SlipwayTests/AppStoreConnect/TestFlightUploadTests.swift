import Foundation
import SlipwayAppStoreConnect
import SlipwayCore
import SlipwayCrypto
import SlipwayHTTP
import Testing

/// `slipway testflight upload`: the build-upload API against the local App Store Connect, and altool's command
/// line as data.
@Suite("testflight upload")
struct TestFlightUploadTests {
    let key: TestAPIKey
    let fake: FakeAppStoreConnect
    let folder = TemporaryDirectory()

    init() throws {
        key = try TestAPIKey()
        fake = try FakeAppStoreConnect(key: key)
        fake.with { fake in
            fake.apps = [("1500000001", "com.example.MyApp", "MyApp")]
            fake.groups = [("g1", "1500000001", "Internal Testers"), ("g2", "1500000001", "Friends")]
        }
    }

    /// An `.ipa` as xcodebuild exports one: a zip with `Payload/MyApp.app/Info.plist`, plus some bytes to upload.
    func makeIPA(build: String = "43") throws -> String {
        let app = folder.path + "/stage/Payload/MyApp.app"
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.MyApp</string>
            <key>CFBundleShortVersionString</key><string>1.5.0</string>
            <key>CFBundleVersion</key><string>\(build)</string>
            </dict></plist>
            """
        try plist.write(toFile: app + "/Info.plist", atomically: true, encoding: .utf8)
        try Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(
            to: URL(fileURLWithPath: app + "/MyApp"))
        let ipa = folder.path + "/MyApp.ipa"
        let zipped = try runProcess(
            "/usr/bin/env", ["zip", "-q", "-r", ipa, "Payload"], in: URL(fileURLWithPath: folder.path + "/stage"))
        try #require(zipped.status == 0)
        return ipa
    }

    func slipway(_ arguments: [String]) throws -> ProcessResult {
        var environment = isolatedEnvironment(home: folder.url)
        for (name, value) in key.environment(baseURL: fake.baseURL) { environment[name] = value }
        return try SlipwayBinary.run(arguments, in: folder.url, environment: environment)
    }

    @Test("the API upload: reserve, send each part as told, commit with the checksum, wait, notes, groups")
    func apiUpload() throws {
        let ipa = try makeIPA()
        try "Try the new pinned notes.\n".write(toFile: folder.path + "/notes.txt", atomically: true, encoding: .utf8)
        let result = try slipway([
            "testflight", "upload", ipa, "--wait", "--poll-interval", "1", "--notes-file", "notes.txt",
            "--groups", "Internal Testers,Friends",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Uploaded com.example.MyApp 1.5.0 (43); processed"))
        #expect(result.stderr.contains("build 43: PROCESSING"))
        #expect(fake.with { $0.tokenProblems }.isEmpty)
        let parts = fake.with { $0.uploadedParts }
        #expect(parts.map(\.path) == ["/upload/file-1/part1", "/upload/file-1/part2"])
        #expect(parts.allSatisfy { $0.authorization == nil })
        let file = try Data(contentsOf: URL(fileURLWithPath: ipa))
        #expect(parts.reduce(Data()) { $0 + $1.body } == file)
        #expect(fake.with { $0.committedChecksums } == [try SHA256Hasher.hashFile(at: ipa).hex])
        let notes = fake.with { $0.localizations }
        #expect(notes.count == 1)
        #expect(notes.first?.buildID == "build-new")
        #expect(notes.first?.locale == "en-US")
        #expect(notes.first?.whatsNew == "Try the new pinned notes.\n")
        #expect(fake.with { $0.groupLinks }.map(\.groupIDs) == [["g1", "g2"]])
        let methods = fake.requests.filter { !$0.path.hasPrefix("/upload/") }.map { "\($0.method) \($0.path)" }
        #expect(methods.contains("POST /v1/buildUploads"))
        #expect(methods.contains("POST /v1/buildUploadFiles"))
        #expect(methods.contains("PATCH /v1/buildUploadFiles/file-1"))
        #expect(methods.contains("POST /v1/builds/build-new/relationships/betaGroups"))
        #expect(!(result.stdout + result.stderr).contains(key.secretBody.prefix(24)))
    }

    @Test("--wait gives up after --timeout with the state it saw: exit 1, the upload itself reported as done")
    func waitTimesOut() throws {
        fake.with { $0.processingPolls = nil }
        let result = try slipway(["testflight", "upload", try makeIPA(), "--wait", "--timeout", "1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("build 43 is still PROCESSING after 1 s of waiting"))
        #expect(result.stderr.contains("the upload itself succeeded"))
    }

    @Test("an unknown beta group is refused before the upload, naming the app's groups; a missing file exits 2")
    func badInput() throws {
        let result = try slipway(["testflight", "upload", try makeIPA(), "--groups", "Nobody", "--poll-interval", "1"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("the app has no beta group named \"Nobody\""))
        #expect(result.stderr.contains("\"Internal Testers\", \"Friends\""))
        // Refused before a byte was sent.
        #expect(!fake.requests.contains { $0.path == "/v1/buildUploads" })
        let missing = try slipway(["testflight", "upload", "Missing.ipa"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot upload Missing.ipa: No such file or directory"))
    }

    @Test("altool's command line, as data: the key's id and issuer, never its text; the key folder is private")
    func altoolArguments() throws {
        let apiKey = try APIKey(id: key.id, issuer: key.issuer, pem: key.pem, source: "test")
        let artifact = UploadArtifact(
            path: "/tmp/build/MyApp.ipa", platform: .ios, bundleID: "com.example.MyApp", version: "1.5.0",
            buildNumber: "43", size: 1)
        let plan = AltoolUpload.plan(artifact, key: apiKey, keysFolder: "/tmp/keys")
        #expect(
            plan.arguments == [
                "xcrun", "altool", "--upload-app", "-f", "/tmp/build/MyApp.ipa", "-t", "ios", "--apiKey", key.id,
                "--apiIssuer", try #require(key.issuer),
            ])
        #expect(plan.environment == ["API_PRIVATE_KEYS_DIR": "/tmp/keys"])
        var mac = artifact
        mac.platform = .macos
        #expect(AltoolUpload.plan(mac, key: apiKey, keysFolder: "/k").arguments[6] == "macos")

        let runner = KeyFolderProbe(keyID: key.id)
        try AltoolUpload.run(artifact, key: apiKey, runner: runner, environment: ["PATH": "/usr/bin"])
        let seen = try #require(runner.seen)
        #expect(seen.contents == key.pem)
        #expect(seen.fileMode == 0o600)
        #expect(seen.folderMode == 0o700)
        #expect(!FileManager.default.fileExists(atPath: seen.folder))
    }
}

/// A process runner that, instead of running altool, looks at the key folder the upload prepared.
final class KeyFolderProbe: ProcessRunning, @unchecked Sendable {
    let keyID: String
    var seen: (folder: String, contents: String, fileMode: Int, folderMode: Int)?

    init(keyID: String) {
        self.keyID = keyID
    }

    func run(_ request: ProcessRequest, observer: ProcessObserver?) throws(ProcessLaunchError) -> ProcessOutcome {
        if let folder = request.environment["API_PRIVATE_KEYS_DIR"] {
            let file = folder + "/AuthKey_\(keyID).p8"
            let contents = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            let fileMode = ((try? FileManager.default.attributesOfItem(atPath: file))?[.posixPermissions] as? Int) ?? 0
            let folderMode =
                ((try? FileManager.default.attributesOfItem(atPath: folder))?[.posixPermissions] as? Int) ?? 0
            seen = (folder, contents, fileMode, folderMode)
        }
        return ProcessOutcome(termination: .exited(0), duration: 0)
    }
}

/// The Linux transport's command line, as data: the token and body live in private files, never in argv.
@Suite("App Store Connect: the curl transport")
struct CurlTransportTests {
    @Test("argv holds the method, URL and file paths only; the headers, token included, come on standard input")
    func argumentsHoldNoSecrets() throws {
        let url = try #require(URL(string: "https://api.appstoreconnect.apple.com/v1/builds?filter%5Bapp%5D=1"))
        let request = HTTPRequest(
            method: "PATCH", url: url, headers: ["Authorization": "Bearer SECRET.TOKEN.VALUE"], body: Data("{}".utf8))
        let arguments = CurlTransport.arguments(for: request, folder: "/tmp/f", timeout: 60)
        #expect(!arguments.joined(separator: " ").contains("SECRET"))
        #expect(arguments.prefix(3) == ["curl", "-q", "-s"])
        #expect(arguments.contains("-g"))
        #expect(arguments.suffix(2) == ["--", url.absoluteString])
        let header = try #require(arguments.firstIndex(of: "-H"))
        #expect(arguments[header + 1] == "@-")
        let connect = try #require(arguments.firstIndex(of: "--connect-timeout"))
        #expect(arguments[connect + 1] == "30")
        let total = try #require(arguments.firstIndex(of: "--max-time"))
        #expect(arguments[total + 1] == "60")
        #expect(arguments.contains("--max-filesize"))
        let body = try #require(arguments.firstIndex(of: "--data-binary"))
        #expect(arguments[body + 1] == "@/tmp/f/body")
        #expect(arguments[arguments.index(after: try #require(arguments.firstIndex(of: "-X")))] == "PATCH")
    }
}
