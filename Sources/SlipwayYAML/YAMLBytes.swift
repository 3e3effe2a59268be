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

    /// Eight bytes at a time: a walk asks this of every key it matches.
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var offset = 0
        var words: UInt64 = 0
        while offset &+ 8 <= count {
            words |= UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            offset &+= 8
        }
        var tail: UInt8 = 0
        while offset < count {
            tail |= base[offset]
            offset &+= 1
        }
        return words & 0x8080_8080_8080_8080 == 0 && tail < 0x80
    }

    /// Whether two files' bytes are the same (memcmp: `==` on arrays compares them a byte at a time).
    package static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { left in b.withUnsafeBufferPointer { equal(left, $0) } }
    }

    /// How many line feeds `bytes` holds, 64 bytes a turn as four 16-byte vectors: each comparison gives -1 in the
    /// lanes that hold a line feed, and `lanes` counts them per lane (at most 63 turns before they are added up,
    /// so no lane passes 252). Then single vectors, and the rest a byte at a time.
    package static func lineFeeds(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        let feed = SIMD16<UInt8>(repeating: 0x0A)
        @inline(__always) func feeds(_ offset: Int) -> SIMD16<UInt8> {
            unsafeBitCast(
                raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self) .== feed, to: SIMD16<UInt8>.self)
        }
        var offset = 0
        var total = 0
        while offset &+ 64 <= count {
            let stop = min(count, offset &+ 64 &* 63)
            var lanes = SIMD16<UInt8>()
            while offset &+ 64 <= stop {
                lanes &-= (feeds(offset) &+ feeds(offset &+ 16)) &+ (feeds(offset &+ 32) &+ feeds(offset &+ 48))
                offset &+= 64
            }
            total &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        // Short ranges (the lines between two values) end in up to three vectors, then the last sixteen bytes
        // again with the lanes already counted masked off.
        var lanes = SIMD16<UInt8>()
        while offset &+ 16 <= count {
            lanes &-= feeds(offset)
            offset &+= 16
        }
        if offset < count, count >= 16 {
            let counted = SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: 16 &- (count &- offset)))
            lanes &-= feeds(count &- 16) & unsafeBitCast(laneNumbers .>= counted, to: SIMD16<UInt8>.self)
            offset = count
        }
        total &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        while offset < count {
            if base[offset] == 0x0A { total &+= 1 }
            offset &+= 1
        }
        return total
    }

    private static let laneNumbers = SIMD16<UInt8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

    /// The index of the last line feed before `end`, `nil` when there is none: eight bytes a turn back from `end`,
    /// the highest set bit of `found` marking the last line feed among them.
    package static func lastLineFeed(in bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var position = min(max(end, 0), bytes.count)
        while position >= 8 {
            let crossed =
                UnsafeRawPointer(base + (position &- 8)).loadUnaligned(as: UInt64.self).littleEndian
                ^ 0x0A0A_0A0A_0A0A_0A0A
            let found =
                ~(((crossed & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | crossed | 0x7F7F_7F7F_7F7F_7F7F)
            if found != 0 { return position &- 8 &+ (63 &- found.leadingZeroBitCount) >> 3 }
            position &-= 8
        }
        while position > 0 {
            position &-= 1
            if base[position] == 0x0A { return position }
        }
        return nil
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
