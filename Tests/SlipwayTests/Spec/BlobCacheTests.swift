import Testing

@testable import SlipwayGit
@testable import SlipwaySpec

/// The spec cache keeps the newest blobs only: a long history's every spec version no longer lives to the end.
@Suite("spec blob cache")
struct BlobCacheTests {
    @Test("the oldest blobs are dropped past the limit, the newest kept")
    func bounded() throws {
        let cache = BlobCache()
        let count = BlobCache.limit + 8
        let ids = try (0..<count).map { index in
            try #require(OID(hex: String(repeating: "0", count: 32) + String(format: "%08x", index)))
        }
        for (index, id) in ids.enumerated() { cache.keep([UInt8(index)], of: id) }
        #expect(cache.bytes(of: ids[0]) == nil)
        #expect(cache.bytes(of: ids[7]) == nil)
        #expect(cache.bytes(of: ids[8]) == .some([8]))
        #expect(cache.bytes(of: ids[count - 1]) == .some([UInt8(count - 1)]))
        cache.keep(nil, of: ids[0])
        #expect(cache.bytes(of: ids[0]) == .some(nil), "a blob that is no file is remembered as such")
    }
}
