extension String {
    /// The text before the first line break, exactly as `split(separator: "\n", maxSplits: 1)` finds it.
    ///
    /// That split compares characters, and "\r\n" is one character, so it does not break there. A line feed not
    /// preceded by a carriage return is always a character of its own, so scanning bytes gives the same answer
    /// when no "\r" comes first; only then is the (much slower) character scan needed.
    public var firstLine: Substring {
        var index = utf8.startIndex
        while index != utf8.endIndex {
            switch utf8[index] {
            case UInt8(ascii: "\n"): return self[..<index]
            case UInt8(ascii: "\r"): return self[..<(self[index...].firstIndex(of: "\n") ?? endIndex)]
            default: utf8.formIndex(after: &index)
            }
        }
        return self[...]
    }
}
