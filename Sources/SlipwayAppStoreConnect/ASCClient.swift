import Foundation
import SlipwayCore
import SlipwayHTTP

/// App Store Connect's REST API: authenticates every request, retries what may pass on retry, decodes answers
/// and turns error answers into `ASCError` with Apple's `errors[].detail`.
public final class ASCClient: @unchecked Sendable {
    public static let defaultBaseURL = "https://api.appstoreconnect.apple.com"
    /// Overrides the base URL (a proxy, or the local server the tests start).
    public static let baseURLVariable = "SLIPWAY_ASC_API_URL"

    public let baseURL: URL
    let key: APIKey
    let transport: any HTTPTransport
    let clock: any Clock
    /// Waits between attempts and polls; the tests pass one that returns at once.
    let pause: @Sendable (Double) -> Void
    /// Seconds before the first retry; each further one doubles it.
    let retryDelay: Double
    let maximumAttempts = 4
    private var token: AuthToken?

    public init(
        key: APIKey, baseURL: URL, transport: any HTTPTransport,
        clock: any Clock = SystemClock(), retryDelay: Double = 1,
        pause: @escaping @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }
    ) {
        self.key = key
        self.baseURL = baseURL
        self.transport = transport
        self.clock = clock
        self.retryDelay = retryDelay
        self.pause = pause
    }

    /// The base URL `SLIPWAY_ASC_API_URL` names, else Apple's.
    public static func baseURL(environment: [String: String]) throws -> URL {
        let text = environment[baseURLVariable].flatMap { $0.isEmpty ? nil : $0 } ?? defaultBaseURL
        guard let url = URL(string: text.hasSuffix("/") ? String(text.dropLast()) : text), url.host != nil,
            url.scheme == "https" || url.scheme == "http"
        else {
            throw Failure(
                "\(baseURLVariable) is not an http(s) URL: \(text.cQuotedIfNeeded)",
                hint: "set it to a base URL such as \(defaultBaseURL), or unset it")
        }
        return url
    }

    /// Starts a batch of requests: the next one mints a new token, so none is reused across commands' phases.
    public func beginBatch() { token = nil }

    /// The `Authorization` value; a token with less than 5 minutes left is replaced before it is sent.
    func authorization() throws -> String {
        let now = clock.now()
        if let token, token.expiresAt.timeIntervalSince(now) > 5 * 60 { return "Bearer \(token.compact)" }
        let fresh = try AuthToken.make(for: key, now: now)
        token = fresh
        return "Bearer \(fresh.compact)"
    }

    /// `GET path?query`, decoded.
    public func get<T: Decodable>(_ path: String, query: [(String, String)] = [], as type: T.Type) throws -> T {
        try get(url(path, query: query), as: type)
    }

    /// `GET` of an absolute URL Apple gave (a `links.next`), only on the API's own host.
    public func get<T: Decodable>(_ url: URL, as type: T.Type) throws -> T {
        guard url.host == baseURL.host, url.port == baseURL.port, url.scheme == baseURL.scheme else {
            throw ASCError.invalidResponse(
                request: "GET \(url.path)", reason: "a link leads off \(baseURL.host ?? "the API host")")
        }
        return try decode(try perform(HTTPRequest(method: "GET", url: url)), as: type)
    }

    /// `POST`/`PATCH`/`DELETE` with a JSON body; the answer decoded, or `nil` for 204 No Content.
    @discardableResult
    public func send<T: Decodable>(_ method: String, _ path: String, body: JSON?, as type: T.Type) throws -> T? {
        var request = HTTPRequest(method: method, url: try url(path, query: []))
        if let body {
            request.body = Data(body.compact().utf8)
            request.headers["Content-Type"] = "application/json"
        }
        let response = try perform(request)
        if response.status == 204 || response.body.isEmpty { return nil }
        return try decode(response, as: type)
    }

    func url(_ path: String, query: [(String, String)]) throws -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw ASCError.invalidResponse(request: path, reason: "cannot build the URL")
        }
        components.path = components.path + path
        if !query.isEmpty {
            components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
            // `[` and `]` in filter names are sent encoded, as Apple's own examples show.
            components.percentEncodedQuery = components.percentEncodedQuery?
                .replacingOccurrences(of: "[", with: "%5B").replacingOccurrences(of: "]", with: "%5D")
        }
        guard let url = components.url else {
            throw ASCError.invalidResponse(request: path, reason: "cannot build the URL")
        }
        return url
    }

    /// One request through the transport, with no answer reported as App Store Connect's network failure.
    func exchange(_ request: HTTPRequest) throws -> HTTPResponse {
        do {
            return try transport.send(request)
        } catch let error as HTTPError {
            throw ASCError.network(url: error.url, reason: error.reason)
        }
    }

    /// Sends with a token, retrying 429 and 5xx (honouring `Retry-After`) and one network failure, with backoff.
    func perform(_ request: HTTPRequest) throws -> HTTPResponse {
        var attempt = 0
        while true {
            attempt += 1
            var signed = request
            signed.headers["Authorization"] = try authorization()
            signed.headers["Accept"] = "application/json"
            let response: HTTPResponse
            do {
                response = try exchange(signed)
            } catch let error as ASCError {
                guard case .network = error, attempt < 2 else { throw error }
                pause(retryDelay)
                continue
            }
            let retryable = response.status == 429 || (500...599).contains(response.status)
            if retryable, attempt < maximumAttempts {
                let delay = Double(response.header("Retry-After") ?? "").map { min($0, 60) }
                pause(delay ?? retryDelay * Double(1 << (attempt - 1)))
                continue
            }
            guard (200...299).contains(response.status) else { throw error(for: response, request) }
            return response
        }
    }

    func error(for response: HTTPResponse, _ request: HTTPRequest) -> ASCError {
        let detail =
            (try? JSON.decode(JSONAPI.Errors.self, from: response.body))?.text
            ?? "no error document (\(response.body.count) bytes)"
        switch response.status {
        case 401: return .unauthorized(detail: detail)
        case 403: return .forbidden(detail: detail)
        default: return .api(status: response.status, request: request.summary, detail: detail)
        }
    }

    func decode<T: Decodable>(_ response: HTTPResponse, as type: T.Type) throws -> T {
        do {
            return try JSON.decode(type, from: response.body)
        } catch {
            throw ASCError.invalidResponse(
                request: "the request", reason: "the JSON does not have the documented shape")
        }
    }
}
