import Foundation
import SlipwayCore
import Testing

@Suite("PrivateFolder")
struct PrivateFolderTests {
    @Test("a file is written 0600 in a 0700 folder; a name leading out of the folder is refused")
    func writes() throws {
        let folder = try PrivateFolder(prefix: "slipway-private-test")
        defer { folder.remove() }
        try folder.write("AuthKey_K1.p8", Data("secret".utf8))
        var status = stat()
        #expect(stat(folder.path, &status) == 0 && status.st_mode & 0o777 == 0o700)
        #expect(stat(folder.path + "/AuthKey_K1.p8", &status) == 0 && status.st_mode & 0o777 == 0o600)
        for name in ["../AuthKey_x.p8", "AuthKey_a/b.p8", "..", ""] {
            #expect(throws: Failure.self) { try folder.write(name, Data("secret".utf8)) }
        }
        let parent = (folder.path as NSString).deletingLastPathComponent
        #expect(!FileManager.default.fileExists(atPath: parent + "/AuthKey_x.p8"))
        folder.remove()
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
