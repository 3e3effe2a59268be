import Testing

@testable import SlipwaySpec

/// The byte-wise path tests the include walk runs on every path it reaches, against what the Character-based code
/// they replaced gave.
@Suite("spec paths compared as bytes")
struct SpecPathBytesTests {
    @Test("normal paths are recognised byte by byte, and normalize folds the others")
    func normalize() {
        for path in ["/", "a", "/a/b", "a/...", "a/.b", "é/ü"] { #expect(SpecPath.isNormal(path), "\(path)") }
        for path in ["", ".", "..", "a/", "a//b", "a/./b", "a/../b", "/a/.."] {
            #expect(!SpecPath.isNormal(path), "\(path)")
        }
        #expect(SpecPath.normalize("/repo/Specs/brands/../shared/brand.yml") == "/repo/Specs/shared/brand.yml")
        #expect(SpecPath.normalize("a/./b/") == "a/b")
    }

    @Test("normalize folds bytes as the segment walk it replaced folded Substrings, on 20,000 random paths")
    func normalizeMatchesSegmentWalk() {
        let pieces = ["a", "bc", ".", "..", "...", ".x", "é", "e\u{301}", "\u{301}", "/", "/", "//"]
        var random = SplitMix(seed: 42)
        for _ in 0..<20_000 {
            let count = Int(random.next() % 8)
            let path = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            #expect(SpecPath.normalize(path) == Self.segmentWalk(path), "\(path.debugDescription)")
        }
        #expect(SpecPath.normalize("/..//a/../../b/./") == "/b")
        #expect(SpecPath.normalize("../a/../../b") == "../../b")
        #expect(SpecPath.normalize("a/..") == ".")
        #expect(SpecPath.normalize("/\u{301}/../a") == "/a", "absolute by its first byte")
    }

    /// The Substring walk `normalize` used before it worked on bytes: the oracle. One difference is intended: the
    /// old walk asked `hasPrefix("/")`, a Character test that a combining mark right after the first slash fails,
    /// while the file system (and now `normalize`) reads any path whose first byte is `/` as absolute.
    static func segmentWalk(_ path: String) -> String {
        let absolute = path.utf8.first == UInt8(ascii: "/")
        var parts: [Substring] = []
        for part in SpecPath.segments(path) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    @Test("a path is inside a folder only at a slash, byte for byte")
    func inside() {
        #expect(SpecPath.isSame("/repo", orInside: "/repo"))
        #expect(SpecPath.isSame("/repo/a", orInside: "/repo"))
        #expect(!SpecPath.isSame("/repository", orInside: "/repo"))
        #expect(!SpecPath.isSame("/rep", orInside: "/repo"))
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

    @Test("a resolution depends on a changed path exactly when the path overlaps one of its probes")
    func dependsOn() {
        let probes = ["project.yml", "Specs", "Specs/brands/alpha.yml", "Shared/base.yml", "Missing/file.yml"]
        let resolution = SpecIncludeCache.Resolution(
            id: 0, spec: "project.yml", files: [], probes: probes.map { ($0, nil) })
        let paths = [
            "project.yml", "project.yml.orig", "Specs", "Specs/x.yml", "Specs/brands", "Spec", "Shared",
            "Shared/base.yml", "Shared/base.yml/deeper", "Shared/other.yml", "Missing", "Missing/file.yml", "Mis",
            "Sources/App.swift", "", "a/b/c/d",
        ]
        for path in paths {
            let expected = probes.contains { overlaps($0, path) }
            #expect(resolution.dependsOn(path) == expected, "\(path)")
        }
        let rooted = SpecIncludeCache.Resolution(id: 0, spec: "project.yml", files: [], probes: [("", nil)])
        #expect(rooted.dependsOn("Sources/App.swift"))
        #expect(resolution.specFiles == ["project.yml"])
    }

    /// Whether one path is the other or a folder holding it (either empty is the root): what `dependsOn` answers
    /// for a probe, written the plain way as the test's oracle.
    func overlaps(_ a: String, _ b: String) -> Bool {
        if a.isEmpty || b.isEmpty { return true }
        return a == b || b.hasPrefix(a + "/") || a.hasPrefix(b + "/")
    }
}
