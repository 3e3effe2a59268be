import Foundation
import SlipwayCore
import SlipwayYAML

/// One file of the spec: the root `project.yml` or a file it includes, parsed with its exact bytes.
public struct SpecDocument {
    /// The file's real path.
    public let url: URL
    /// The path as messages show it (relative to the current folder).
    public let displayPath: String
    public let file: YAMLFile
    /// Where the `include:` entry that brought this file in is written; `nil` for the root spec.
    public let includedFrom: SourceLocation?

    /// A `.json` spec: JSON is read with the same parser, but any quoting added must be JSON's.
    public var isJSON: Bool { url.pathExtension.lowercased() == "json" }
}

/// The spec and every file it includes, root first, each file once, in the order XcodeGen reads them.
public struct LoadedSpec {
    public let location: SpecLocation
    public let documents: [SpecDocument]

    public var root: SpecDocument { documents[0] }
}
