import CCrypto
import SlipwayCore

/// A digest that could not be computed: a libcrypto call failed, or the file to hash could not be read.
public enum SHA256Error: SlipwayError, Equatable {
    /// A libcrypto call failed; names the C function and OpenSSL's own reasons.
    case library(function: String, detail: String)
    case cannotRead(path: String, reason: String)

    public var message: String {
        switch self {
        case .library(let function, let detail):
            return "cannot compute a SHA-256 digest: \(function) failed: \(detail)"
        case .cannotRead(let path, let reason):
            return "cannot read \(path) to hash it: \(reason)"
        }
    }

    public var hint: String? {
        switch self {
        case .library:
            // The one failure a user can cause: a configuration that loads no provider with SHA-256.
            return "check the OpenSSL configuration (OPENSSL_CONF, openssl.cnf) and the providers it activates; "
                + "'openssl dgst -sha256 <file>' fails the same way"
        case .cannotRead:
            return "check that the file exists and is readable"
        }
    }

    /// Builds the error for a libcrypto call that failed, draining OpenSSL's error queue into the detail.
    static func last(_ function: String) -> SHA256Error {
        var reasons: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var text = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &text, text.count)
            reasons.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        let detail = reasons.isEmpty ? "OpenSSL gave no reason" : reasons.joined(separator: "; ")
        return .library(function: function, detail: detail)
    }
}

/// Checks a libcrypto return code (1 for success) where the call is made.
@inline(__always)
func check(_ code: Int32, _ function: String) throws(SHA256Error) {
    if code != 1 { throw SHA256Error.last(function) }
}
