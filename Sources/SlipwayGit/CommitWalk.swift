import CGit2

/// The commits of `head` less those of `hidden`, in the order libgit2's revision walk gives with
/// `GIT_SORT_TOPOLOGICAL | GIT_SORT_TIME`, each commit read once.
///
/// libgit2's walk reads every commit for its parents and date, and `git_commit_lookup` then reads each one again
/// for its message: two inflates of every commit, a fifth of `detect --each` on a long history. This is the same
/// algorithm (revwalk.c's `limit_list`, then `sort_in_topological_order` over pqueue.c's binary heap, so commits
/// of the same second come out in the same order) on commits read once. A commit it cannot read gives `nil`, and
/// `Repository.commits` asks libgit2's walk, whose answer (or error) then stands; tests hold both to one order.
struct CommitWalk {
    struct Node {
        let id: OID
        var parents: [Int32] = []
        var commit: Commit?
        var time: Int64 = 0
        var seen = false
        var added = false
        var uninteresting = false
        var inDegree = 0
        var parsed: Bool { commit != nil }
    }

    private let odb: OpaquePointer
    private let firstParent: Bool
    private(set) var nodes: [Node] = []
    private var lookup: [OID: Int32] = [:]
    private var names = NamePool()
    /// revwalk.c's `SLOP`: how many uninteresting commits to look at after the interesting ones run out.
    private static let slop = 5

    /// The walk's commits, newest first; `nil` when a commit cannot be read here.
    static func commits(odb: OpaquePointer, head: OID, hidden: [OID], firstParent: Bool) -> [Commit]? {
        var walk = CommitWalk(odb: odb, firstParent: firstParent)
        // `git_revwalk_push` and `_hide` put each commit in front of the ones before.
        var input: [Int32] = []
        for (oid, hide) in [(head, false)] + hidden.map({ ($0, true) }) {
            let node = walk.node(oid)
            if walk.nodes[Int(node)].uninteresting { continue }
            walk.nodes[Int(node)].uninteresting = hide
            input.insert(node, at: 0)
        }
        guard let limited = walk.limit(input) else { return nil }
        let sorted = walk.sortedTopologically(limited)
        // Made at its size: the list lives as long as the command, and growing it by doubling would leave up to
        // half of it unused (`detect --each` keeps every commit of the history).
        var commits: [Commit] = []
        commits.reserveCapacity(sorted.count)
        for node in sorted where !walk.nodes[Int(node)].uninteresting {
            if let commit = walk.nodes[Int(node)].commit { commits.append(commit) }
        }
        return commits
    }

    private init(odb: OpaquePointer, firstParent: Bool) {
        self.odb = odb
        self.firstParent = firstParent
    }

    private mutating func node(_ oid: OID) -> Int32 {
        if let known = lookup[oid] { return known }
        let index = Int32(nodes.count)
        nodes.append(Node(id: oid))
        lookup[oid] = index
        return index
    }

    /// Reads a commit once: its parents, its committer's time (the walk's date) and what `Commit` holds.
    private mutating func parse(_ node: Int32) -> Bool {
        if nodes[Int(node)].parsed { return true }
        var raw = nodes[Int(node)].id.raw
        var object: OpaquePointer?
        guard git_odb_read(&object, odb, &raw) == 0, let object else { return false }
        defer { git_odb_object_free(object) }
        guard git_odb_object_type(object) == GIT_OBJECT_COMMIT, let data = git_odb_object_data(object) else {
            return false
        }
        let bytes = UnsafeBufferPointer(
            start: data.assumingMemoryBound(to: UInt8.self), count: git_odb_object_size(object))
        guard let commit = RawCommit.parse(bytes, id: nodes[Int(node)].id, names: &names) else { return false }
        var parents: [Int32] = []
        parents.reserveCapacity(commit.parents.count)
        for parent in commit.parents { parents.append(self.node(parent)) }
        nodes[Int(node)].parents = parents
        nodes[Int(node)].time = commit.committer.time
        nodes[Int(node)].commit = commit
        return true
    }

    // MARK: revwalk.c's prepare_walk and limit_list

    /// The interesting commits in the order `limit_list` keeps them.
    private mutating func limit(_ input: [Int32]) -> [Int32]? {
        var list = DateOrderedList()
        for node in input {
            guard parse(node) else { return nil }
            if nodes[Int(node)].uninteresting { markParentsUninteresting(node) }
            if !nodes[Int(node)].seen {
                nodes[Int(node)].seen = true
                list.append(node)
            }
        }
        var kept: [Int32] = []
        var time = Int64.max
        var slop = Self.slop
        while let node = list.popFirst() {
            guard addParents(of: node, to: &list) else { return nil }
            if nodes[Int(node)].uninteresting {
                markParentsUninteresting(node)
                slop = stillInteresting(list, time: time, slop: slop)
                if slop != 0 { continue }
                break
            }
            time = nodes[Int(node)].time
            kept.append(node)
        }
        return kept
    }

    private mutating func addParents(of node: Int32, to list: inout DateOrderedList) -> Bool {
        if nodes[Int(node)].added { return true }
        nodes[Int(node)].added = true
        if nodes[Int(node)].uninteresting {
            for parent in nodes[Int(node)].parents {
                nodes[Int(parent)].uninteresting = true
                guard parse(parent) else { return false }
                markParentsUninteresting(parent)
                nodes[Int(parent)].seen = true
                list.insertByDate(parent, times: nodes)
            }
            return true
        }
        for parent in nodes[Int(node)].parents {
            guard parse(parent) else { return false }
            if !nodes[Int(parent)].seen {
                nodes[Int(parent)].seen = true
                list.insertByDate(parent, times: nodes)
            }
            if firstParent { break }
        }
        return true
    }

    private mutating func markParentsUninteresting(_ node: Int32) {
        var stack = nodes[Int(node)].parents
        while var current = stack.popLast() {
            while !nodes[Int(current)].uninteresting {
                nodes[Int(current)].uninteresting = true
                guard nodes[Int(current)].parsed, let first = nodes[Int(current)].parents.first else { break }
                stack += nodes[Int(current)].parents
                current = first
            }
        }
    }

    private func stillInteresting(_ list: DateOrderedList, time: Int64, slop: Int) -> Int {
        guard let first = list.first else { return 0 }
        if time <= nodes[Int(first)].time { return Self.slop }
        for node in list.frontToBack where !nodes[Int(node)].uninteresting || nodes[Int(node)].time > time {
            return Self.slop
        }
        return slop - 1
    }

    // MARK: revwalk.c's sort_in_topological_order

    private mutating func sortedTopologically(_ list: [Int32]) -> [Int32] {
        for node in list { nodes[Int(node)].inDegree = 1 }
        for node in list {
            for parent in nodes[Int(node)].parents where nodes[Int(parent)].inDegree != 0 {
                nodes[Int(parent)].inDegree += 1
            }
        }
        var queue = TimeHeap()
        for node in list where nodes[Int(node)].inDegree == 1 { queue.insert(node, times: nodes) }
        var sorted: [Int32] = []
        sorted.reserveCapacity(list.count)
        while let next = queue.pop(times: nodes) {
            for parent in nodes[Int(next)].parents where nodes[Int(parent)].inDegree != 0 {
                nodes[Int(parent)].inDegree -= 1
                if nodes[Int(parent)].inDegree == 1 { queue.insert(parent, times: nodes) }
            }
            nodes[Int(next)].inDegree = 0
            sorted.append(next)
        }
        return sorted
    }
}
