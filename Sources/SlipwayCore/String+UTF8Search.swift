extension String {
    /// Whether the UTF-8 bytes of `part` occur in this string's. A byte search: the glob matcher and the commit
    /// message's tag search use it to rule out, in one pass, most of the paths and messages they are asked about,
    /// before comparing characters (the standard library's generic `firstRange(of:)` costs several times more).
    public func containsUTF8(_ part: [UInt8]) -> Bool {
        guard let first = part.first else { return true }
        var text = self
        return text.withUTF8 { text in
            guard part.count <= text.count else { return false }
            var start = 0
            while start <= text.count - part.count {
                if text[start] == first, text[start..<start + part.count].elementsEqual(part) { return true }
                start += 1
            }
            return false
        }
    }
}
