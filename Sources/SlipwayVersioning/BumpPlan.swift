import Foundation
import SlipwayCore
import SlipwayDetection
import SlipwaySpec

/// Everything a bump would do, computed without writing: old and new values, every edit, the new file contents
/// and the unified diff. `BumpService.apply` writes it; `slipway release` plans, applies, and can restore.
public struct BumpPlan {
    /// The move of one kind of version.
    public struct Change: Sendable, Equatable {
        /// The value every definition agreed on; `nil` when `--set`/`--build` replaced values that disagreed.
        public var old: String?
        /// Every distinct value before the change.
        public var oldValues: [String]
        public var new: String
    }

    /// One rewritten value.
    public struct Edit: Sendable {
        public var kind: VersionDefinition.Kind
        public var setting: String
        /// Where the old value's text starts.
        public var location: SourceLocation
        public var keyPath: String
        public var usedBy: [String]
        public var old: String
        public var new: String
        /// The exact text written in place of the old value's (quotes included when they change).
        public var replacement: String
        /// The bytes replaced, in the file's `documentIndex`.
        var range: Range<Int>
        var documentIndex: Int
        /// The whole new scalar, quotes included.
        var token: String
    }

    /// One file's contents before and after.
    public struct FileUpdate: Sendable, Codable {
        public var url: URL
        /// As messages show it (relative to the current folder).
        public var displayPath: String
        /// Relative to the repository root, as the diff names it so `git apply` takes it from any folder.
        public var rootRelativePath: String
        public let original: [UInt8]
        public let updated: [UInt8]

        public init(url: URL, displayPath: String, rootRelativePath: String, original: [UInt8], updated: [UInt8]) {
            self.url = url
            self.displayPath = displayPath
            self.rootRelativePath = rootRelativePath
            self.original = original
            self.updated = updated
        }

        private enum CodingKeys: String, CodingKey {
            case path, displayPath, rootRelativePath, original, updated
        }

        // The release journal keeps the bytes as base64: exact for any file, and a quarter the size of a number list.
        public init(from decoder: any Decoder) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            url = URL(fileURLWithPath: try values.decode(String.self, forKey: .path))
            displayPath = try values.decode(String.self, forKey: .displayPath)
            rootRelativePath = try values.decode(String.self, forKey: .rootRelativePath)
            original = Array(try values.decode(Data.self, forKey: .original))
            updated = Array(try values.decode(Data.self, forKey: .updated))
        }

        public func encode(to encoder: any Encoder) throws {
            var values = encoder.container(keyedBy: CodingKeys.self)
            try values.encode(url.path, forKey: .path)
            try values.encode(displayPath, forKey: .displayPath)
            try values.encode(rootRelativePath, forKey: .rootRelativePath)
            try values.encode(Data(original), forKey: .original)
            try values.encode(Data(updated), forKey: .updated)
        }
    }

    /// How `auto` chose its level.
    public struct AutoLevel: Sendable {
        public var level: BumpLevel
        /// The release tag the commits are counted from, `nil` when there is none (all history).
        public var since: String?
        public var commitCount: Int
    }

    public var spec: String
    /// The semantic level used (after `auto` chose one), `nil` for build-only or `--set`.
    public var level: BumpLevel?
    public var auto: AutoLevel?
    public var marketing: Change?
    public var build: Change?
    public var edits: [Edit]
    /// References (`$(MARKETING_VERSION)`, `${VERSION}`) left as they are.
    public var references: [VersionDefinition] { definitions.filter(\.isReference) }
    /// The definitions the plan was made from (the inventory's own array, not a copy), or the references alone:
    /// `references` is picked from them only when a report asks.
    var definitions: [VersionDefinition]
    /// Files whose bytes change, in include order.
    public var files: [FileUpdate]
    /// The unified diff of `files`, which a dry run prints.
    public var diff: String
    /// Remarks on what was left alone and why.
    public var notes: [String] = []

    /// Whether applying the plan would change nothing (every value already as asked).
    public var isEmpty: Bool { files.isEmpty }
}

extension BumpPlan {
    /// A plan of files only, as a release journal keeps it: what to write, not how it was worked out.
    package init(spec: String, files: [FileUpdate]) {
        self.init(
            spec: spec, level: nil, auto: nil, marketing: nil, build: nil, edits: [], definitions: [], files: files,
            diff: "")
    }
}
