import CCrypto
import Foundation

/// An Ed25519 private key in Sparkle's form (`generate_keys -x`: base64 of the 32-byte seed), signing with
/// libcrypto's `EVP_PKEY_ED25519`. The handle has one owner and is freed with it; the text is not kept, and no error
/// quotes it.
public final class Ed25519PrivateKey: @unchecked Sendable {
    let handle: OpaquePointer
    /// The 32-byte public key, as Sparkle's `SUPublicEDKey` holds it (base64).
    public let publicKey: [UInt8]

    /// `text` is base64 of the 32-byte seed, or of the seed followed by its 32-byte public key (libsodium's secret
    /// key form), whose public half must match. `source` names where it came from (an environment variable).
    public init(sparkleBase64 text: String, source: String) throws(SigningError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let decoded = Data(base64Encoded: trimmed) else {
            throw SigningError.invalidEdKey(source: source, reason: "it is not base64 text")
        }
        let secret = [UInt8](decoded)
        switch secret.count {
        case 32, 64: break
        case 96:
            throw SigningError.invalidEdKey(
                source: source,
                reason: "it is Sparkle's older 96-byte form, which holds a hashed seed that libcrypto cannot sign with")
        default:
            throw SigningError.invalidEdKey(
                source: source, reason: "it decodes to \(secret.count) bytes; a Sparkle key is 32 (the seed)")
        }
        let seed = Array(secret.prefix(32))
        guard
            let key = seed.withUnsafeBufferPointer({
                EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, $0.baseAddress, $0.count)
            })
        else { throw SigningError.last("EVP_PKEY_new_raw_private_key") }
        var length = 32
        var half = [UInt8](repeating: 0, count: 32)
        guard EVP_PKEY_get_raw_public_key(key, &half, &length) == 1, length == 32 else {
            EVP_PKEY_free(key)
            throw SigningError.last("EVP_PKEY_get_raw_public_key")
        }
        if secret.count == 64, Array(secret.suffix(32)) != half {
            EVP_PKEY_free(key)
            throw SigningError.invalidEdKey(
                source: source, reason: "its last 32 bytes are not the public key of its first 32 (the seed)")
        }
        handle = key
        publicKey = half
    }

    deinit { EVP_PKEY_free(handle) }

    /// The 64-byte signature of `message` (PureEdDSA: the message itself, not a digest of it).
    public func sign(_ message: [UInt8]) throws(SigningError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw SigningError.last("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, nil, nil, handle) == 1 else {
            throw SigningError.last("EVP_DigestSignInit")
        }
        var length = 64
        var signature = [UInt8](repeating: 0, count: 64)
        let signed = message.withUnsafeBufferPointer { input in
            signature.withUnsafeMutableBufferPointer { output in
                EVP_DigestSign(context, output.baseAddress, &length, input.baseAddress, input.count)
            }
        }
        guard signed == 1, length == 64 else { throw SigningError.last("EVP_DigestSign") }
        return signature
    }
}
