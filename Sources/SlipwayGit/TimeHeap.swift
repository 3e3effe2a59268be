/// The second queue of libgit2's revision walk: pqueue.c's binary heap with `git_commit_list_time_cmp`, the newest
/// commit on top, its sift-up and sift-down as pqueue.c's so that commits of the same date come out in its order.
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
