import Foundation
import SlipwayCore
import SlipwaySpec

/// The files on disk a project's paths name, relative to XcodeGen's project root, read only when they are regular
/// files inside the boundary (the repository's working tree, or the folder Slipway works in): a plist or source file
/// the spec names outside it, a device or a FIFO is never opened.
public struct ProjectFiles: Sendable {
    /// XcodeGen's project root (the spec's folder unless `--project-root` or `projectRoot` says otherwise).
    public let root: URL
    /// The real path of the folder files are read in.
    public let boundary: String
    /// The folder messages name files relative to (the current folder, as the model names the spec).
    public let displayBase: URL

    public init(root: URL, boundary: URL, displayBase: URL) {
        self.root = root
        self.boundary = RealPath.resolve(boundary.path)
        self.displayBase = displayBase
    }

    /// The files of the project at `location`: its root is `projectRoot`, else the spec's folder.
    public init(_ location: SpecLocation, boundary: URL, displayBase: URL) {
        self.init(
            root: location.projectRoot ?? location.spec.deletingLastPathComponent(), boundary: boundary,
            displayBase: displayBase)
    }

    /// How a file is named in messages: relative to `displayBase`, as `Workspace.displayPath` names spec files.
    public func display(_ url: URL) -> String {
        SpecPath.display(url, from: displayBase)
    }

    /// `path` (as the spec writes it) under the project root.
    public func url(_ path: String) -> URL {
        URL(fileURLWithPath: RealPath.folded(SpecPath.join(root.path, path)))
    }

    /// A file's bytes when it is a regular file inside the boundary (links followed), up to the size limit.
    public func read(_ url: URL) -> Data? {
        BoundedFile.readIfRegular(url.path, inside: boundary)
    }

    public func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url(path).path)
    }
}
