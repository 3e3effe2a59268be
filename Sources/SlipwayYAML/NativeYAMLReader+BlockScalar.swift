/// Literal and folded block scalars, read as libyaml's `yaml_parser_scan_block_scalar` reads them (without an
/// indentation indicator, which the reader declines).
extension NativeYAMLReader {
    /// What a block scalar's lines have left to add: the break ending the last line, and the empty lines since.
    private struct Breaks {
        var leading = false
        var trailing = 0
    }

    /// The block scalar whose `|` or `>` is at `pos`, inside a collection in column `indent`. Its end is where the
    /// line after its last line break starts (libyaml's end mark); `pos` is left inside the next line's indentation.
    mutating func blockScalar(indent parent: Int) throws(Decline) {
        let start = pos
        let literal = text[pos] == 0x7C
        pos += 1
        var chomping = 0
        if at(pos) == 0x2B || at(pos) == 0x2D {
            chomping = at(pos) == 0x2B ? 1 : -1
            pos += 1
        }
        skipSpaces()
        if at(pos) == 0x23 { while pos < count, text[pos] != 0x0A { pos += 1 } }
        if at(pos) == 0x0A {
            pos += 1
            lineStart = pos
        } else if pos < count {
            throw Decline() // an indentation indicator, or text after the header
        }
        var end = pos
        var indent = 0
        var breaks = Breaks()
        var value: [UInt8] = []
        var leadingBlank = false
        skipBreaks(indent: &indent, breaks: &breaks, end: &end, parent: parent)
        while column == indent, pos < count {
            let trailingBlank = text[pos] == 0x20
            if !literal, breaks.leading, !leadingBlank, !trailingBlank {
                if breaks.trailing == 0 { value.append(0x20) }
            } else if breaks.leading {
                value.append(0x0A)
            }
            breaks.leading = false
            value.append(contentsOf: repeatElement(0x0A, count: breaks.trailing))
            breaks.trailing = 0
            leadingBlank = trailingBlank
            let content = pos
            while pos < count, text[pos] != 0x0A { pos += 1 }
            value.append(contentsOf: text[content..<pos])
            if pos < count {
                pos += 1
                lineStart = pos
                breaks.leading = true
            }
            skipBreaks(indent: &indent, breaks: &breaks, end: &end, parent: parent)
        }
        if chomping != -1, breaks.leading { value.append(0x0A) }
        if chomping == 1 { value.append(contentsOf: repeatElement(0x0A, count: breaks.trailing)) }
        appendScalar(start: start, end: end, style: literal ? .literal : .folded, decoded: value)
    }

    /// libyaml's `yaml_parser_scan_block_scalar_breaks`: eats indentation and empty lines, counting the breaks, and
    /// settles the indentation from the first line with text when there is no indicator.
    private mutating func skipBreaks(indent: inout Int, breaks: inout Breaks, end: inout Int, parent: Int) {
        var maximum = 0
        end = pos
        while true {
            while indent == 0 || column < indent, pos < count, text[pos] == 0x20 { pos += 1 }
            maximum = max(maximum, column)
            guard pos < count, text[pos] == 0x0A else { break }
            pos += 1
            lineStart = pos
            breaks.trailing += 1
            end = pos
        }
        if indent == 0 { indent = max(maximum, parent + 1, 1) }
    }
}
