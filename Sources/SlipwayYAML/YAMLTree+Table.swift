extension YAMLTree {
    /// Records in chunks of a fixed size, so the table grows without ever copying what it holds once a chunk is
    /// full. The chunk being filled is kept apart from the full ones, and appending to it writes through its
    /// pointers: a reader appends a record for every key and value, and an array's append checks uniqueness and
    /// capacity for each of the two arrays every time.
    ///
    /// A table is built once (by a reader, which also completes collections' records with `close`), then only read:
    /// copies share the chunks.
    struct Table {
        static let shift = 16
        static let mask = (1 << shift) - 1
        private var chunks: [Chunk] = []
        private var tail: Chunk
        private var tailCount = 0
        private(set) var count = 0

        init() { tail = Chunk(capacity: 16) }

        /// A table whose first chunk has room for `expected` records from the start (at most a chunk's), so that a
        /// reader that can tell how many it will append does not grow it by copies.
        init(expected: Int) { tail = Chunk(capacity: min(max(expected, 16), 1 << Self.shift)) }

        /// Records and, apart from them (a byte would pad each to 16), their flags.
        final class Chunk {
            let records: UnsafeMutablePointer<Record>
            let flags: UnsafeMutablePointer<UInt8>
            let capacity: Int

            init(capacity: Int) {
                records = .allocate(capacity: capacity)
                flags = .allocate(capacity: capacity)
                self.capacity = capacity
            }

            /// A chunk of `capacity` holding this one's first `count` records.
            func grown(to capacity: Int, count: Int) -> Chunk {
                let grown = Chunk(capacity: capacity)
                grown.records.initialize(from: records, count: count)
                grown.flags.initialize(from: flags, count: count)
                return grown
            }

            // Records and flags are trivial types: nothing to deinitialize.
            deinit {
                records.deallocate()
                flags.deallocate()
            }
        }

        @inline(__always)
        private func chunk(_ index: Int) -> Chunk {
            // The pointers have no bounds check of their own.
            assert(index >= 0 && index < count, "record \(index) of a table of \(count)")
            let number = index >> Self.shift
            return number < chunks.count ? chunks[number] : tail
        }

        subscript(index: Int) -> Record {
            @inline(__always) get { chunk(index).records[index & Self.mask] }
            set { chunk(index).records[index & Self.mask] = newValue }
        }

        @inline(__always)
        func flags(_ index: Int) -> UInt8 { chunk(index).flags[index & Self.mask] }

        /// Calls `body` with the records and flags when they fit in one chunk (most files' do), else returns `nil`:
        /// for loops over many records that read them straight.
        func withOneChunk<Result>(
            _ body: (UnsafeBufferPointer<Record>, UnsafeBufferPointer<UInt8>) -> Result
        ) -> Result? {
            guard chunks.isEmpty else { return nil }
            return body(
                UnsafeBufferPointer(start: tail.records, count: tailCount),
                UnsafeBufferPointer(start: tail.flags, count: tailCount))
        }

        /// Completes a collection's record: its end and the index just past its last descendant, in one write.
        /// Like `append` and the subscript's setter, for the reader building the table: copies share the chunks.
        mutating func close(_ index: Int, end: UInt32, link: UInt32) {
            let record = chunk(index).records + (index & Self.mask)
            record.pointee.end = end
            record.pointee.link = link
        }

        @inline(__always)
        mutating func append(_ record: Record, flags: UInt8) {
            if tailCount == tail.capacity { makeRoom() }
            tail.records[tailCount] = record
            tail.flags[tailCount] = flags
            tailCount &+= 1
            count &+= 1
        }

        /// A full chunk below a chunk's size grows by copies, as an array would; a full chunk of that size is kept
        /// and a new one started.
        private mutating func makeRoom() {
            if tail.capacity < 1 << Self.shift {
                tail = tail.grown(to: min(tail.capacity * 2, 1 << Self.shift), count: tailCount)
            } else {
                chunks.append(tail)
                tail = Chunk(capacity: 1 << Self.shift)
                tailCount = 0
            }
        }
    }
}
