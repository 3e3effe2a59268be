/// One path changed between two trees, as `git diff-tree -r -M` would list it.
public struct FileChange: Hashable, Sendable {
    public enum Status: String, Sendable {
        case added, modified, deleted, renamed, typechange
    }

    public var status: Status
    /// The path after the change (for a deletion, the deleted path).
    public var path: String
    /// For a rename, the path before it.
    public var oldPath: String?
    /// Whether the entry is a submodule (gitlink) on either side.
    public var isSubmodule: Bool
    /// The path's bytes as git records them, only when they are not valid UTF-8: `path` then shows each invalid
    /// sequence as U+FFFD, so it is a display form and these bytes are the exact name. `nil` for every valid path,
    /// so the common case carries (and allocates) nothing.
    public var pathBytes: [UInt8]?
    /// The same for `oldPath`.
    public var oldPathBytes: [UInt8]?

    public init(
        status: Status, path: String, oldPath: String? = nil, isSubmodule: Bool = false, pathBytes: [UInt8]? = nil,
        oldPathBytes: [UInt8]? = nil
    ) {
        self.status = status
        self.path = path
        self.oldPath = oldPath
        self.isSubmodule = isSubmodule
        self.pathBytes = pathBytes
        self.oldPathBytes = oldPathBytes
    }

    /// Every path the change touches: both sides of a rename.
    public var paths: [String] {
        if let oldPath, oldPath != path { return [oldPath, path] }
        return [path]
    }
}
