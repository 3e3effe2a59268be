import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `slipway testflight latest-build` and `bump --build testflight`, the built binary against a local App Store
/// Connect that checks every token.
@Suite("testflight latest-build: the built binary against a local App Store Connect")
struct TestFlightCommandTests {
    let key: TestAPIKey
    let fake: FakeAppStoreConnect
    let folder = TemporaryDirectory()

    init() throws {
        key = try TestAPIKey()
        fake = try FakeAppStoreConnect(key: key)
        fake.with { fake in
            fake.apps = [("1500000001", "com.example.MyApp", "MyApp"), ("1500000002", "com.example.MyApp.Pro", "Pro")]
            fake.builds = [
                .init(id: "b1", appID: "1500000001", number: "9", version: "1.4.1", state: "VALID"),
                .init(id: "b2", appID: "1500000001", number: "10", version: "1.4.2", state: "VALID"),
                .init(id: "b3", appID: "1500000001", number: "12", version: "1.4.2", state: "FAILED"),
                .init(id: "b4", appID: "1500000001", number: "11", version: "1.4.2", state: "PROCESSING"),
                .init(id: "b5", appID: "1500000002", number: "99", version: "1.0", state: "VALID"),
            ]
            fake.pageSize = 2
        }
    }

    func slipway(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ProcessResult {
        var environment = isolatedEnvironment(home: folder.url)
        for (name, value) in key.environment(baseURL: fake.baseURL) { environment[name] = value }
        for (name, value) in extra { environment[name] = value }
        return try SlipwayBinary.run(arguments, in: folder.url, environment: environment)
    }

    /// Neither the key nor any token the server saw appears in what Slipway printed.
    func expectNoSecrets(_ result: ProcessResult) {
        let output = result.stdout + result.stderr
        #expect(!output.contains(key.secretBody.prefix(24)))
        for token in fake.with({ $0.tokens }) {
            #expect(!output.contains(token.split(separator: ".").last.map(String.init) ?? token))
        }
    }

    @Test("the highest build number, compared as numbers across pages, failed processing included")
    func highestAcrossPages() throws {
        let result = try slipway(["testflight", "latest-build", "--bundle-id", "com.example.MyApp"])
        #expect(result.status == 0)
        #expect(result.stdout == "12\n")
        #expect(fake.with { $0.tokenProblems }.isEmpty)
        let requests = fake.requests
        let apps = try #require(requests.first)
        #expect(apps.path == "/v1/apps")
        #expect(apps.query["filter[bundleId]"] == "com.example.MyApp")
        let builds = requests.filter { $0.path == "/v1/builds" }
        // Four builds at two a page: the first request and one `links.next` page.
        #expect(builds.count == 2)
        #expect(builds[0].query["filter[app]"] == "1500000001")
        #expect(builds[0].query["sort"] == "-version")
        #expect(builds[0].query["filter[processingState]"] == "PROCESSING,FAILED,INVALID,VALID")
        #expect(builds[1].query["cursor"] == "2")
        expectNoSecrets(result)
    }

    @Test("--version narrows to one marketing version; --json reports the build and its state")
    func versionAndJSON() throws {
        let result = try slipway([
            "testflight", "latest-build", "--bundle-id", "com.example.MyApp", "--version", "1.4.1", "--json",
        ])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["build"] as? String == "9")
        #expect(json["processingState"] as? String == "VALID")
        #expect(json["appId"] as? String == "1500000001")
        #expect(json["buildCount"] as? Int == 1)
        #expect(fake.requests.last?.query["filter[preReleaseVersion.version]"] == "1.4.1")
    }

    @Test("429 and 503 are retried with a new answer; each try carries a valid token")
    func retries() throws {
        fake.with { fake in
            fake.queued = [
                FakeAppStoreConnect.error(
                    429, "RATE_LIMIT_EXCEEDED", "Rate limit", "The request rate limit has been reached."),
                FakeAppStoreConnect.error(503, "SERVICE_UNAVAILABLE", "Unavailable", "Try again later."),
            ]
        }
        let result = try slipway(["testflight", "latest-build", "--bundle-id", "com.example.MyApp"])
        #expect(result.status == 0)
        #expect(result.stdout == "12\n")
        #expect(fake.requests.filter { $0.path == "/v1/apps" }.count == 3)
        #expect(fake.with { $0.tokenProblems }.isEmpty)
    }

    @Test("a 401 exits 2 with Apple's detail and what to check, and prints neither key nor token")
    func unauthorized() throws {
        fake.with { fake in
            fake.queued = [
                FakeAppStoreConnect.error(
                    401, "NOT_AUTHORIZED", "Authentication credentials are missing or invalid.",
                    "Provide a properly configured and signed bearer token, and make sure that it has not expired.")
            ]
        }
        let result = try slipway(["testflight", "latest-build", "--bundle-id", "com.example.MyApp"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("App Store Connect rejected the API key (401): Provide a properly configured"))
        #expect(result.stderr.contains("hint: check APP_STORE_CONNECT_API_KEY_ID"))
        #expect(result.stdout.isEmpty)
        expectNoSecrets(result)
    }

    @Test("a token signed by another key is rejected by the server, and the error says so")
    func wrongKey() throws {
        let other = try TestAPIKey()
        let result = try slipway(
            ["testflight", "latest-build", "--bundle-id", "com.example.MyApp"],
            environment: ["APP_STORE_CONNECT_API_KEY_PATH": other.p8Path])
        #expect(result.status == 2)
        #expect(fake.with { $0.tokenProblems } == ["bad signature"])
        #expect(!(result.stdout + result.stderr).contains(other.secretBody.prefix(24)))
    }

    @Test("an unknown bundle id (only a longer one matches the filter) exits 2 naming it")
    func unknownBundleID() throws {
        let result = try slipway(["testflight", "latest-build", "--bundle-id", "com.example"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("App Store Connect has no app with bundle id com.example for this API key"))
        #expect(result.stderr.contains("--bundle-id"))
    }

    @Test("a malformed .p8 exits 2 naming the file, never its text")
    func malformedKey() throws {
        let path = folder.path + "/AuthKey_X.p8"
        try "-----BEGIN PRIVATE KEY-----\nU0VDUkVUU0VDUkVUU0VDUkVU\n-----END PRIVATE KEY-----\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try slipway(
            ["testflight", "latest-build", "--bundle-id", "com.example.MyApp"],
            environment: ["APP_STORE_CONNECT_API_KEY_PATH": path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(path))
        #expect(result.stderr.contains("is not a usable private key"))
        #expect(!result.stderr.contains("U0VDUkVU"))
        #expect(fake.requests.isEmpty)
    }

    @Test("a key or notes path naming a FIFO or /dev/zero is refused at once, before any request")
    func keyThatIsNotAFile() throws {
        let fifo = folder.path + "/AuthKey_FIFO.p8"
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [fifo, "/dev/zero"] {
            let started = Date()
            let result = try slipway(
                ["testflight", "latest-build", "--bundle-id", "com.example.MyApp"],
                environment: ["APP_STORE_CONNECT_API_KEY_PATH": path])
            #expect(Date().timeIntervalSince(started) < 30, "\(path)")
            #expect(result.status == 2, "\(path): \(result.stderr)")
            #expect(result.stderr.contains("not a regular file"), "\(path): \(result.stderr)")
        }
        let notes = try slipway(["testflight", "upload", folder.path + "/App.ipa", "--notes-file", fifo])
        #expect(notes.status != 0, "\(notes.stderr)")
        #expect(notes.stderr.contains("cannot read the notes file"), "\(notes.stderr)")
        #expect(notes.stderr.contains("not a regular file (a FIFO)"), "\(notes.stderr)")
        #expect(fake.requests.isEmpty)
    }

    @Test("no key configured, and a server that is not there: exit 2, then exit 1, each saying what to check")
    func missingKeyAndNetwork() throws {
        var environment = isolatedEnvironment(home: folder.url)
        environment["SLIPWAY_ASC_API_URL"] = fake.baseURL
        let missing = try SlipwayBinary.run(
            ["testflight", "latest-build", "--bundle-id", "com.example.MyApp"], in: folder.url, environment: environment
        )
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("APP_STORE_CONNECT_API_KEY_ID is not set"))
        let closed = try LocalHTTPServer { _ in .init(status: 200) }
        let url = closed.baseURL
        closed.stop()
        let result = try slipway(
            ["testflight", "latest-build", "--bundle-id", "com.example.MyApp"],
            environment: ["SLIPWAY_ASC_API_URL": url])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot reach App Store Connect at \(url)"))
        #expect(result.stderr.contains("hint: check the network connection"))
    }

    @Test("bump --build testflight writes App Store Connect's highest + 1")
    func bumpFromTestFlight() throws {
        try "name: MyApp\nsettings:\n  base:\n    MARKETING_VERSION: 1.4.2\n    CURRENT_PROJECT_VERSION: 7\n"
            .write(toFile: folder.path + "/project.yml", atomically: true, encoding: .utf8)
        let refused = try slipway(["bump", "--build", "testflight"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--bundle-id"))
        let result = try slipway(["bump", "--build", "testflight", "--bundle-id", "com.example.MyApp"])
        #expect(result.status == 0)
        let spec = try String(contentsOfFile: folder.path + "/project.yml", encoding: .utf8)
        #expect(spec.contains("CURRENT_PROJECT_VERSION: 13\n"))
        #expect(spec.contains("MARKETING_VERSION: 1.4.2\n"))
        let usage = try slipway(["bump", "--build", "testflite"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("or 'testflight'"))
    }

    @Test("without --bundle-id, the one app the spec ships is asked about; two apps need the flag")
    func bundleIDFromTheSpec() throws {
        let app = "  MyApp:\n    type: application\n    platform: iOS\n"
        let watch = "  MyAppWatch:\n    type: application\n    platform: watchOS\n"
        let spec =
            "name: MyApp\noptions:\n  bundleIdPrefix: com.example\nsettings:\n  base:\n"
            + "    MARKETING_VERSION: 1.4.2\n    CURRENT_PROJECT_VERSION: 7\ntargets:\n"
        try (spec + app + "    dependencies:\n      - target: MyAppWatch\n" + watch)
            .write(toFile: folder.path + "/project.yml", atomically: true, encoding: .utf8)
        let latest = try slipway(["testflight", "latest-build"])
        #expect(latest.status == 0, "\(latest.stderr)")
        #expect(latest.stdout == "12\n")
        #expect(fake.requests.first?.query["filter[bundleId]"] == "com.example.MyApp")
        let bump = try slipway(["bump", "--build", "testflight"])
        #expect(bump.status == 0, "\(bump.stderr)")
        #expect(try String(contentsOfFile: folder.path + "/project.yml", encoding: .utf8).contains("VERSION: 13\n"))

        // Two apps that ship on their own (the watch app no longer embedded): the flag names which.
        try (spec + app + watch).write(toFile: folder.path + "/project.yml", atomically: true, encoding: .utf8)
        let ambiguous = try slipway(["testflight", "latest-build"])
        #expect(ambiguous.status == 2)
        #expect(
            ambiguous.stderr.contains("ships 2 apps: MyApp (com.example.MyApp), MyAppWatch (com.example.MyAppWatch)"))
        #expect(ambiguous.stderr.contains("add --bundle-id <id>"))
    }
}
