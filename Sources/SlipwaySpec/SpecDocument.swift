import Foundation
import SlipwayCore
import SlipwayYAML

/// One file of the spec: the root `project.yml` or a file it includes, parsed with its exact bytes.
public struct SpecDocument {
    /// The file's real path.
    public let url: URL
    /// The path as messages show it (relative to the current folder).
    public let displayPath: String
    /// The path relative to the repository root (the current folder outside a repository): what diffs name, so
    /// `git apply` takes them from any folder.
    public let rootRelativePath: String
    public let file: YAMLFile
    /// Where the `include:` entry that brought this file in is written; `nil` for the root spec.
    public let includedFrom: SourceLocation?
    /// The index in `LoadedSpec.documents` of the file whose `include:` brought this one in; `nil` for the root spec.
    public let includedBy: Int?
    /// The folder XcodeGen prefixes to the paths this file writes (empty for the root spec and for files included
    /// with `relativePaths: false` from it), relative to the project root.
    public var pathPrefix: String = ""

    /// A `.json` spec: JSON is read with the same parser, but any quoting added must be JSON's.
    public var isJSON: Bool { url.pathExtension.lowercased() == "json" }
}

/// The spec and every file it includes, root first, each file once, in the order XcodeGen reads them.
public struct LoadedSpec {
    public let location: SpecLocation
    public let documents: [SpecDocument]
    /// Files an `include:` names that the policy let the loader go without (missing or unreadable), each with where
    /// the entry is written, so a reader can say what it did not see.
    public var skipped: [SkippedInclude] = []

    public struct SkippedInclude: Sendable, Equatable {
        public var path: String
        public var includedFrom: SourceLocation
    }

    public var root: SpecDocument { documents[0] }

    /// Document indices in the order XcodeGen merges them: a file's includes (each in turn, recursively) before the
    /// file itself, so the including file's keys win.
    public var mergeOrder: [Int] {
        var children: [Int: [Int]] = [:]
        for (index, document) in documents.enumerated() {
            if let parent = document.includedBy { children[parent, default: []].append(index) }
        }
        var order: [Int] = []
        func add(_ index: Int) {
            for child in children[index] ?? [] { add(child) }
            order.append(index)
        }
        if !documents.isEmpty { add(0) }
        return order
    }
}
