import CGit2

/// A git object id: its 20 bytes, shown as 40 hex digits.
///
/// Kept as three words rather than as its hex string: `detect --each` makes several ids per commit (the commit,
/// its tree, its parents), and each used to cost a string to format, hash and parse back for libgit2. The words
/// hold the bytes big-endian, so comparing words compares the bytes, and so the hex strings, in order.
public struct OID: Hashable, Sendable, CustomStringConvertible, Comparable {
    private let high: UInt64
    private let middle: UInt64
    private let low: UInt32

    /// The id written as 40 hex digits (either case); `nil` for anything else.
    public init?(hex: String) {
        guard hex.utf8.count == 40 else { return nil }
        guard let oid = Array(hex.utf8).withUnsafeBufferPointer({ OID(hexDigits: $0) }) else { return nil }
        self = oid
    }

    /// The id written as the first 40 bytes of `digits`, hex digits in either case; `nil` for anything else.
    init?(hexDigits digits: UnsafeBufferPointer<UInt8>) {
        guard digits.count >= 40 else { return nil }
        var bytes: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &bytes) { bytes -> Bool in
            for index in 0..<20 {
                guard let high = OID.value(ofHexDigit: digits[2 * index]),
                    let low = OID.value(ofHexDigit: digits[2 * index + 1])
                else { return false }
                bytes[index] = high << 4 | low
            }
            return true
        }
        guard parsed else { return nil }
        self = withUnsafeBytes(of: &bytes) { OID(bytes: UnsafeRawBufferPointer(rebasing: $0[0..<20])) }
    }

    init(_ raw: UnsafePointer<git_oid>) {
        self.init(bytes: UnsafeRawBufferPointer(start: UnsafeRawPointer(raw), count: 20))
    }

    init(_ raw: git_oid) {
        var copy = raw
        self.init(&copy)
    }

    private init(bytes: UnsafeRawBufferPointer) {
        high = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
        middle = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        low = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
    }

    /// An id is a digest, its bytes spread evenly already: the first eight feed the hasher, so the dictionaries
    /// keyed by ids (the differ's kept trees, the walk's commits) hash one word instead of three, as git's own
    /// object maps hash an id's first bytes. Equality still compares all twenty.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(high)
    }

    var raw: git_oid {
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid) { bytes in
            bytes.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: middle.bigEndian, toByteOffset: 8, as: UInt64.self)
            bytes.storeBytes(of: low.bigEndian, toByteOffset: 16, as: UInt32.self)
        }
        return oid
    }

    /// The 40 lowercase hex digits.
    public var hex: String { digits(40) }
    /// The first 7 hex digits, as `git log --oneline` abbreviates.
    public var short: String { digits(7) }
    public var isZero: Bool { high == 0 && middle == 0 && low == 0 }
    public var description: String { hex }

    public static func < (lhs: OID, rhs: OID) -> Bool {
        (lhs.high, lhs.middle, lhs.low) < (rhs.high, rhs.middle, rhs.low)
    }

    /// The first `count` hex digits of the id.
    private func digits(_ count: Int) -> String {
        let alphabet: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count {
                let nibble = nibble(at: index)
                buffer[index] = alphabet.utf8Start[Int(nibble)]
            }
            return count
        }
    }

    /// The `index`th 4-bit digit, most significant first.
    private func nibble(at index: Int) -> UInt8 {
        switch index {
        case 0..<16: return UInt8(truncatingIfNeeded: high >> UInt64(60 - 4 * index)) & 0xF
        case 16..<32: return UInt8(truncatingIfNeeded: middle >> UInt64(60 - 4 * (index - 16))) & 0xF
        default: return UInt8(truncatingIfNeeded: low >> UInt32(28 - 4 * (index - 32))) & 0xF
        }
    }

    private static func value(ofHexDigit digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
