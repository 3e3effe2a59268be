import CCrypto
import Foundation

/// ECDSA over P-256 with SHA-256 (JWS `ES256`), through libcrypto.
///
/// libcrypto signs in DER (`SEQUENCE { r, s }`); JWS wants the raw 64 bytes `r ‖ s`, each left-padded to 32
/// bytes. Converting the wrong way round is the classic cause of tokens App Store Connect answers with 401.
public enum ES256 {
    /// The raw `r ‖ s` signature of `message` (SHA-256 is applied here).
    public static func sign(_ message: [UInt8], with key: ES256PrivateKey) throws(SigningError) -> [UInt8] {
        let der = try key.signDER(message)
        return try rawSignature(fromDER: der)
    }

    /// Whether `signature` (raw `r ‖ s`) is `key`'s signature of `message`.
    public static func verify(_ signature: [UInt8], of message: [UInt8], with key: ES256PublicKey) -> Bool {
        guard signature.count == 64, let der = try? derSignature(fromRaw: signature) else { return false }
        return key.verifyDER(der, message)
    }

    /// DER `ECDSA-Sig-Value` → 64 raw bytes.
    public static func rawSignature(fromDER der: [UInt8]) throws(SigningError) -> [UInt8] {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var pointer: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &pointer, buffer.count)
        }
        guard let signature = parsed else { throw SigningError.last("d2i_ECDSA_SIG") }
        defer { ECDSA_SIG_free(signature) }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(signature, &r, &s)
        var raw = [UInt8](repeating: 0, count: 64)
        let written = raw.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return BN_bn2binpad(r, base, 32) == 32 && BN_bn2binpad(s, base + 32, 32) == 32
        }
        guard written else { throw SigningError.last("BN_bn2binpad") }
        return raw
    }

    /// 64 raw bytes → DER, for libcrypto's verifier.
    public static func derSignature(fromRaw raw: [UInt8]) throws(SigningError) -> [UInt8] {
        guard raw.count == 64 else { throw SigningError.library(function: "ES256", detail: "not 64 bytes") }
        guard let signature = ECDSA_SIG_new() else { throw SigningError.last("ECDSA_SIG_new") }
        defer { ECDSA_SIG_free(signature) }
        let r = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, 32, nil) }
        let s = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress! + 32, 32, nil) }
        guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            throw SigningError.last("ECDSA_SIG_set0")
        }
        let length = i2d_ECDSA_SIG(signature, nil)
        guard length > 0 else { throw SigningError.last("i2d_ECDSA_SIG") }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var pointer = buffer.baseAddress
            return i2d_ECDSA_SIG(signature, &pointer)
        }
        guard written == length else { throw SigningError.last("i2d_ECDSA_SIG") }
        return der
    }
}
