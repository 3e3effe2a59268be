import CGit2

/// A git object id, as its 40-character hex string.
public struct OID: Hashable, Sendable, CustomStringConvertible, Comparable {
    public let hex: String

    public init?(hex: String) {
        guard hex.count == 40, hex.allSatisfy(\.isHexDigit) else { return nil }
        self.hex = hex.lowercased()
    }

    init(_ raw: UnsafePointer<git_oid>) {
        var buffer = [CChar](repeating: 0, count: 41)
        git_oid_tostr(&buffer, 41, raw)
        hex = String(decoding: buffer.prefix(40).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    init(_ raw: git_oid) {
        var copy = raw
        self.init(&copy)
    }

    var raw: git_oid {
        var oid = git_oid()
        git_oid_fromstr(&oid, hex)
        return oid
    }

    public var short: String { String(hex.prefix(7)) }
    public var isZero: Bool { hex.allSatisfy { $0 == "0" } }
    public var description: String { hex }
    public static func < (lhs: OID, rhs: OID) -> Bool { lhs.hex < rhs.hex }
}
