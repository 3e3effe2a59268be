import Foundation
import SlipwayCrypto

/// A test double of App Store Connect on 127.0.0.1: it checks every `/v1` request's token (ES256 signature with
/// the key's public half, `kid`, `iss` or `sub`, `aud`, `iat`, `exp`) and answers with JSON:API bodies shaped as
/// Apple documents them. Upload parts go to `/upload/…` URLs it hands out, which must carry no token.
final class FakeAppStoreConnect: @unchecked Sendable {
    struct Build {
        var id: String
        var appID: String
        var number: String
        var version: String
        var state: String
    }

    let key: TestAPIKey
    let publicKey: ES256PublicKey
    private let lock = NSLock()
    private(set) var server: LocalHTTPServer!

    var apps: [(id: String, bundleID: String, name: String)] = []
    var builds: [Build] = []
    var groups: [(id: String, appID: String, name: String)] = []
    var localizations: [(id: String, buildID: String, locale: String, whatsNew: String)] = []
    var groupLinks: [(buildID: String, groupIDs: [String])] = []
    /// Answers given, in order, before the normal ones (a 429, a 503, a 401).
    var queued: [LocalHTTPServer.Response] = []
    /// The most builds a page holds, whatever `limit` asks, so paging is exercised.
    var pageSize = 200
    /// How many `GET /v1/builds` polls a new upload stays PROCESSING; `nil` forever.
    var processingPolls: Int? = 1
    var tokenProblems: [String] = []
    var tokens: [String] = []
    var uploadedParts: [(path: String, body: Data, authorization: String?)] = []
    var committedChecksums: [String] = []
    var pendingUpload: (appID: String, version: String, number: String, size: Int)?
    var pollsSinceUpload = 0

    init(key: TestAPIKey) throws {
        self.key = key
        publicKey = try ES256PublicKey(pem: try String(contentsOfFile: key.publicKeyPath, encoding: .utf8))
        server = try LocalHTTPServer { [unowned self] request in self.answer(request) }
    }

    var baseURL: String { server.baseURL }
    var requests: [LocalHTTPServer.Request] { server.requests }

    func with<T>(_ body: (FakeAppStoreConnect) -> T) -> T { lock.withLock { body(self) } }

    private func answer(_ request: LocalHTTPServer.Request) -> LocalHTTPServer.Response {
        lock.withLock {
            if request.path.hasPrefix("/upload/") {
                uploadedParts.append((request.path, request.body, request.header("Authorization")))
                return LocalHTTPServer.Response(status: 200)
            }
            if let problem = checkToken(request.header("Authorization")) {
                tokenProblems.append(problem)
                return Self.error(401, "NOT_AUTHORIZED", "Authentication credentials are missing or invalid.",
                    "Provide a properly configured and signed bearer token, and make sure that it has not expired.")
            }
            if !queued.isEmpty { return queued.removeFirst() }
            return route(request)
        }
    }

    static func error(_ status: Int, _ code: String, _ title: String, _ detail: String) -> LocalHTTPServer.Response {
        let body: [String: Any] = [
            "errors": [["id": UUID().uuidString, "status": String(status), "code": code, "title": title, "detail": detail]]
        ]
        return .json(status, json(body))
    }

    static func json(_ object: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
