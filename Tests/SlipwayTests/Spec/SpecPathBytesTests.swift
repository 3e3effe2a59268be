import Testing

@testable import SlipwayGit
@testable import SlipwaySpec

/// The byte-wise path tests the include walk runs on every path it reaches, against what the Character-based code
/// they replaced gave.
@Suite("spec paths compared as bytes")
struct SpecPathBytesTests {
    @Test("relative paths: the byte fast path gives what the segment walk gives")
    func relative() {
        #expect(SpecPath.relative("/repo/Specs/a.yml", from: "/repo") == "Specs/a.yml")
        #expect(SpecPath.relative("/repo", from: "/repo") == ".")
        #expect(SpecPath.relative("/repository/a.yml", from: "/repo") == "/repository/a.yml")
        #expect(SpecPath.relative("/repo/a.yml", from: "/repo/Specs") == "../a.yml")
        #expect(SpecPath.relative("/x/y", from: "/") == "/x/y")
        #expect(SpecPath.relative("Specs/a.yml", from: "Specs") == "a.yml")
        #expect(SpecPath.relative("/repo//Specs/a.yml", from: "/repo/") == "Specs/a.yml")
        #expect(SpecPath.relative("/repo/Spécs/a.yml", from: "/repo/Spécs") == "a.yml")
    }

    @Test("normal paths are recognised byte by byte, and normalize folds the others")
    func normalize() {
        for path in ["/", "a", "/a/b", "a/...", "a/.b", "é/ü"] { #expect(SpecPath.isNormal(path), "\(path)") }
        for path in ["", ".", "..", "a/", "a//b", "a/./b", "a/../b", "/a/.."] {
            #expect(!SpecPath.isNormal(path), "\(path)")
        }
        #expect(SpecPath.normalize("/repo/Specs/brands/../shared/brand.yml") == "/repo/Specs/shared/brand.yml")
        #expect(SpecPath.normalize("a/./b/") == "a/b")
    }

    @Test("a path is inside a folder only at a slash, byte for byte")
    func inside() {
        #expect(SpecPath.isSame("/repo", orInside: "/repo"))
        #expect(SpecPath.isSame("/repo/a", orInside: "/repo"))
        #expect(!SpecPath.isSame("/repository", orInside: "/repo"))
        #expect(!SpecPath.isSame("/rep", orInside: "/repo"))
        #expect(SpecIncludeCache.overlaps("Specs", "Specs/a.yml"))
        #expect(SpecIncludeCache.overlaps("Specs/a.yml", "Specs"))
        #expect(SpecIncludeCache.overlaps("", "anything"))
        #expect(!SpecIncludeCache.overlaps("Specs/a.yml", "Specs/a.yml.orig"))
        #expect(!SpecIncludeCache.overlaps("Spec", "Specs/a.yml"))
    }

    @Test("the boundary refuses .git folders in any case, and nothing that only looks like one")
    func gitFolders() {
        let boundary = SpecBoundary(root: "/repo", isRepository: true)
        #expect(boundary.contains("/repo/project.yml"))
        #expect(boundary.contains("/repo/.gitignore"))
        #expect(boundary.contains("/repo/a.git/project.yml"))
        #expect(boundary.contains("/repo/.gi/project.yml"))
        for path in ["/repo/.git/config", "/repo/.GIT/config", "/repo/Sub/.Git/x.yml", "/repo/.git"] {
            #expect(!boundary.contains(path), "\(path)")
        }
        #expect(!boundary.contains("/repository/project.yml"))
        #expect(SpecBoundary(root: "/", isRepository: false).contains("/project.yml"))
    }

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

    @Test("a resolution depends on a changed path exactly when the path overlaps one of its probes")
    func dependsOn() {
        let probes = ["project.yml", "Specs", "Specs/brands/alpha.yml", "Shared/base.yml", "Missing/file.yml"]
        let resolution = SpecIncludeCache.Resolution(
            spec: "project.yml", files: [], probes: probes.map { ($0, nil) })
        let paths = [
            "project.yml", "project.yml.orig", "Specs", "Specs/x.yml", "Specs/brands", "Spec", "Shared",
            "Shared/base.yml", "Shared/base.yml/deeper", "Shared/other.yml", "Missing", "Missing/file.yml", "Mis",
            "Sources/App.swift", "", "a/b/c/d",
        ]
        for path in paths {
            let expected = probes.contains { SpecIncludeCache.overlaps($0, path) }
            #expect(resolution.dependsOn(path) == expected, "\(path)")
        }
        let rooted = SpecIncludeCache.Resolution(spec: "project.yml", files: [], probes: [("", nil)])
        #expect(rooted.dependsOn("Sources/App.swift"))
        #expect(resolution.specFiles == ["project.yml"])
    }
}
