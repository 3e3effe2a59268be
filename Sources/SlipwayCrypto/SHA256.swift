import CCrypto
import Foundation

/// A streaming SHA-256 digest from OpenSSL's libcrypto.
///
/// Files are hashed in fixed-size chunks, so memory stays flat however large the artifact is. Every libcrypto
/// return code is checked: with OpenSSL 3 the digest comes from a provider the configuration loads, so a broken
/// `OPENSSL_CONF` makes `EVP_DigestInit_ex` fail, and that is reported, never turned into a wrong digest.
public final class SHA256Hasher {
    private let context: OpaquePointer

    public init() throws(SHA256Error) {
        guard let context = EVP_MD_CTX_new() else { throw SHA256Error.last("EVP_MD_CTX_new") }
        self.context = context
        // Every stored property is set, so a throw from here runs deinit, which frees the context.
        try check(EVP_DigestInit_ex(context, EVP_sha256(), nil), "EVP_DigestInit_ex")
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    public func update(_ buffer: UnsafeRawBufferPointer) throws(SHA256Error) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        try check(EVP_DigestUpdate(context, base, buffer.count), "EVP_DigestUpdate")
    }

    public func update(_ bytes: [UInt8]) throws(SHA256Error) {
        // withUnsafeBytes rethrows untyped errors, so the call returns its code and is checked outside.
        let code = bytes.withUnsafeBytes { raw in
            raw.isEmpty ? 1 : EVP_DigestUpdate(context, raw.baseAddress, raw.count)
        }
        try check(code, "EVP_DigestUpdate")
    }

    /// The digest as lowercase hex; the hasher must not be used afterwards.
    public func finalizeHex() throws(SHA256Error) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        try check(EVP_DigestFinal_ex(context, &digest, &length), "EVP_DigestFinal_ex")
        return digest.prefix(Int(length)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// The digest of a byte string.
    public static func hexDigest(of bytes: [UInt8]) throws(SHA256Error) -> String {
        let hasher = try SHA256Hasher()
        try hasher.update(bytes)
        return try hasher.finalizeHex()
    }

    /// Hashes a file in 1 MiB chunks; returns the hex digest and the size in bytes.
    public static func hashFile(at path: String) throws(SHA256Error) -> (hex: String, size: Int64) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let hasher = try SHA256Hasher()
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            let count = read(descriptor, buffer.baseAddress, chunk)
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            try hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += Int64(count)
        }
        return (try hasher.finalizeHex(), total)
    }
}
