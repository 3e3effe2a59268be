import CCrypto
import SlipwayCore

/// A key that cannot be used, or a signature libcrypto could not make. No case carries the key's text: an error
/// is printed, and a private key must never be.
public enum SigningError: SlipwayError, Equatable {
    /// The PEM text is no P-256 private key; `source` says where it came from (a path or an environment variable).
    case invalidPrivateKey(source: String, reason: String)
    case invalidPublicKey(reason: String)
    /// The text is no Ed25519 key in Sparkle's form; `source` names the environment variable.
    case invalidEdKey(source: String, reason: String)
    /// A libcrypto call failed; names the C function and OpenSSL's own reasons.
    case library(function: String, detail: String)

    public var message: String {
        switch self {
        case .invalidPrivateKey(let source, let reason):
            return "the App Store Connect API key in \(source) is not a usable private key: \(reason)"
        case .invalidPublicKey(let reason):
            return "not a usable P-256 public key: \(reason)"
        case .invalidEdKey(let source, let reason):
            return "the Sparkle private key in \(source) is not usable: \(reason)"
        case .library(let function, let detail):
            return "cannot sign: \(function) failed: \(detail)"
        }
    }

    public var hint: String? {
        switch self {
        case .invalidPrivateKey:
            return "use the AuthKey_<KEY_ID>.p8 file App Store Connect gave you, unchanged: it starts with "
                + "'-----BEGIN PRIVATE KEY-----' (a CI secret keeps its line breaks)"
        case .invalidPublicKey:
            return "pass a PEM 'PUBLIC KEY' (openssl pkey -pubout)"
        case .invalidEdKey:
            return "export the key with Sparkle's 'generate_keys -x <file>' (base64 of the 32-byte seed) and put the "
                + "file's text in the variable; a key kept in the older form still signs with Sparkle's sign_update"
        case .library:
            return "check the OpenSSL configuration (OPENSSL_CONF) and the providers it activates"
        }
    }

    /// OpenSSL's queued reasons, drained, as one line.
    static func drainedReasons() -> String {
        var reasons: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var text = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &text, text.count)
            reasons.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return reasons.isEmpty ? "OpenSSL gave no reason" : reasons.joined(separator: "; ")
    }

    static func last(_ function: String) -> SigningError {
        .library(function: function, detail: drainedReasons())
    }
}
