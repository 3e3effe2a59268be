import Foundation
import SlipwayCore

/// A regular file as it is on disk: its bytes and permission bits. A plan keeps what a file held before a change,
/// so the executor can check nothing changed it in between and can write it back byte for byte on a rollback.
public struct FileContents: Sendable, Equatable {
    public var bytes: [UInt8]
    public var mode: Int

    public init(bytes: [UInt8], mode: Int) {
        self.bytes = bytes
        self.mode = mode
    }

    /// The file at `url`; `nil` when nothing is there. A folder, a symbolic link or an unreadable file is an error:
    /// a plan never replaces those blindly.
    static func read(_ url: URL, shownAs name: String) throws(Failure) -> FileContents? {
        guard let status = FileStatus(url) else { return nil }
        if status.isDirectory || status.isSymbolicLink {
            throw Failure(
                "\(name) is a \(status.isDirectory ? "folder" : "symbolic link"), not a file",
                hint: "move it away, then run the command again")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Failure("cannot read \(name)", hint: "check that the file is readable")
        }
        return FileContents(bytes: Array(data), mode: status.permissions)
    }

    var isExecutable: Bool { mode & 0o111 != 0 }
}
