import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests: POSIX sockets, one connection at a time, `Connection: close`.
/// Each request is parsed (request line, headers, `Content-Length` body), recorded, and answered by `handler`.
final class LocalHTTPServer: @unchecked Sendable {
    struct Request: Sendable {
        var method: String
        var path: String
        var query: [String: String]
        var headers: [String: String]
        var body: Data

        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    struct Response: Sendable {
        var status: Int
        var headers: [String: String] = [:]
        var body: Data = Data()
        /// When set, the response goes out one byte at a time, this many seconds apart (a server that drips).
        var drip: TimeInterval?

        static func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> Response {
            var all = headers
            all["Content-Type"] = "application/json"
            return Response(status: status, headers: all, body: Data(text.utf8))
        }
    }

    let port: UInt16
    private let socket: Int32
    private let handler: @Sendable (Request) -> Response
    private let lock = NSLock()
    private var recorded: [Request] = []
    private var stopped = false
    private var thread: Thread?

    var baseURL: String { "http://127.0.0.1:\(port)" }
    var requests: [Request] { lock.withLock { recorded } }

    init(handler: @escaping @Sendable (Request) -> Response) throws {
        self.handler = handler
        let descriptor = Socket.stream()
        guard descriptor >= 0 else { throw TestFailure("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Socket.inetAddress()
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw TestFailure("bind/listen: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        socket = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        self.thread = thread
        thread.start()
    }

    /// Stops accepting; the accept loop ends when the socket is shut down. Only the first call closes the socket: a
    /// second (`deinit` after `stop()`) would close whatever another test has opened under the same number since.
    func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    deinit { stop() }

    private func serve() {
        while true {
            let client = accept(socket, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            Socket.keepSIGPIPEAway(client)
            handle(client)
            close(client)
        }
    }

    private func handle(_ client: Int32) {
        guard let request = LocalHTTPServer.read(client) else { return }
        lock.withLock { recorded.append(request) }
        let response = handler(request)
        var head = "HTTP/1.1 \(response.status) \(response.status < 400 ? "OK" : "Error")\r\n"
        var headers = response.headers
        headers["Content-Length"] = String(response.body.count)
        headers["Connection"] = "close"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let bytes = Array(head.utf8) + Array(response.body)
        var offset = 0
        while offset < bytes.count {
            let end = response.drip == nil ? bytes.count : offset + 1
            let written = bytes[offset..<end].withUnsafeBytes {
                send(client, $0.baseAddress, $0.count, Socket.sendFlags)
            }
            if written <= 0 { return }
            offset += written
            if let drip = response.drip { Thread.sleep(forTimeInterval: drip) }
        }
    }

    /// Reads one request: headers up to the blank line, then exactly `Content-Length` bytes.
    static func read(_ client: Int32) -> Request? {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        var headerEnd: Int?
        while headerEnd == nil {
            let count = recv(client, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer += chunk[0..<count]
            headerEnd = find([13, 10, 13, 10], in: buffer)
        }
        guard let end = headerEnd else { return nil }
        let headText = String(decoding: buffer[0..<end], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = headers.first { $0.key.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        var body = Array(buffer[(end + 4)...])
        while body.count < length {
            let count = recv(client, &chunk, chunk.count, 0)
            if count <= 0 { break }
            body += chunk[0..<count]
        }
        let target = String(requestLine[1])
        let components = URLComponents(string: target)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        return Request(
            method: String(requestLine[0]), path: components?.path ?? target, query: query, headers: headers,
            body: Data(body.prefix(length)))
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<(start + needle.count)]) == needle
        {
            return start
        }
        return nil
    }
}

/// The socket calls whose spelling differs between glibc and Darwin, side by side.
private enum Socket {
    #if canImport(Glibc)
    /// glibc imports SOCK_STREAM as an enum case.
    static func stream() -> Int32 { Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0) }

    static func inetAddress() -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        return address
    }

    /// A client that hung up makes `send` fail with EPIPE instead of raising SIGPIPE, which would end the tests.
    static let sendFlags = Int32(MSG_NOSIGNAL)
    static func keepSIGPIPEAway(_ client: Int32) {}
    #else
    static func stream() -> Int32 { Darwin.socket(AF_INET, SOCK_STREAM, 0) }

    /// Darwin's socket addresses start with their own length.
    static func inetAddress() -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        address.sin_family = sa_family_t(AF_INET)
        return address
    }

    /// Darwin has no MSG_NOSIGNAL: the socket option SO_NOSIGPIPE does the same for every send on it.
    static let sendFlags: Int32 = 0
    static func keepSIGPIPEAway(_ client: Int32) {
        var yes: Int32 = 1
        setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    }
    #endif
}
