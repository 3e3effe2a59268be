extension String {
    /// The text before the first line break. A line break is the Character "\n": "\r\n" is one Character of its
    /// own, so a message written with CRLF line ends is one line here, as `split(separator: "\n")` sees it.
    public var firstLine: Substring {
        // Found among the bytes: a "\n" byte is that Character unless a "\r" comes right before it (a Character
        // boundary always falls before a line feed), which costs no grapheme breaking for the whole subject.
        var previous: UInt8 = 0
        for index in utf8.indices {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\n"), previous != UInt8(ascii: "\r") { return self[..<index] }
            previous = byte
        }
        return self[...]
    }
}
