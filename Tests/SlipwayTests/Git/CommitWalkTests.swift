import Foundation
import Testing

@testable import SlipwayGit

/// `Repository.commits` reads each commit once in its own walk; libgit2's revision walk is the oracle for the
/// order (commits of the same second, clock skew, merges, hidden commits, first parents) and for every field.
@Suite("the commit walk: libgit2's order and data, each commit read once")
struct CommitWalkTests {
    /// A deterministic history: branches forked and merged at random, committer times drawn from a few seconds
    /// (so many commits share one) and sometimes older than their parents.
    static func history(seed: UInt64, commits: Int) -> (stream: String, marks: Int) {
        var random = SplitMix(seed: seed)
        var stream = ""
        var tips: [Int] = []
        for mark in 1...commits {
            let time = 1_700_000_000 + Int(random.next() % UInt64(mark / 3 + 2))
            var parents: [Int] = []
            if !tips.isEmpty {
                let index = Int(random.next() % UInt64(tips.count))
                parents.append(tips[index])
                if random.next() % 5 != 0 { tips.remove(at: index) }
                if tips.count > 1, random.next() % 3 == 0 {
                    let other = Int(random.next() % UInt64(tips.count))
                    if tips[other] != parents[0] { parents.append(tips.remove(at: other)) }
                }
            }
            if mark == commits { parents += tips.filter { !parents.contains($0) } }
            tips.append(mark)
            let message = mark % 7 == 0 ? "\n\nleading blank lines \(mark)\n" : "commit \(mark)\n\nbody\n"
            stream += "commit refs/heads/main\nmark :\(mark)\n"
            stream += "author A U Thor <author@example.com> \(time - 5) +0100\n"
            stream += "committer C O Mitter <committer@example.com> \(time) -0230\n"
            stream += "data \(message.utf8.count)\n\(message)"
            if let first = parents.first { stream += "from :\(first)\n" }
            for merged in parents.dropFirst() { stream += "merge :\(merged)\n" }
            stream += "M 100644 inline file\(mark % 11).txt\ndata \(String(mark).utf8.count)\n\(mark)\n\n"
        }
        return (stream, commits)
    }

    func repository(seed: UInt64, commits: Int) throws -> (TestRepository, Repository) {
        let repo = try TestRepository()
        try repo.git(["fast-import", "--quiet"], input: Self.history(seed: seed, commits: commits).stream)
        return (repo, try Repository(discoveringFrom: repo.url))
    }

    @Test("every commit in libgit2's order, with libgit2's data", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func sameAsLibgit2(seed: UInt64) throws {
        let (fixture, repository) = try repository(seed: seed, commits: 160)
        defer { withExtendedLifetime(fixture) {} }
        let head = try repository.resolveCommit("main")
        let walked = try repository.commits(from: head)
        #expect(walked.count == 160)
        #expect(walked == (try repository.revisionWalk(from: head, excluding: [], firstParentOnly: false)))
        let firstParents = try repository.commits(from: head, firstParentOnly: true)
        #expect(firstParents == (try repository.revisionWalk(from: head, excluding: [], firstParentOnly: true)))
    }

    @Test("hidden commits leave out what they reach, as libgit2's walk does", arguments: [7, 8, 9, 10] as [UInt64])
    func hidden(seed: UInt64) throws {
        let (fixture, repository) = try repository(seed: seed, commits: 120)
        defer { withExtendedLifetime(fixture) {} }
        let head = try repository.resolveCommit("main")
        let all = try repository.revisionWalk(from: head, excluding: [], firstParentOnly: false)
        var random = SplitMix(seed: seed)
        for _ in 0..<6 {
            let hidden = (0..<Int(random.next() % 3 + 1)).map { _ in all[Int(random.next() % UInt64(all.count))].id }
            let expected = try repository.revisionWalk(from: head, excluding: hidden, firstParentOnly: false)
            #expect(try repository.commits(from: head, excluding: hidden) == expected, "hidden \(hidden)")
            let firstParents = try repository.revisionWalk(from: head, excluding: hidden, firstParentOnly: true)
            #expect(try repository.commits(from: head, excluding: hidden, firstParentOnly: true) == firstParents)
        }
    }

    @Test("unusual commit objects read as libgit2 reads them")
    func unusualObjects() throws {
        let repo = try TestRepository()
        try repo.write("a.txt", "a\n")
        let base = try repo.commit("base")
        let tree = try repo.git(["rev-parse", "HEAD^{tree}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let signature = "Ä Ü <ae@example.com>  1700000000 +0000"
        let objects = [
            "tree \(tree)\nparent \(base)\nauthor \(signature)\nauthor Second <s@example.com> 1 +0000\n"
                + "committer  Spaced  <c@example.com> 1700000001 +0530\nencoding ISO-8859-1\n"
                + "gpgsig -----BEGIN PGP SIGNATURE-----\n \n xyz\n -----END PGP SIGNATURE-----\n\n\n\nsubject\n",
            "tree \(tree)\nparent \(base)\nauthor \(signature)\ncommitter C <c@example.com> 1700000002 +0000\n",
            "tree \(tree)\nparent \(base)\nauthor \(signature)\ncommitter C <c@example.com> 1700000003 +0000\n\n",
            "tree \(tree)\nparent \(base)\nauthor <> 5\ncommitter C <c@example.com> 1700000004 bogus\n\nno zone\n",
        ]
        let repository = try Repository(discoveringFrom: repo.url)
        for object in objects {
            let id = try repo.git(["hash-object", "-t", "commit", "-w", "--literally", "--stdin"], input: object)
            let oid = try #require(OID(hex: id.trimmingCharacters(in: .whitespacesAndNewlines)))
            let expected = try repository.revisionWalk(from: oid, excluding: [], firstParentOnly: false)
            #expect(try repository.commits(from: oid) == expected, "\(object)")
            #expect(expected.first == (try repository.commit(oid)))
        }
        // Bytes a Swift string cannot hold: invalid UTF-8 in a name and in the message, and a NUL in the message
        // (libgit2 keeps the message up to it).
        let header = "tree \(tree)\nparent \(base)\nauthor "
        let rest = " <a@example.com> 1 +0000\ncommitter C <c@example.com> 7 +0000\n\nbad "
        for tail in [[0xFF, 0x0A], [0x41, 0x00, 0x42, 0x0A]] as [[UInt8]] {
            let object = Array(header.utf8) + [0xC3, 0x28] + Array(rest.utf8) + tail
            let file = repo.directory.url.appendingPathComponent("object")
            try Data(object).write(to: file)
            let id = try repo.git(["hash-object", "-t", "commit", "-w", "--literally", file.path])
            let oid = try #require(OID(hex: id.trimmingCharacters(in: .whitespacesAndNewlines)))
            let expected = try repository.revisionWalk(from: oid, excluding: [], firstParentOnly: false)
            #expect(try repository.commits(from: oid) == expected, "\(tail)")
            #expect(expected.first?.message.hasSuffix(tail.contains(0) ? "bad A" : "bad \u{FFFD}\n") == true)
        }
    }
}
