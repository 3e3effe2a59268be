/// One file's nodes read by their index in its tree, for walks that visit thousands of nodes to keep a few: a
/// `YAMLNode` carries its tree, so every node made and dropped along a walk retains and releases it, which on a
/// large spec costs more than reading the nodes. The view holds the tree once; `node(_:)` makes a `YAMLNode` of an
/// index the walk keeps. An index is a node's own (an alias among a collection's children is read as its target).
package struct YAMLTreeView {
    let tree: YAMLTree

    /// The view of the file `node` belongs to.
    package init(of node: YAMLNode) {
        tree = node.tree
    }

    /// The index of `node`, which must be of this view's file.
    package func index(of node: YAMLNode) -> Int { node.index }

    package func node(_ index: Int) -> YAMLNode { YAMLNode(tree: tree, index: index) }

    @inline(__always) private func kindBits(_ index: Int) -> UInt8 { tree.table.flags(index) & YAMLTree.Flags.kindMask }

    package func isMapping(_ index: Int) -> Bool { kindBits(index) == 1 }

    package func isScalar(_ index: Int) -> Bool { kindBits(index) == 0 }

    /// A scalar's value (`YAMLNode.scalar`); "" for a mapping or sequence.
    package func scalar(_ index: Int) -> String { isScalar(index) ? tree.scalar(index) : "" }

    /// `YAMLNode.withScalarBytes`: a scalar's value as bytes, empty for a mapping or sequence.
    package func withScalarBytes(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Int) -> Int {
        guard isScalar(index) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return tree.withScalarBytes(index, body)
    }

    /// A scalar's value as a range of its file's bytes when the value is its source text exactly (most are) and
    /// ASCII: for a walk that matches many keys against ASCII names from the file's bytes, with no call per key.
    /// `nil` for a value that unescaping or folding changed, one with an anchor or tag, one not ASCII, and for a
    /// mapping or sequence: the walk then asks `withScalarBytes` or `scalar`.
    package func asciiSourceRange(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let flags = tree.table.flags(index)
        guard flags & (YAMLTree.Flags.kindMask | YAMLTree.Flags.decoded | YAMLTree.Flags.hasExtras) == 0 else {
            return nil
        }
        let record = tree.table[index]
        let style = (flags & YAMLTree.Flags.styleMask) >> YAMLTree.Flags.styleShift
        let quote = style == 1 || style == 2 ? 1 : 0
        let range = Int(record.start) + quote..<Int(record.end) - quote
        return tree.lines.isPlainASCII || YAMLBytes.isASCII(UnsafeBufferPointer(rebasing: bytes[range])) ? range : nil
    }

    /// Calls `body` with each pair of a mapping whose key is a scalar, in order (`pairs(of:)` less the other keys):
    /// the key's index, the key as `asciiSourceRange` gives it, and the value's index. One call a mapping, reading
    /// the table straight when it is one chunk, for walks that match every key of thousands of mappings against a
    /// few names.
    package func forEachScalarKey(
        of mapping: Int, in bytes: UnsafeBufferPointer<UInt8>,
        _ body: (_ key: Int, _ ascii: Range<Int>?, _ value: Int) -> Void
    ) {
        guard isMapping(mapping) else { return }
        let plain = tree.lines.isPlainASCII
        let read: Void? = tree.table.withOneChunk { records, flags in
            var position = mapping + 1
            let end = Int(records[mapping].link)
            func next(_ index: Int) -> Int {
                let kind = flags[index] & YAMLTree.Flags.kindMask
                return kind == 1 || kind == 2 ? Int(records[index].link) : index + 1
            }
            func resolved(_ index: Int) -> Int {
                flags[index] & YAMLTree.Flags.kindMask == YAMLTree.Flags.alias ? Int(records[index].link) : index
            }
            while position < end {
                let value = next(position)
                let key = resolved(position)
                position = next(value)
                let keyFlags = flags[key]
                guard keyFlags & YAMLTree.Flags.kindMask == 0 else { continue }
                var ascii: Range<Int>?
                if keyFlags & (YAMLTree.Flags.decoded | YAMLTree.Flags.hasExtras) == 0 {
                    let style = (keyFlags & YAMLTree.Flags.styleMask) >> YAMLTree.Flags.styleShift
                    let quote = style == 1 || style == 2 ? 1 : 0
                    let range = Int(records[key].start) + quote..<Int(records[key].end) - quote
                    if plain || YAMLBytes.isASCII(UnsafeBufferPointer(rebasing: bytes[range])) { ascii = range }
                }
                body(key, ascii, resolved(value))
            }
        }
        guard read == nil else { return }
        var pairs = pairs(of: mapping)
        while let (key, value) = pairs.next() {
            guard isScalar(key) else { continue }
            body(key, asciiSourceRange(key, in: bytes), value)
        }
    }

    /// A mapping's pairs in order, as `YAMLNode.pairs` gives them (empty for another kind).
    package func pairs(of index: Int) -> Pairs {
        guard isMapping(index) else { return Pairs(tree: tree, position: 0, end: 0) }
        return Pairs(tree: tree, position: index + 1, end: Int(tree.table[index].link))
    }

    /// The key and value indices of a mapping's pairs, each an alias's target where an alias is written.
    package struct Pairs: Sequence, IteratorProtocol {
        let tree: YAMLTree
        var position: Int
        let end: Int

        package mutating func next() -> (key: Int, value: Int)? {
            guard position < end else { return nil }
            let key = position
            let value = tree.next(key)
            position = tree.next(value)
            return (resolved(key), resolved(value))
        }

        @inline(__always) private func resolved(_ index: Int) -> Int {
            let isAlias = tree.table.flags(index) & YAMLTree.Flags.kindMask == YAMLTree.Flags.alias
            return isAlias ? Int(tree.table[index].link) : index
        }
    }
}
