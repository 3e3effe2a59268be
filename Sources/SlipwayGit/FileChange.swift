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

    public init(status: Status, path: String, oldPath: String? = nil, isSubmodule: Bool = false) {
        self.status = status
        self.path = path
        self.oldPath = oldPath
        self.isSubmodule = isSubmodule
    }

    /// Every path the change touches: both sides of a rename.
    public var paths: [String] {
        if let oldPath, oldPath != path { return [oldPath, path] }
        return [path]
    }
}
