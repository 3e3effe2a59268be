import SlipwayCore

/// Follows aliases and merge keys (`<<`) through one file's nodes within a budget, so that no file, however it is
/// written, makes a walk over it run away.
///
/// The parsed tree shares every aliased node, so a walk that follows aliases can visit far more nodes than the file
/// holds: 25 lines of `mN: &mN {<<: [*mN-1, *mN-1]}` (under 1 KB) stand for 2^25 merged mappings. Two things keep a
/// walk short:
/// - a mapping's merged entries are worked out once per expansion and remembered by node, so
///   `<<: [*a, *a]` costs what `<<: *a` costs and a chain of merges costs its length, not 2^length;
/// - every node reached through an alias or a merge key counts against `budget`; past it the walk stops with an
///   error at the alias or merge key it was following.
///
/// One expansion serves one walk over one file (marks and the remembered entries belong to that file).
public final class YAMLExpansion {
    /// Visits through aliases and merge keys allowed by default: 1,000,000. Real specs make a few hundred at most
    /// (a settings mapping of 20 keys merged into 30 targets makes 600; none of the public specs Slipway is checked
    /// against makes more than 30), so a spec that comes near a million was written to expand, like a chain of
    /// merges or aliases that doubles at every level. A million visits take about three seconds in a debug build,
    /// which bounds how long such a file can keep a command busy.
    public static let defaultBudget = 1_000_000

    /// One entry of a mapping as a walk sees it, merge keys expanded.
    public struct Entry {
        public let key: String
        /// The key as written among the mapping's own pairs; `nil` for an entry a merge key brought in.
        public let keyNode: YAMLNode?
        public let value: YAMLNode
        /// The innermost alias or merge key the walk followed to reach this value; `nil` when it is written in place.
        public let via: YAMLMark?
    }

    public let file: YAMLFile
    public let budget: Int
    /// What messages call the file ("the spec").
    public let subject: String
    /// Nodes visited through aliases and merge keys so far.
    public private(set) var visits = 0

    /// An entry of a mapping with merge keys, once expanded; `mark` is where the alias or merge key that brought it
    /// into the mapping is written (`nil` for the mapping's own entries written in place).
    private struct Merged {
        let key: String
        /// The key node when the entry is the mapping's own.
        var keyNode: YAMLNode?
        let value: YAMLNode
        let mark: YAMLMark?
    }

    /// The merged entries of every mapping with a merge key expanded so far.
    private var expanded: [YAMLNode: [Merged]] = [:]

    public init(file: YAMLFile, budget: Int = YAMLExpansion.defaultBudget, subject: String = "the file") {
        self.file = file
        self.budget = budget
        self.subject = subject
    }

    /// The entries of a mapping in order, with merge keys expanded: its own keys first as written (duplicates kept,
    /// each is text a tool may read), then merged entries whose key is not already present, sources in order and
    /// each expanded the same way. Empty for a node that is not a mapping. `via` is the alias or merge key the walk
    /// followed to reach `node`, if any: then every entry counts as a visit.
    public func entries(of node: YAMLNode, via: YAMLMark? = nil) throws(YAMLError) -> [Entry] {
        guard node.kind == .mapping else { return [] }
        let merged = hasMergeKey(node) ? try expandedEntries(of: node) : ownEntries(of: node)
        var result: [Entry] = []
        result.reserveCapacity(merged.count)
        for entry in merged {
            let mark = entry.mark ?? via
            if let mark { try charge(1, at: mark) }
            result.append(Entry(key: entry.key, keyNode: entry.keyNode, value: entry.value, via: mark))
        }
        return result
    }

    /// Counts `count` visits made through the alias or merge key at `mark`, failing once they pass the budget.
    func charge(_ count: Int, at mark: YAMLMark) throws(YAMLError) {
        visits += count
        guard visits > budget else { return }
        throw file.error(
            "\(subject) expands too far: following its aliases and merge keys (<<) visits more than "
                + "\(Self.grouped(budget)) nodes", at: mark,
            hint: "use fewer nested merge keys and aliases: refer to a shared mapping or list directly, not through "
                + "aliases and merges that repeat it at every level")
    }

    // MARK: Merge keys

    private func hasMergeKey(_ node: YAMLNode) -> Bool {
        node.pairs.contains { $0.key.style == .plain && $0.key.isScalar("<<") }
    }

    /// A mapping's own entries with scalar keys, merge keys left out.
    private func ownEntries(of node: YAMLNode) -> [Merged] {
        var result: [Merged] = []
        let pairs = node.pairs
        for position in pairs.indices {
            let (key, value) = pairs[position]
            guard key.kind == .scalar, key.style != .plain || !key.isScalar("<<") else { continue }
            result.append(
                Merged(key: key.scalar, keyNode: key, value: value, mark: pairs.valueAlias(at: position)))
        }
        return result
    }

    /// The mappings a mapping's merge keys name, in order (`<<: *a` or `<<: [*a, *b]`), each with where it is
    /// named: its alias, or the merge key for a mapping written in place.
    private func sources(of node: YAMLNode) -> [(node: YAMLNode, mark: YAMLMark)] {
        var result: [(node: YAMLNode, mark: YAMLMark)] = []
        let pairs = node.pairs
        for position in pairs.indices {
            let (key, value) = pairs[position]
            guard key.style == .plain, key.isScalar("<<") else { continue }
            let named = pairs.valueAlias(at: position) ?? key.start
            guard value.kind == .sequence else {
                if value.kind == .mapping { result.append((value, named)) }
                continue
            }
            let items = value.items
            for item in items.indices where items[item].kind == .mapping {
                result.append((items[item], items.alias(at: item) ?? named))
            }
        }
        return result
    }

    /// The merged entries of a mapping with a merge key, expanding its sources first. Sources are expanded in a
    /// loop, not by recursion: a chain of merges can be as long as the file. The parser leaves no cycles.
    private func expandedEntries(of node: YAMLNode) throws(YAMLError) -> [Merged] {
        if let done = expanded[node] { return done }
        var stack = [node]
        while let top = stack.last {
            if expanded[top] != nil {
                stack.removeLast()
                continue
            }
            let pending = sources(of: top).filter {
                expanded[$0.node] == nil && hasMergeKey($0.node)
            }
            guard pending.isEmpty else {
                for source in pending.reversed() {
                    try charge(1, at: source.mark)
                    stack.append(source.node)
                }
                continue
            }
            expanded[top] = try merge(top)
            stack.removeLast()
        }
        return expanded[node] ?? []
    }

    /// A mapping's own entries, then those of its sources (already expanded) whose key is not present yet.
    private func merge(_ node: YAMLNode) throws(YAMLError) -> [Merged] {
        var result = ownEntries(of: node)
        var present = Set(result.map(\.key))
        for source in sources(of: node) {
            let entries = expanded[source.node] ?? ownEntries(of: source.node)
            try charge(entries.count, at: source.mark)
            for entry in entries where present.insert(entry.key).inserted {
                result.append(
                    Merged(key: entry.key, keyNode: nil, value: entry.value, mark: entry.mark ?? source.mark))
            }
        }
        return result
    }

    /// `1000000` as `1,000,000`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}

extension YAMLExpansion {
    /// A node as a walk reached it, for walks that read a few keys rather than every entry (merge keys are not
    /// followed): whatever it reads through an alias counts against the expansion's budget, like `entries(of:)`.
    public struct Cursor {
        public let expansion: YAMLExpansion
        public let node: YAMLNode
        /// The innermost alias or merge key followed to reach `node`; `nil` when it was reached in place.
        public let via: YAMLMark?

        /// The value of `key` among a mapping's own pairs (the first one), like `node[key]`.
        public func value(_ key: String) throws(YAMLError) -> Cursor? {
            guard node.kind == .mapping else { return nil }
            // Looking through a mapping reached through an alias visits the keys before the one found.
            let pairs = node.pairs
            for (index, position) in pairs.indices.enumerated() where pairs[position].key.isScalar(key) {
                return try child(node.children.index(after: position), scanned: via == nil ? 1 : index + 1)
            }
            if let via { try expansion.charge(node.pairs.count, at: via) }
            return nil
        }

        /// A mapping's own pairs with scalar keys, in order.
        public func pairs() throws(YAMLError) -> [(key: String, value: Cursor)] {
            var result: [(key: String, value: Cursor)] = []
            let pairs = node.pairs
            for position in pairs.indices where pairs[position].key.kind == .scalar {
                result.append((pairs[position].key.scalar, try child(node.children.index(after: position), scanned: 1)))
            }
            return result
        }

        /// A sequence's items.
        public func items() throws(YAMLError) -> [Cursor] {
            var result: [Cursor] = []
            for position in node.items.indices { result.append(try child(position, scanned: 1)) }
            return result
        }

        /// The child at `position`, charging `scanned` visits when it is reached through an alias.
        private func child(_ position: YAMLNode.Position, scanned: Int) throws(YAMLError) -> Cursor {
            let (child, alias) = node.children[position]
            let mark = alias ?? via
            if let mark { try expansion.charge(scanned, at: mark) }
            return Cursor(expansion: expansion, node: child, via: mark)
        }
    }

    /// A cursor at a node the walk reached in place (a document's root).
    public func cursor(at node: YAMLNode) -> Cursor {
        Cursor(expansion: self, node: node, via: nil)
    }
}
