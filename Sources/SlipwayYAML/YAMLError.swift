import SlipwayCore

/// A YAML file that cannot be read or parsed, or a value of the wrong shape, pointing at the offending text.
public struct YAMLError: SlipwayError {
    public var message: String
    public var location: SourceLocation?
    public var sourceLine: String?
    public var hint: String?

    public init(_ message: String, location: SourceLocation? = nil, sourceLine: String? = nil, hint: String? = nil) {
        self.message = message
        self.location = location
        self.sourceLine = sourceLine
        self.hint = hint
    }
}
