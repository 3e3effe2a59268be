extension YAMLNode {
    /// A place among a collection's children: the index of the child's record in its tree.
    public struct Position: Comparable {
        let record: Int

        public static func < (a: Position, b: Position) -> Bool { a.record < b.record }
    }

    /// A collection's children in order (a mapping's keys and values in turn), walked through the table: each
    /// child's subtree follows it, so the next child is just past it.
    struct Children: Collection {
        let tree: YAMLTree
        let start: Int
        let end: Int

        var startIndex: Position { Position(record: start) }
        var endIndex: Position { Position(record: end) }

        func index(after position: Position) -> Position { Position(record: tree.next(position.record)) }

        /// The node (an alias's target), with where the alias is written when it is one.
        subscript(position: Position) -> (node: YAMLNode, alias: YAMLMark?) {
            guard tree.table.flags(position.record) & YAMLTree.Flags.kindMask == YAMLTree.Flags.alias else {
                return (YAMLNode(tree: tree, index: position.record), nil)
            }
            return (YAMLNode(tree: tree, index: Int(tree.table[position.record].link)), tree.mark(position.record))
        }

        /// The node at `position` (an alias's target), without working out where an alias is written.
        func node(at position: Position) -> YAMLNode {
            let isAlias = tree.table.flags(position.record) & YAMLTree.Flags.kindMask == YAMLTree.Flags.alias
            return YAMLNode(tree: tree, index: isAlias ? Int(tree.table[position.record].link) : position.record)
        }
    }

    /// A mapping's pairs as a collection over its children, so reading them allocates nothing.
    public struct Pairs: Collection {
        let children: Children

        public var startIndex: Position { children.startIndex }
        public var endIndex: Position { children.endIndex }

        public func index(after position: Position) -> Position {
            children.index(after: children.index(after: position))
        }

        public subscript(position: Position) -> (key: YAMLNode, value: YAMLNode) {
            (children.node(at: position), children.node(at: children.index(after: position)))
        }

        /// Where the value of the pair at `position` is written as an alias, when it is one.
        func valueAlias(at position: Position) -> YAMLMark? {
            children[children.index(after: position)].alias
        }
    }

    /// A sequence's items.
    public struct Items: Collection {
        let children: Children

        public var startIndex: Position { children.startIndex }
        public var endIndex: Position { children.endIndex }

        public func index(after position: Position) -> Position { children.index(after: position) }

        public subscript(position: Position) -> YAMLNode { children.node(at: position) }

        /// Where the item at `position` is written as an alias, when it is one.
        func alias(at position: Position) -> YAMLMark? { children[position].alias }
    }
}
