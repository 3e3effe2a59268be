import Foundation
import SlipwayCore
import Testing

/// The two-thread hand-over `detect --each` reads git through: values in order, the producer's error in its place,
/// a bounded lead, and a stop that leaves no thread running.
@Suite("Prefetched: values made on another thread, taken in order")
struct PrefetchedTests {
    /// Counts what the producer made, read by the test while the producer runs.
    final class Count: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func add() {
            lock.lock()
            value += 1
            lock.unlock()
        }

        var current: Int {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }

    @Test("every value arrives in the order it was made, then nil, again and again")
    func order() throws {
        let values = Prefetched<Int>(name: "test", capacity: 8) { emit in
            for number in 0..<20_000 {
                guard emit(number) else { return }
            }
        }
        defer { values.stop() }
        var taken: [Int] = []
        while let value = try values.next() { taken.append(value) }
        #expect(taken == Array(0..<20_000))
        #expect(try values.next() == nil)
    }

    @Test("the producer's error comes after every value it made before failing")
    func failure() throws {
        struct Broken: Error {}
        let values = Prefetched<Int>(name: "test", capacity: 2) { emit in
            for number in 0..<3 { _ = emit(number) }
            throw Broken()
        }
        defer { values.stop() }
        #expect(try values.next() == 0)
        #expect(try values.next() == 1)
        #expect(try values.next() == 2)
        #expect(throws: Broken.self) { try values.next() }
    }

    @Test("the producer stays at most `capacity` values ahead, and stop() ends an endless one")
    func boundedAndStopped() throws {
        let made = Count()
        let values = Prefetched<Int>(name: "test", capacity: 4) { emit in
            var number = 0
            while emit(number) {
                made.add()
                number += 1
            }
        }
        #expect(try values.next() == 0)
        // Time to run ahead: without the bound it would make millions.
        Thread.sleep(forTimeInterval: 0.1)
        #expect(made.current <= 1 + 4)
        values.stop()
        let stopped = made.current
        Thread.sleep(forTimeInterval: 0.05)
        #expect(made.current == stopped, "the producer has returned")
    }
}
