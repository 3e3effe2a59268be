#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension YAMLTree {
    /// Where each of many scalars' own text starts, line and column included (`YAMLNode.valueStart` for each): the
    /// offsets are visited in order in one pass over the bytes, where each `valueStart` on its own walks up to a
    /// checkpoint's spacing of bytes. Lines and columns are counted as `SourceLines.position(at:)` counts them.
    func valueStarts(_ indices: [Int]) -> [YAMLMark] {
        var marks = [YAMLMark](repeating: YAMLMark(line: 0, column: 0, offset: 0), count: indices.count)
        var pending: [(offset: Int, slot: Int)] = []
        pending.reserveCapacity(indices.count)
        for (slot, index) in indices.enumerated() {
            if let mark = extras(index)?.valueStart {
                marks[slot] = mark
            } else if table.flags(index) & Flags.hasPosition != 0 {
                marks[slot] = mark(index)
            } else {
                pending.append((Int(table[index].start), slot))
            }
        }
        pending.sort { $0.offset < $1.offset }
        bytes.withUnsafeBufferPointer { text in
            if lines.isPlainASCII || LineScanner.isPlainASCII(text) {
                // Every byte one column and LF the only line break: count the LFs between offsets eight bytes at a
                // time, and look back from the offset for where its line starts.
                var line = 1
                var lineStart = 0
                var scanned = 0
                for (offset, slot) in pending {
                    let end = min(offset, text.count)
                    if end > scanned {
                        let feeds = YAMLBytes.lineFeeds(in: UnsafeBufferPointer(rebasing: text[scanned..<end]))
                        if feeds > 0 {
                            line += feeds
                            lineStart = (YAMLBytes.lastLineFeed(in: text, before: end) ?? -1) + 1
                        }
                        scanned = end
                    }
                    marks[slot] = YAMLMark(line: line, column: end - lineStart + 1, offset: offset)
                }
                return
            }
            var scanner = LineScanner(bytes: bytes)
            for (offset, slot) in pending {
                scanner.advance(to: offset, in: text)
                marks[slot] = YAMLMark(line: scanner.line, column: scanner.column, offset: offset)
            }
        }
        return marks
    }

    /// `SourceLines.position(at:)` as one walk forward: from the first character (after a byte-order mark), each
    /// character one column, a line break (CR LF, CR, LF, NEL, LS, PS) one line; an offset inside a character
    /// stays at its start.
    private struct LineScanner {
        var offset: Int
        var line = 1
        var column = 1

        init(bytes: [UInt8]) {
            offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        mutating func advance(to target: Int, in text: UnsafeBufferPointer<UInt8>) {
            guard let base = text.baseAddress else { return }
            let end = min(target, text.count)
            var offset = self.offset
            var column = self.column
            while offset < end {
                // Eight printable ASCII bytes at a time (no byte below 0x20 or from 0x80): eight columns.
                while offset + 8 <= end {
                    let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
                    let low = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                    guard low | (word & 0x8080_8080_8080_8080) == 0 else { break }
                    offset += 8
                    column += 8
                }
                guard offset < end else { break }
                let byte = base[offset]
                if byte >= 0x20, byte < 0x80 {
                    offset += 1
                    column += 1
                    continue
                }
                let (width, _, isBreak) = SourceLines.character(at: offset, in: text)
                guard offset + width <= target else { break }
                offset += width
                if isBreak {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            self.offset = offset
            self.column = column
        }

        /// Whether the text is ASCII without CR: no byte from 0x80, no 0x0D.
        static func isPlainASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let base = text.baseAddress else { return true }
            var offset = 0
            var high: UInt64 = 0
            var carriageReturns: UInt64 = 0
            while offset + 8 <= text.count {
                let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
                high |= word
                // A byte of `word ^ 0x0D…` is zero where the byte is CR.
                let crossed = word ^ 0x0D0D_0D0D_0D0D_0D0D
                carriageReturns |= (crossed &- 0x0101_0101_0101_0101) & ~crossed
                offset += 8
            }
            while offset < text.count {
                if text[offset] >= 0x80 || text[offset] == 0x0D { return false }
                offset += 1
            }
            return (high | carriageReturns) & 0x8080_8080_8080_8080 == 0
        }
    }
}

extension YAMLNode {
    /// `valueStart` of every node, worked out together: nodes of one file in one pass over it.
    package static func valueStarts(of nodes: [YAMLNode]) -> [YAMLMark] {
        guard let tree = nodes.first?.tree, nodes.allSatisfy({ $0.tree === tree }) else {
            return nodes.map(\.valueStart)
        }
        return tree.valueStarts(nodes.map(\.index))
    }
}
