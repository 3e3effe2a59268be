#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte work on a file's text that would otherwise go through `String` (or Foundation's string search): comparing a
/// value with a name, and finding whether a large file holds a character at all.
package enum YAMLBytes {
    package static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        return memcmp(left, right, a.count) == 0
    }

    /// Whether `bytes` are exactly `name`'s.
    package static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        bytes.count == name.utf8CodeUnitCount
            && (bytes.isEmpty || memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0)
    }

    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var combined: UInt8 = 0
        for byte in bytes { combined |= byte }
        return combined < 0x80
    }

    /// Whether `bytes` holds `byte` (memchr: a large file's scan costs a few instructions a word).
    package static func contains(_ bytes: [UInt8], _ byte: UInt8) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        }
    }

    /// Whether `bytes` holds `first` immediately followed by `second` (`<<`, `$(`).
    package static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ first: UInt8, then second: UInt8) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        while offset < bytes.count - 1 {
            guard let found = memchr(base + offset, Int32(first), bytes.count - 1 - offset) else { return false }
            let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            if bytes[at + 1] == second { return true }
            offset = at + 1
        }
        return false
    }

    package static func contains(_ bytes: [UInt8], _ first: UInt8, then second: UInt8) -> Bool {
        bytes.withUnsafeBufferPointer { contains($0, first, then: second) }
    }
}
