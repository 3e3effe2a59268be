import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP exchange, as data: what the client sends and what came back.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
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

/// Sends one request; a protocol so the client's retry and paging logic can be driven by a recording fake.
public protocol HTTPTransport: Sendable {
    /// Throws only when no response arrived (DNS, refused connection, timeout): `ASCError.network`.
    func send(_ request: HTTPRequest) throws -> HTTPResponse
}

/// Foundation's URLSession (FoundationNetworking on Linux), used synchronously: Slipway's commands are sequential.
public struct URLSessionTransport: HTTPTransport {
    /// Seconds without progress before a request fails.
    public var timeout: TimeInterval

    public init(timeout: TimeInterval = 60) {
        self.timeout = timeout
    }

    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        let outcome = Outcome()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: urlRequest) { data, response, error in
            outcome.finish(data: data, response: response as? HTTPURLResponse, error: error)
        }
        task.resume()
        outcome.wait()
        guard let response = outcome.response else {
            throw ASCError.network(
                url: request.origin,
                reason: outcome.error.map { ($0 as NSError).localizedDescription } ?? "no response")
        }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return HTTPResponse(status: response.statusCode, headers: headers, body: outcome.data ?? Data())
    }
}

/// The completion handler's results, handed across threads under a lock.
private final class Outcome: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var storedData: Data?
    private var storedResponse: HTTPURLResponse?
    private var storedError: (any Error)?

    func finish(data: Data?, response: HTTPURLResponse?, error: (any Error)?) {
        lock.lock()
        storedData = data
        storedResponse = response
        storedError = error
        lock.unlock()
        done.signal()
    }

    func wait() { done.wait() }

    var data: Data? { lock.withLock { storedData } }
    var response: HTTPURLResponse? { lock.withLock { storedResponse } }
    var error: (any Error)? { lock.withLock { storedError } }
}
