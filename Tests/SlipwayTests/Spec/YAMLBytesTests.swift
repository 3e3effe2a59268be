import Testing

@testable import SlipwayYAML

/// `YAMLBytes.lineFeeds` counts 64 bytes a turn in byte-wide lanes, and `lastLineFeed` looks back eight bytes a
/// turn; they must give a plain count and a plain backward search on any bytes, however dense the line feeds and
/// wherever the buffer starts and ends.
@Suite("line feeds counted in vectors")
struct YAMLBytesTests {
    static func naive(_ bytes: [UInt8]) -> Int { bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }

    static func counted(_ bytes: [UInt8], from start: Int = 0) -> Int {
        bytes.withUnsafeBufferPointer { YAMLBytes.lineFeeds(in: UnsafeBufferPointer(rebasing: $0[start...])) }
    }

    /// Up to `limit` random bytes, a line feed one byte in a random number of `density`.
    static func randomBytes(upTo limit: Int, feedsOneIn density: ClosedRange<Int>, using generator: inout SplitMix)
        -> [UInt8]
    {
        let count = Int.random(in: 0...limit, using: &generator)
        let oneIn = Int.random(in: density, using: &generator)
        return (0..<count).map { _ in
            Int.random(in: 0..<oneIn, using: &generator) == 0 ? 0x0A : UInt8.random(in: 0...255, using: &generator)
        }
    }

    @Test("every byte a line feed, past the point where a lane would overflow")
    func dense() {
        for count in [0, 1, 63, 64, 65, 64 * 63, 64 * 63 + 1, 64 * 64, 64 * 256 + 7] {
            let bytes = [UInt8](repeating: 0x0A, count: count)
            #expect(Self.counted(bytes) == count, "\(count) line feeds")
        }
    }

    @Test("1,000 random buffers, from random starts")
    func random() {
        var generator = SplitMix(seed: 7)
        for index in 0..<1000 {
            let bytes = Self.randomBytes(upTo: 9000, feedsOneIn: 1...40, using: &generator)
            let count = bytes.count
            let start = count == 0 ? 0 : Int.random(in: 0..<min(count, 70), using: &generator)
            #expect(Self.counted(bytes, from: start) == Self.naive(Array(bytes[start...])), "case \(index)")
        }
    }

    @Test("the last line feed before any end, in 1,000 random buffers")
    func lastLineFeed() {
        var generator = SplitMix(seed: 11)
        for index in 0..<1000 {
            let bytes = Self.randomBytes(upTo: 300, feedsOneIn: 1...60, using: &generator)
            let count = bytes.count
            for end in [-1, 0, count / 2, count, count + 3]
                + (count > 0 ? [Int.random(in: 0...count, using: &generator)] : [])
            {
                let expected = bytes[..<min(max(end, 0), count)].lastIndex(of: 0x0A)
                let found = bytes.withUnsafeBufferPointer { YAMLBytes.lastLineFeed(in: $0, before: end) }
                #expect(found == expected, "case \(index), end \(end)")
            }
        }
    }
}
