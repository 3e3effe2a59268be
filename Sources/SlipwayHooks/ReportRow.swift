/// One line of a hooks report: a name in a 14-column field, then what it says (`post-commit   installed`).
public struct ReportRow: Sendable, Equatable {
    public var name: String
    public var text: String

    public init(_ name: String, _ text: String) {
        self.name = name
        self.text = text
    }

    /// The row as printed, indented by two spaces, with its newline.
    var line: String {
        let padded = name.count >= 14 ? name + " " : name + String(repeating: " ", count: 14 - name.count)
        return "  \(padded)\(text)\n"
    }
}
