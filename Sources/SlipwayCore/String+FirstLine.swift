extension String {
    /// The text before the first line break. A line break is the Character "\n": "\r\n" is one Character of its
    /// own, so a message written with CRLF line ends is one line here, as `split(separator: "\n")` sees it.
    public var firstLine: Substring {
        self[..<(firstIndex(of: "\n") ?? endIndex)]
    }
}
