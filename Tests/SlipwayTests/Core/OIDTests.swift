import Foundation
import SlipwayGit
import Testing

/// Object ids kept as bytes read back, compare and abbreviate exactly as their hex strings do.
@Suite("object ids")
struct OIDTests {
    /// Ids of real objects (`git hash-object`) plus edge patterns: all zeros, all f, one nibble set per word.
    static let samples = [
        "0000000000000000000000000000000000000000", "ffffffffffffffffffffffffffffffffffffffff",
        "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391", "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
        "0000000000000001000000000000000000000000", "1000000000000000000000000000000000000000",
        "00000000000000000000000000000000000000f0", "0000000000000000f00000000000000000000000",
        "ce013625030ba8dba906f756967f9e9ca394464a",
    ]

    @Test("hex reads back as written, in lowercase, and short is its first 7 digits")
    func roundTrip() throws {
        for hex in OIDTests.samples {
            let oid = try #require(OID(hex: hex))
            #expect(oid.hex == hex)
            #expect(oid.description == hex)
            #expect(oid.short == String(hex.prefix(7)))
            #expect(OID(hex: hex.uppercased()) == oid)
            #expect(oid.isZero == (hex == String(repeating: "0", count: 40)))
        }
    }

    @Test("ids order, compare and hash as their hex strings")
    func ordering() throws {
        let oids = try OIDTests.samples.map { try #require(OID(hex: $0)) }
        #expect(oids.sorted().map(\.hex) == OIDTests.samples.sorted())
        #expect(Set(oids).count == Set(OIDTests.samples).count)
        for (a, b) in zip(oids, oids.dropFirst()) { #expect((a < b) == (a.hex < b.hex)) }
    }

    @Test(
        "anything but 40 hex digits is refused",
        arguments: [
            "", "e69de29", "e69de29bb2d1d6434b8b29ae775ad8c2e48c539", "e69de29bb2d1d6434b8b29ae775ad8c2e48c53911",
            "g69de29bb2d1d6434b8b29ae775ad8c2e48c5391", "e69de29bb2d1d6434b8b29ae775ad8c2e48c539 ",
            "e69de29bb2d1d6434b8b29ae775ad8c2e48c53９1",
        ])
    func refused(_ text: String) {
        #expect(OID(hex: text) == nil)
    }
}
