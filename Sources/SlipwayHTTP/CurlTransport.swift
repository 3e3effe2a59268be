import Foundation
import SlipwayCore

/// HTTP through the `curl` program (see `SystemTransport` for why not URLSession).
///
/// Secrets never reach argv or the disk: the headers (the token among them) go to curl through a pipe on its
/// standard input (`-H @-`); the body goes to a file in a private temporary folder (0700, removed after each
/// request) that curl reads with `--data-binary @file`; argv holds only the method, the URL and those paths. `-q`
/// ignores `~/.curlrc`, `-g` keeps `[` `]` literal.
///
/// Every request is bounded: `connectTimeout` seconds to connect, `timeout` seconds in all (a server that never
/// answers, or drips a byte a second, ends there), and a response body of at most `maximumResponseBytes`.
public struct CurlTransport: HTTPTransport {
    let runner: any ProcessRunning
    let environment: [String: String]
    public var timeout: Double
    public var connectTimeout: Double
    public var maximumResponseBytes: Int

    /// Seconds a request may take in all, unless `SLIPWAY_HTTP_TIMEOUT` says otherwise: suits CI.
    public static let defaultTimeout = 120.0
    public static let defaultConnectTimeout = 30.0
    /// App Store Connect's largest pages are a few MB (GitHub's answers far less); `SLIPWAY_HTTP_MAX_BYTES` changes it.
    public static let defaultMaximumResponseBytes = 64 << 20

    public init(
        runner: any ProcessRunning = ProcessRunner(), environment: [String: String], timeout: Double? = nil,
        connectTimeout: Double? = nil,
        maximumResponseBytes: Int? = nil
    ) {
        self.runner = runner
        self.environment = environment
        func seconds(_ name: String) -> Double? {
            environment[name].flatMap(Double.init).flatMap { $0 >= 1 ? $0 : nil }
        }
        self.timeout = timeout ?? seconds("SLIPWAY_HTTP_TIMEOUT") ?? CurlTransport.defaultTimeout
        self.connectTimeout = min(
            connectTimeout ?? seconds("SLIPWAY_HTTP_CONNECT_TIMEOUT") ?? CurlTransport.defaultConnectTimeout,
            self.timeout)
        let largest = environment["SLIPWAY_HTTP_MAX_BYTES"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        self.maximumResponseBytes = maximumResponseBytes ?? largest ?? CurlTransport.defaultMaximumResponseBytes
    }

    /// The command line for a request whose files are in `folder`, as data.
    public static func arguments(
        for request: HTTPRequest, folder: String, timeout: Double,
        connectTimeout: Double = CurlTransport.defaultConnectTimeout,
        maximumResponseBytes: Int = CurlTransport.defaultMaximumResponseBytes
    ) -> [String] {
        var arguments = [
            "curl", "-q", "-s", "-S", "-g", "--proto", "=http,https", "-X", request.method,
            "--connect-timeout", String(Int(max(1, connectTimeout))), "--max-time", String(Int(max(1, timeout))),
            "--max-filesize", String(maximumResponseBytes), "-H", "@-", "-D", "\(folder)/response-headers",
            "-o", "\(folder)/response", "-w", "%{http_code}",
        ]
        if request.body != nil {
            arguments += ["--data-binary", "@\(folder)/body"]
        } else if let file = request.bodyFile {
            // `-T` streams the file (with its Content-Length) instead of reading it into memory first.
            arguments += ["-T", file]
        }
        return arguments + ["--", request.url.absoluteString]
    }

    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        let folder = try PrivateFolder(prefix: "slipway-http")
        defer { folder.remove() }
        // `Expect:` with no value stops curl's `100-continue` round trip before a large body.
        let headerText =
            request.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\n" }.joined() + "Expect:\n"
        if let body = request.body { try folder.write("body", body) }
        let output = OutputCollector()
        var process = ProcessRequest(
            arguments: CurlTransport.arguments(
                for: request, folder: folder.path, timeout: timeout, connectTimeout: connectTimeout,
                maximumResponseBytes: maximumResponseBytes),
            environment: environment, timeout: timeout + 10)
        process.input = Array(headerText.utf8)
        let outcome: ProcessOutcome
        do {
            outcome = try runner.run(process, observer: output)
        } catch {
            throw HTTPError(url: request.origin, reason: "cannot run curl (\(error.reason)); install curl")
        }
        guard outcome.termination == .exited(0), let status = Int(String(decoding: output.bytes, as: UTF8.self)),
            status > 0
        else {
            throw HTTPError(url: request.origin, reason: failure(outcome))
        }
        let body: Data
        do {
            body =
                try BoundedFile.read(folder.path + "/response", limit: maximumResponseBytes).map { Data($0) } ?? Data()
        } catch {
            throw HTTPError(url: request.origin, reason: "the response is \(error.reason)")
        }
        let headerBlock = (try? String(contentsOfFile: folder.path + "/response-headers", encoding: .utf8)) ?? ""
        return HTTPResponse(status: status, headers: CurlTransport.lastHeaders(headerBlock), body: body)
    }

    /// Why curl failed, in words that name the bound it hit.
    private func failure(_ outcome: ProcessOutcome) -> String {
        if outcome.exitCode == 28 || outcome.stop != nil {
            return "no complete answer within \(Int(timeout)) seconds (ship.requestTimeout in .slipway.yml, "
                + "SLIPWAY_HTTP_TIMEOUT or --timeout sets the limit)"
        }
        if outcome.exitCode == 63 { return "the response is larger than the \(maximumResponseBytes)-byte limit" }
        let tail = outcome.standardErrorTail.trimmingCharacters(in: .whitespacesAndNewlines)
        return tail.isEmpty ? "curl failed" : String(tail.firstLine)
    }

    /// The headers of the last response in a `-D` file (which also holds any `100 Continue` or redirect).
    static func lastHeaders(_ text: String) -> [String: String] {
        let blocks = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n")
        let last = blocks.last { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } ?? ""
        var headers: [String: String] = [:]
        for line in last.split(separator: "\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return headers
    }
}
