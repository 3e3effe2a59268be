import Foundation

/// Values made on a thread of their own, ahead of the caller that takes them in order, so the two run on two cores:
/// `detect --each` reads each commit's changed files and spec files this way while it judges the commits before.
///
/// The producer makes whatever it uses on its own thread (it is given only `Sendable` values to make it from), and
/// gets `emit`, which hands a value over, waits while `capacity` values wait to be taken, and returns `false` once
/// the consumer has stopped. `next()` gives the values in order, then throws the producer's error if it threw, then
/// returns `nil`. `stop()` ends the producer and waits for it to return, so nothing it made outlives the caller:
/// call it (with `defer`) whether or not every value was taken.
///
/// Checked by hand, hence `@unchecked Sendable`: every stored property but `capacity` is read and written with
/// `condition` locked.
public final class Prefetched<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var items: [Item] = []
    /// The next item to take from `items`.
    private var first = 0
    private var failure: (any Error)?
    /// The producer has returned.
    private var finished = false
    /// The consumer has stopped: `emit` refuses from then on.
    private var stopped = false
    private var consumerWaits = false
    private var producerWaits = false

    /// `name` names the thread for debuggers, `sample` and crash reports.
    public init(name: String, capacity: Int = 64, produce: @escaping @Sendable (_ emit: (Item) -> Bool) throws -> Void)
    {
        self.capacity = max(capacity, 2)
        let thread = Thread { [self] in
            do {
                try produce(emit)
                finish(nil)
            } catch {
                finish(error)
            }
        }
        thread.name = name
        // A secondary thread's stack is 512 KiB on macOS; the producer gets the main thread's 8 MiB.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The next value, in the order the producer made them; `nil` after the last one.
    public func next() throws -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while first == items.count, !finished {
            consumerWaits = true
            condition.wait()
        }
        consumerWaits = false
        guard first < items.count else {
            if let failure { throw failure }
            return nil
        }
        let item = items[first]
        first += 1
        if first == items.count || first >= capacity {
            items.removeFirst(first)
            first = 0
        }
        // Woken when half the room is free, not for every value taken: fewer switches between the threads.
        if producerWaits, items.count - first <= capacity / 2 { condition.signal() }
        return item
    }

    /// Stops the producer (its next `emit` returns `false`) and waits for it to return.
    public func stop() {
        condition.lock()
        defer { condition.unlock() }
        stopped = true
        condition.broadcast()
        while !finished { condition.wait() }
    }

    private func emit(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count - first >= capacity, !stopped {
            producerWaits = true
            condition.wait()
        }
        producerWaits = false
        guard !stopped else { return false }
        items.append(item)
        if consumerWaits { condition.signal() }
        return true
    }

    private func finish(_ error: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        failure = error
        finished = true
        condition.broadcast()
    }
}
