import SlipwayCore
import SlipwayYAML

/// A problem with the XcodeGen spec or the versions in it, pointing at the offending text when there is one.
public struct SpecError: SlipwayError {
    public var message: String
    public var location: SourceLocation?
    public var sourceLine: String?
    public var hint: String?
    public var exitStatus: ExitStatus

    public init(
        _ message: String, location: SourceLocation? = nil, sourceLine: String? = nil, hint: String? = nil,
        exitStatus: ExitStatus = .badInput
    ) {
        self.message = message
        self.location = location
        self.sourceLine = sourceLine
        self.hint = hint
        self.exitStatus = exitStatus
    }

    /// An error at a node of a spec file, with its line and a caret.
    package init(
        _ message: String, at node: YAMLNode, in file: YAMLFile, hint: String? = nil, exitStatus: ExitStatus = .badInput
    ) {
        self.init(message, at: node.valueStart, in: file, hint: hint, exitStatus: exitStatus)
    }

    package init(
        _ message: String, at mark: YAMLMark, in file: YAMLFile, hint: String? = nil, exitStatus: ExitStatus = .badInput
    ) {
        self.init(
            message, location: file.location(mark), sourceLine: file.line(mark.line), hint: hint, exitStatus: exitStatus
        )
    }

    package init(_ error: YAMLError) {
        self.init(error.message, location: error.location, sourceLine: error.sourceLine, hint: error.hint)
    }
}
