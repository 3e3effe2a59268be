import CCrypto
import Foundation

/// A streaming SHA-256 digest from OpenSSL's libcrypto.
///
/// Files are hashed in fixed-size chunks, so memory stays flat however large the artifact is.
public final class SHA256Hasher {
    private let context: OpaquePointer

    public init() {
        // EVP_MD_CTX_new only fails when memory is exhausted, which no caller could recover from.
        guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new: out of memory") }
        self.context = context
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    public func update(_ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        EVP_DigestUpdate(context, base, buffer.count)
    }

    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest as lowercase hex; the hasher must not be used afterwards.
    public func finalizeHex() -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        return digest.prefix(Int(length)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// The digest of a byte string.
    public static func hex(of bytes: [UInt8]) -> String {
        let hasher = SHA256Hasher()
        hasher.update(bytes)
        return hasher.finalizeHex()
    }

    /// Hashes a file in 1 MiB chunks; returns the hex digest and the size in bytes.
    public static func hashFile(at path: String) throws -> (hex: String, size: Int64) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        defer { close(descriptor) }
        let hasher = SHA256Hasher()
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            let count = read(descriptor, buffer.baseAddress, chunk)
            if count < 0 {
                if errno == EINTR { continue }
                throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += Int64(count)
        }
        return (hasher.finalizeHex(), total)
    }
}
