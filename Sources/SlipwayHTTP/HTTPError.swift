import SlipwayCore

/// No answer came: the connection failed, timed out, or the answer was too large. The reason quotes curl's own
/// message, never a header, so never a token.
public struct HTTPError: SlipwayError, Equatable {
    /// `https://host:port`, without path or query.
    public var url: String
    public var reason: String

    public init(url: String, reason: String) {
        self.url = url
        self.reason = reason
    }

    public var message: String { "cannot reach \(url): \(reason)" }
    public var hint: String? { "check the network connection and proxy" }
    public var exitStatus: ExitStatus { .negative }
}
