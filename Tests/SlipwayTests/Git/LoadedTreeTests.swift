import Foundation
import Testing

@testable import SlipwayGit

/// `LoadedTree`, the tree handle the tree diff and the spec cache read folders through.
@Suite("loaded trees")
struct LoadedTreeTests {
    @Test("a loaded tree lists names, kinds and git's order, and finds an entry by its name")
    func entriesAndLookups() throws {
        let repo = try TestRepository()
        try repo.write("b.txt")
        try repo.write("A/inner.txt")
        try repo.write("Zé/ü.yml")
        try repo.write("run.sh")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: repo.path + "/run.sh")
        try FileManager.default.createSymbolicLink(atPath: repo.path + "/link", withDestinationPath: "b.txt")
        let head = try #require(OID(hex: try repo.commit("Tree")))
        let repository = try Repository(discoveringFrom: repo.url)
        let root = try LoadedTree(try repository.treeID(of: head), in: repository)
        #expect(root.entries.map(\.name) == ["A", "Zé", "b.txt", "link", "run.sh"])
        #expect(root.entries.map(\.kind) == [.folder, .folder, .file, .symbolicLink, .file])
        #expect(root.entries == (try repository.folderEntries(at: "", in: head)))

        let folder = try #require(root.object(named: "Zé"))
        #expect(folder.kind == .folder)
        #expect(try LoadedTree(folder.id, in: repository).entries == [TreeEntry(name: "ü.yml", kind: .file)])
        let blob = try repo.git(["rev-parse", "HEAD:b.txt"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(root.object(named: "b.txt") == TreeObject(kind: .file, id: try #require(OID(hex: blob))))
        #expect(root.object(named: "missing") == nil)
        #expect(root.object(named: "A/inner.txt") == nil)
    }

    @Test("reading an object that is not a tree fails with libgit2's error")
    func notATree() throws {
        let repo = try TestRepository()
        try repo.write("b.txt")
        let head = try #require(OID(hex: try repo.commit("Tree")))
        let repository = try Repository(discoveringFrom: repo.url)
        #expect(throws: GitError.self) { try LoadedTree(head, in: repository) }
    }
}
