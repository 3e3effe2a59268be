/// Names and e-mails seen so far, so the commits of one person share one string each: a history of thousands of
/// commits has a few dozen authors, and a string over 15 bytes is a heap object of its own.
struct NamePool {
    private var strings = Set<String>()

    mutating func share(_ signature: inout Commit.Signature) {
        share(&signature.name)
        share(&signature.email)
    }

    private mutating func share(_ text: inout String) {
        guard text.utf8.count > 15 else { return }
        text = strings.insert(text).memberAfterInsert
    }
}
