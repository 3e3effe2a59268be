import Foundation
import SlipwayCore

/// One HTTP exchange, as data: what the client sends and what came back.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?
    /// A file sent as the body, streamed rather than read into memory (a release asset); used when `body` is nil.
    public var bodyFile: String?

    public init(
        method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, bodyFile: String? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
    }

    /// `https://host:port`: where a request goes, without path or query.
    public var origin: String {
        let port = url.port.map { ":\($0)" } ?? ""
        return "\(url.scheme ?? "https")://\(url.host ?? "?")\(port)"
    }

    /// `GET /v1/apps`: how errors name a request (no query, no headers, so no token).
    public var summary: String { "\(method) \(url.path)" }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A header by name, ignoring case.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Sends one request; a protocol so a client's retry and paging logic can be driven by a recording fake.
public protocol HTTPTransport: Sendable {
    /// Throws only when no response arrived (DNS, refused connection, timeout): `HTTPError`.
    func send(_ request: HTTPRequest) throws -> HTTPResponse
}

/// The transport on every platform: the `curl` program (`CurlTransport`), at `/usr/bin/curl` on every Mac.
///
/// Why not URLSession: on Linux, FoundationNetworking is a shared library that links libcurl, and a Swift binary
/// loads every library it links when it starts, whichever command runs. Linked into `slipway`, it made every
/// invocation (each git hook) 7 ms slower (`slipway --version`, debug build: 11.5 → 18.9 ms median of 30), and
/// the statically linked release binary did not link at all without libcurl's development files. One transport
/// also means the code the tests drive against local servers is the code every user runs.
public enum SystemTransport {
    public static func make(runner: any ProcessRunning = ProcessRunner(), environment: [String: String])
        -> any HTTPTransport
    {
        CurlTransport(runner: runner, environment: environment)
    }
}
