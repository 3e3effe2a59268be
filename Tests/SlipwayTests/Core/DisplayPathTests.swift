import Foundation
import SlipwayCore
import Testing

/// The one way a path is made relative to a folder for messages (and for a spec's files relative to the root).
@Suite("display paths: relative to the repository or the current folder, compared by name")
struct DisplayPathTests {
    @Test("inside the folder: the rest of the path; the folder itself is '.'")
    func inside() {
        #expect(DisplayPath.of("/repo/Specs/a.yml", relativeTo: "/repo") == "Specs/a.yml")
        #expect(DisplayPath.of("/repo", relativeTo: "/repo") == ".")
        #expect(DisplayPath.of("/repo/Spécs/a.yml", relativeTo: "/repo/Spécs") == "a.yml")
        #expect(DisplayPath.of("Specs/a.yml", relativeTo: "Specs") == "a.yml", "relative to the current folder")
        #expect(DisplayPath.of(URL(fileURLWithPath: "/repo/x"), relativeTo: URL(fileURLWithPath: "/repo")) == "x")
    }

    @Test("outside: absolute, or climbing with '..' from the folder when the two share one below '/'")
    func outside() {
        #expect(DisplayPath.of("/repo/a.yml", relativeTo: "/repo/Specs") == "/repo/a.yml")
        #expect(DisplayPath.of("/repo/a.yml", relativeTo: "/repo/Specs", outside: .climbing) == "../a.yml")
        #expect(DisplayPath.of("/repo/b/c", relativeTo: "/repo/x/y", outside: .climbing) == "../../b/c")
        // A name that starts like the folder's is not inside it.
        #expect(DisplayPath.of("/repository/a.yml", relativeTo: "/repo", outside: .climbing) == "/repository/a.yml")
        // Sharing only `/`, and relative to `/` itself: the whole path reads better than a ladder.
        #expect(DisplayPath.of("/etc/x", relativeTo: "/tmp/y", outside: .climbing) == "/etc/x")
        #expect(DisplayPath.of("/x/y", relativeTo: "/") == "/x/y")
        // A folder the base lies in: only steps up.
        #expect(DisplayPath.of("/repo/x", relativeTo: "/repo/x/y/z", outside: .climbing) == "../..")
        #expect(DisplayPath.of("/", relativeTo: "/repo") == "/")
    }

    @Test("'.', '..', repeated and trailing slashes are folded by name; a combining mark after a slash stays a name")
    func folded() {
        #expect(DisplayPath.of("/repo//Specs/./x/../a.yml", relativeTo: "/repo/") == "Specs/a.yml")
        #expect(DisplayPath.of("/repo/\u{301}x/a", relativeTo: "/repo/\u{301}x") == "a")
        #expect(DisplayPath.of("/repo/\u{301}x/a", relativeTo: "/repo") == "\u{301}x/a")
        #expect(RealPath.folded("/a/./b//../c/") == "/a/c")
        #expect(RealPath.folded("/..") == "/")
        #expect(RealPath.folded("/é/\u{301}x") == "/é/\u{301}x")
    }

    @Test("by name, without the file system: a file still to be created under a link is inside the link's folder")
    func byName() throws {
        let folder = TemporaryDirectory("slipway-display")
        let real = folder.url.appendingPathComponent("real")
        let link = folder.url.appendingPathComponent("link")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let missing = link.appendingPathComponent("new/file.txt")
        #expect(DisplayPath.of(missing, relativeTo: link) == "new/file.txt")
        // Two kinds of path (one real, one as named) are not compared through the link: the caller passes one kind.
        #expect(
            DisplayPath.of(RealPath.resolve(missing.path), relativeTo: RealPath.resolve(link.path)) == "new/file.txt")
        #expect(DisplayPath.of(real.appendingPathComponent("f").path, relativeTo: link.path).hasPrefix("/"))
    }
}
