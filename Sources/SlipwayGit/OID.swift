import CGit2

/// A git object id: its 20 bytes, shown as 40 hex digits.
///
/// Held as three words, big-endian, so that comparing words compares the bytes (and so the hex strings) in order.
public struct OID: Hashable, Sendable, CustomStringConvertible, Comparable {
    private let high: UInt64
    private let middle: UInt64
    private let low: UInt32

    /// The id written as 40 hex digits (either case); `nil` for anything else.
    public init?(hex: String) {
        // libgit2 records why it refused the digits, which needs its global state.
        GitLibrary.ensureInitialised()
        var oid = git_oid()
        guard hex.utf8.count == 40, git_oid_fromstrn(&oid, hex, 40) == 0 else { return nil }
        self.init(oid)
    }

    init(_ raw: UnsafePointer<git_oid>) {
        let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(raw), count: 20)
        high = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
        middle = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        low = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
    }

    init(_ raw: git_oid) {
        var copy = raw
        self.init(&copy)
    }

    /// An id is a digest whose bytes are spread evenly already, so its first eight are enough to hash (as git's
    /// object maps hash an id's first bytes); equality still compares all twenty.
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

    /// The first `count` (at most 40) hex digits of the id.
    private func digits(_ count: Int) -> String {
        var oid = raw
        return String(unsafeUninitializedCapacity: count) { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = git_oid_nfmt($0.baseAddress, count, &oid) }
            return count
        }
    }
}
