import SlipwayGit

/// A range of history to judge, with how its base was chosen and remarks on that choice.
public struct ResolvedRange: Sendable {
    /// `nil` means from the beginning of history.
    public var base: OID?
    public var head: OID
    public var source: RangeBaseSource
    /// The release tag the range starts from, when the base is one.
    public var tag: String?
    /// Remarks about how the range was chosen (a force push, a missing base, the release tag).
    public var notes: [String]

    public init(base: OID?, head: OID, source: RangeBaseSource, tag: String?, notes: [String]) {
        self.base = base
        self.head = head
        self.source = source
        self.tag = tag
        self.notes = notes
    }
}
