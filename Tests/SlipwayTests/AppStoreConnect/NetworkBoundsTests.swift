import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `testflight latest-build` against local servers that misbehave: one that never answers, one whose list of builds
/// never ends. Each ends within its bound, non-zero, saying which bound.
@Suite("bounded network: timeouts and the pagination limit")
struct NetworkBoundsTests {
    let key: TestAPIKey
    let folder = TemporaryDirectory()

    init() throws {
        key = try TestAPIKey()
    }

    func slipway(_ server: LocalHTTPServer, _ extra: [String: String] = [:], arguments: [String] = []) throws
        -> ProcessResult
    {
        var environment = isolatedEnvironment(home: folder.url)
        for (name, value) in key.environment(baseURL: server.baseURL) { environment[name] = value }
        for (name, value) in extra { environment[name] = value }
        return try SlipwayBinary.run(
            ["testflight", "latest-build", "--bundle-id", "com.example.MyApp"] + arguments, in: folder.url,
            environment: environment)
    }

    static func app(_ baseURL: String) -> LocalHTTPServer.Response {
        .json(
            200,
            #"{"data":[{"type":"apps","id":"1","attributes":{"bundleId":"com.example.MyApp","name":"MyApp"}}],"#
                + #""links":{"self":"\#(baseURL)/v1/apps"}}"#)
    }

    @Test("a server that does not answer holds a request only until SLIPWAY_HTTP_TIMEOUT")
    func hangingServer() throws {
        let server = try LocalHTTPServer { _ in
            Thread.sleep(forTimeInterval: 6)
            return .json(200, "{}")
        }
        let started = Date()
        let result = try slipway(server, ["SLIPWAY_HTTP_TIMEOUT": "1"])
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(result.status != 0)
        #expect(result.stderr.contains("no complete answer within 1 seconds"), "\(result.stderr)")
        // --timeout says the same on the command line.
        let flagged = try slipway(server, arguments: ["--timeout", "2"])
        #expect(flagged.status != 0)
        #expect(flagged.stderr.contains("no complete answer within 2 seconds"), "\(flagged.stderr)")
    }

    @Test("a server that drips a byte a second is cut at ship.requestTimeout from .slipway.yml")
    func drippingServer() throws {
        let server = try LocalHTTPServer { _ in
            var response = NetworkBoundsTests.app("http://127.0.0.1")
            response.drip = 1
            return response
        }
        try Data("ship:\n  requestTimeout: 2\n  connectTimeout: 1\n".utf8).write(
            to: folder.url.appendingPathComponent(".slipway.yml"))
        let started = Date()
        let result = try slipway(server)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(result.status != 0)
        #expect(result.stderr.contains("no complete answer within 2 seconds"), "\(result.stderr)")
        // The environment still wins over the file.
        let shorter = try slipway(server, ["SLIPWAY_HTTP_TIMEOUT": "1"])
        #expect(shorter.stderr.contains("no complete answer within 1 seconds"), "\(shorter.stderr)")
    }

    @Test("ship.requestTimeout below 1 is refused at its position")
    func timeoutPosition() throws {
        let server = try LocalHTTPServer { _ in .json(200, "{}") }
        try Data("ship:\n  requestTimeout: 0\n".utf8).write(to: folder.url.appendingPathComponent(".slipway.yml"))
        let result = try slipway(server)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains(".slipway.yml:2:19: error: 'ship.requestTimeout' must be at least 1, found 0"),
            "\(result.stderr)")
        #expect(server.requests.isEmpty)
    }

    @Test("a response past the size limit is refused, not read whole")
    func oversizedResponse() throws {
        let server = try LocalHTTPServer { _ in
            LocalHTTPServer.Response(status: 200, body: Data(repeating: UInt8(ascii: "x"), count: 3 << 20))
        }
        let result = try slipway(server, ["SLIPWAY_HTTP_MAX_BYTES": String(1 << 20)])
        #expect(result.status != 0)
        #expect(result.stderr.contains("larger than the 1048576-byte limit"), "\(result.stderr)")
    }

    @Test("a request killed mid-flight leaves no Authorization header on disk")
    func killedRequestLeavesNoSecret() throws {
        let server = try LocalHTTPServer { _ in
            Thread.sleep(forTimeInterval: 6)
            return .json(200, "{}")
        }
        let temporary = TemporaryDirectory()
        var environment = isolatedEnvironment(home: folder.url)
        for (name, value) in key.environment(baseURL: server.baseURL) { environment[name] = value }
        environment["TMPDIR"] = temporary.url.path + "/"
        let running = try RunningProcess(
            SlipwayBinary.path, ["testflight", "latest-build", "--bundle-id", "com.example.MyApp"], in: folder.url,
            environment: environment)
        try waitUntil("the request to reach the server") { !server.requests.isEmpty }
        running.signal(SIGKILL)
        _ = running.waitForExit()
        let files = FileManager.default.enumerator(atPath: temporary.url.path)?.allObjects as? [String] ?? []
        for file in files {
            let data = FileManager.default.contents(atPath: temporary.url.appendingPathComponent(file).path) ?? Data()
            #expect(!String(decoding: data, as: UTF8.self).contains("Authorization"), "\(file)")
            #expect(!String(decoding: data, as: UTF8.self).contains("Bearer"), "\(file)")
        }
    }

    @Test("a list of builds that never ends is an error naming the limit, not a number")
    func endlessPages() throws {
        let box = BaseURL()
        let server = try LocalHTTPServer { request in
            if request.path == "/v1/apps" { return Self.app(box.value) }
            let page = Int(request.query["cursor"] ?? "0") ?? 0
            return .json(
                200,
                #"{"data":[{"type":"builds","id":"b\#(page)","attributes":{"version":"\#(page)","#
                    + #""processingState":"VALID"}}],"links":{"next":"\#(box.value)/v1/builds?cursor=\#(page + 1)"}}"#)
        }
        box.value = server.baseURL
        let result = try slipway(server)
        #expect(result.status != 0, "\(result.stdout)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("goes on past 500 pages"), "\(result.stderr)")
    }
}

/// The server's address, known only once it listens, for the handler that writes it into `links`.
private final class BaseURL: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ""
    var value: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
