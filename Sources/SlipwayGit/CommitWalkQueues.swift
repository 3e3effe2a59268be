/// The two queues of libgit2's revision walk, kept as libgit2 keeps them so that commits of the same date come
/// out in the same order.

/// commit_list.c's list in `limit_list`: taken from the front, each parent put before the first commit strictly
/// older than it. Stored back to front, so taking the front is taking the last element.
struct DateOrderedList {
    private var storage: [Int32] = []

    var first: Int32? { storage.last }

    /// The commits from the front.
    var frontToBack: ReversedCollection<[Int32]> { storage.reversed() }

    /// Puts `node` at the back (how `prepare_walk` lines up the commits pushed).
    mutating func append(_ node: Int32) {
        storage.insert(node, at: 0)
    }

    mutating func popFirst() -> Int32? {
        storage.popLast()
    }

    /// `git_commit_list_insert_by_date`.
    mutating func insertByDate(_ node: Int32, times nodes: [CommitWalk.Node]) {
        let time = nodes[Int(node)].time
        let count = storage.count
        var position = 0
        while position < count, nodes[Int(storage[count - 1 - position])].time >= time { position += 1 }
        storage.insert(node, at: count - position)
    }
}

/// pqueue.c's binary heap with `git_commit_list_time_cmp`: the newest commit on top.
struct TimeHeap {
    private var contents: [Int32] = []

    /// `git_commit_list_time_cmp`: the newer commit first.
    private static func compare(_ a: Int32, _ b: Int32, _ nodes: [CommitWalk.Node]) -> Int {
        let timeA = nodes[Int(a)].time
        let timeB = nodes[Int(b)].time
        return timeA < timeB ? 1 : timeA > timeB ? -1 : 0
    }

    mutating func insert(_ node: Int32, times nodes: [CommitWalk.Node]) {
        contents.append(node)
        var index = contents.count - 1
        while index > 0 {
            let parentIndex = (index - 1) >> 1
            let parent = contents[parentIndex]
            if Self.compare(parent, node, nodes) <= 0 { break }
            contents[index] = parent
            index = parentIndex
        }
        contents[index] = node
    }

    mutating func pop(times nodes: [CommitWalk.Node]) -> Int32? {
        guard let top = contents.first else { return nil }
        guard contents.count > 1 else {
            contents.removeLast()
            return top
        }
        contents[0] = contents.removeLast()
        let moved = contents[0]
        var index = 0
        while true {
            var kidIndex = 2 * index + 1
            guard kidIndex < contents.count else { break }
            var kid = contents[kidIndex]
            if kidIndex + 1 < contents.count, Self.compare(kid, contents[kidIndex + 1], nodes) > 0 {
                kidIndex += 1
                kid = contents[kidIndex]
            }
            if Self.compare(moved, kid, nodes) <= 0 { break }
            contents[index] = kid
            index = kidIndex
        }
        contents[index] = moved
        return top
    }
}
