import Foundation
import Testing

@testable import SlipwayGit

/// Trees read from their stored bytes, as libgit2 reads them.
@Suite("trees read from their bytes")
struct RawTreeTests {
    @Test("tree modes are normalised as libgit2 reports them")
    func treeModes() {
        #expect(RawTree.normalized(0o040000) == 0o040000)
        #expect(RawTree.normalized(0o100644) == 0o100644)
        #expect(RawTree.normalized(0o100664) == 0o100644)
        #expect(RawTree.normalized(0o100755) == 0o100755)
        #expect(RawTree.normalized(0o100744) == 0o100755)
        #expect(RawTree.normalized(0o120000) == 0o120000)
        #expect(RawTree.normalized(0o160000) == 0o160000)
    }

    @Test("tree bytes: entries read in order, malformed ones refused")
    func treeBytes() {
        let id = [UInt8](repeating: 0xAB, count: 20)
        let tree = Array("100644 a.txt".utf8) + [0] + id + Array("40000 Sources".utf8) + [0] + id
        let entries = tree.withUnsafeBufferPointer { RawTree.entries(of: $0) }
        #expect(entries?.map(\.mode) == [0o100644, 0o040000])
        #expect(entries?.map(\.nameLength) == [5, 7])
        for bad in [
            Array(tree.dropLast()), Array("100644 a".utf8) + [0], Array("10a644 a".utf8) + [0] + id,
            Array(" a".utf8) + [0] + id, Array("100644 ".utf8) + [0] + id, Array("1006440 a".utf8) + [0] + id,
        ] {
            #expect(bad.withUnsafeBufferPointer { RawTree.entries(of: $0) } == nil)
        }
    }

    @Test("modes libgit2 reads are read: zero-padded, signed, any number of digits")
    func lenientModes() {
        let id = [UInt8](repeating: 0xCD, count: 20)
        for (text, mode) in [
            ("00100644", 0o100644), ("0000000100644", 0o100644), ("+100644", 0o100644),
            ("040000", 0o040000), ("100755", 0o100755), ("120000", 0o120000), ("160000", 0o160000), ("-0", 0o100644),
        ]
            as [(String, UInt32)]
        {
            let tree = Array("\(text) name".utf8) + [0] + id
            let entries = tree.withUnsafeBufferPointer { RawTree.entries(of: $0) }
            #expect(entries?.map(\.mode) == [mode], "\(text)")
            #expect(entries?.first?.nameLength == 4, "\(text)")
        }
    }

    @Test("a loaded tree lists what libgit2 lists for the folder: names, kinds and order")
    func loadedTreeEntries() throws {
        let repo = try TestRepository()
        try repo.write("b.txt")
        try repo.write("A/inner.txt")
        try repo.write("Zé/ü.yml")
        try repo.write("run.sh")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: repo.path + "/run.sh")
        try FileManager.default.createSymbolicLink(atPath: repo.path + "/link", withDestinationPath: "b.txt")
        let head = try #require(OID(hex: try repo.commit("Tree")))
        let repository = try Repository(discoveringFrom: repo.url)
        let loaded = try LoadedTree(try repository.treeID(of: head), in: repository)
        let listed = try #require(try repository.folderEntries(at: "", in: head))
        #expect(loaded.entries == listed)
        #expect(listed.map(\.name) == ["A", "Zé", "b.txt", "link", "run.sh"])
        #expect(listed.map(\.kind) == [.folder, .folder, .file, .symbolicLink, .file])
        let folder = try #require(loaded.object(named: "Zé"))
        #expect(try LoadedTree(folder.id, in: repository).entries == repository.folderEntries(at: "Zé", in: head))
    }
}
