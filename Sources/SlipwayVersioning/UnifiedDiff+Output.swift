extension UnifiedDiff {
    /// Where a diff's bytes are written: a buffer of a fixed capacity, filled through its pointer. A write that
    /// would pass the end writes nothing and marks the output `overflowed`, for the caller to write again into
    /// more room; a diff of hundreds of hunks then costs a bounds check a write, not an array's append checks.
    struct Output {
        private let base: UnsafeMutablePointer<UInt8>
        private let capacity: Int
        private(set) var count = 0
        private(set) var overflowed = false

        init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
            base = buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: 1).unsafelyUnwrapped
            capacity = buffer.count
        }

        /// Writes what `body` writes into an output of `capacity` bytes, again into twice the room while it
        /// overflows.
        static func bytes(capacity: Int, _ body: (inout Output) -> Void) -> [UInt8] {
            var room = max(capacity, 64)
            while true {
                var complete = true
                let bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
                    var output = Output(buffer)
                    body(&output)
                    complete = !output.overflowed
                    count = complete ? output.count : 0
                }
                if complete { return bytes }
                room *= 2
            }
        }

        @inline(__always)
        mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard count &+ bytes.count <= capacity else {
                overflowed = true
                return
            }
            if let source = bytes.baseAddress { (base + count).initialize(from: source, count: bytes.count) }
            count &+= bytes.count
        }

        @inline(__always)
        mutating func write(_ byte: UInt8) {
            guard count < capacity else {
                overflowed = true
                return
            }
            base[count] = byte
            count &+= 1
        }

        mutating func write(_ literal: StaticString) {
            write(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        mutating func write(_ text: String) {
            var text = text
            text.withUTF8 { write($0) }
        }

        /// A positive number's digits, from the first.
        mutating func decimal(_ number: Int) {
            var power = 1
            while power <= number / 10 { power &*= 10 }
            while power > 0 {
                write(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: number / power % 10))
                power /= 10
            }
        }
    }
}
