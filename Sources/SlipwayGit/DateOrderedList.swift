/// The first of the two queues of libgit2's revision walk, kept as libgit2 keeps it so that commits of the same
/// date come out in the same order: commit_list.c's list in `limit_list`, taken from the front, each parent put
/// before the first commit strictly older than it. Stored back to front, so taking the front is taking the last
/// element.
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
