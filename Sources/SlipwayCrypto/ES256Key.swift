import CCrypto
import Foundation

/// A P-256 private key read from PEM (`.p8`: PKCS#8 `PRIVATE KEY`, or SEC1 `EC PRIVATE KEY`). The handle has one
/// owner and is freed with it; the PEM text is not kept.
public final class ES256PrivateKey: @unchecked Sendable {
    let handle: OpaquePointer

    /// `source` names where the text came from, for the error (never the text itself).
    public init(pem: String, source: String) throws(SigningError) {
        handle = try ES256PrivateKey.read(pem, source: source, publicKey: false)
    }

    deinit { EVP_PKEY_free(handle) }

    /// The public half as a PEM `PUBLIC KEY`.
    public func publicKeyPEM() throws(SigningError) -> String {
        guard let bio = BIO_new(BIO_s_mem()) else { throw SigningError.last("BIO_new") }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PUBKEY(bio, handle) == 1 else { throw SigningError.last("PEM_write_bio_PUBKEY") }
        var data: UnsafeMutablePointer<CChar>?
        let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &data)
        guard length > 0, let data else { throw SigningError.last("BIO_get_mem_data") }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    }

    func signDER(_ message: [UInt8]) throws(SigningError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw SigningError.last("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, handle) == 1 else {
            throw SigningError.last("EVP_DigestSignInit")
        }
        var length = 0
        let sized = message.withUnsafeBufferPointer { EVP_DigestSign(context, nil, &length, $0.baseAddress, $0.count) }
        guard sized == 1 else { throw SigningError.last("EVP_DigestSign") }
        var signature = [UInt8](repeating: 0, count: length)
        let signed = message.withUnsafeBufferPointer { input in
            signature.withUnsafeMutableBufferPointer { output in
                EVP_DigestSign(context, output.baseAddress, &length, input.baseAddress, input.count)
            }
        }
        guard signed == 1 else { throw SigningError.last("EVP_DigestSign") }
        return Array(signature.prefix(length))
    }

    /// Reads a PEM private or public key and checks it is on P-256.
    static func read(_ pem: String, source: String, publicKey: Bool) throws(SigningError) -> OpaquePointer {
        var bytes = Array(pem.utf8)
        let key: OpaquePointer? = bytes.withUnsafeMutableBufferPointer { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return publicKey ? PEM_read_bio_PUBKEY(bio, nil, nil, nil) : PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let key else {
            // OpenSSL's reasons name only PEM routines, never the text; the queue is cleared either way.
            let reason = pem.contains("-----BEGIN") ? "the PEM text does not parse" : "no PEM block found"
            _ = SigningError.drainedReasons()
            if publicKey { throw SigningError.invalidPublicKey(reason: reason) }
            throw SigningError.invalidPrivateKey(source: source, reason: reason)
        }
        var name = [CChar](repeating: 0, count: 64)
        var nameLength = 0
        let named = EVP_PKEY_get_utf8_string_param(key, "group", &name, name.count, &nameLength) == 1
        let group = named ? String(decoding: name.prefix(nameLength).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC, group == "prime256v1" || group == "P-256" else {
            EVP_PKEY_free(key)
            _ = SigningError.drainedReasons()
            let reason = "it is not an elliptic-curve key on P-256 (prime256v1)"
            if publicKey { throw SigningError.invalidPublicKey(reason: reason) }
            throw SigningError.invalidPrivateKey(source: source, reason: reason)
        }
        return key
    }
}

/// A P-256 public key, to check signatures (the test server checks every token with one).
public final class ES256PublicKey: @unchecked Sendable {
    let handle: OpaquePointer

    public init(pem: String) throws(SigningError) {
        handle = try ES256PrivateKey.read(pem, source: "the public key", publicKey: true)
    }

    deinit { EVP_PKEY_free(handle) }

    func verifyDER(_ der: [UInt8], _ message: [UInt8]) -> Bool {
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, handle) == 1 else { return false }
        let result = der.withUnsafeBufferPointer { signature in
            message.withUnsafeBufferPointer { input in
                EVP_DigestVerify(context, signature.baseAddress, signature.count, input.baseAddress, input.count)
            }
        }
        _ = SigningError.drainedReasons()
        return result == 1
    }
}
