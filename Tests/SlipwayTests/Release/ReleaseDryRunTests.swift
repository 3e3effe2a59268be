import Foundation
import SlipwayCore
import SlipwayGit
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("release: --dry-run")
struct ReleaseDryRunTests {
    @Test("--dry-run prints the whole plan and changes nothing: every file, .git included, stays byte for byte")
    func dryRun() throws {
        let repo = try ReleaseRepository.make()
        let before = try TreeSnapshot(repo.url)
        let refs = try ReleaseRepository.refs(repo)
        let result = try repo.slipway("release", "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let after = try TreeSnapshot(repo.url)
        #expect(after.differences(from: before) == [])
        #expect(try ReleaseRepository.refs(repo) == refs)

        let text = result.stdout
        for expected in [
            "version       1.2.0 -> 1.3.0\n", "build         42 -> 43\n",
            "bump          auto: minor, as detect suggests for the commits since v1.2.0\n",
            "-    MARKETING_VERSION: \"1.2.0\"\n-    CURRENT_PROJECT_VERSION: \"42\"\n+    MARKETING_VERSION: \"1.3.0\"\n+    CURRENT_PROJECT_VERSION: \"43\"\n",
            "1. check\n", "2. archive\n", "     SLIPWAY_VERSION=1.3.0\n", "     SLIPWAY_BUILD=43\n",
            "     SLIPWAY_TAG=v1.3.0\n",
            "   commit     project.yml only, on main\n",
            "   message    Release 1.3.0 (43)\n\n              Slipway-Release: 1.3.0+43\n",
            "   tag        v1.3.0 (annotated, on the release commit)\n",
            "   manifest   .slipway/releases/1.3.0+43/manifest.json, with checksums.txt beside it\n",
            "   push       no (", "Dry run: nothing was written, run, committed, tagged or pushed.\n",
        ] {
            #expect(text.contains(expected), "missing \(expected.debugDescription) in:\n\(text)")
        }
    }

    @Test("--dry-run works in a checkout nobody can write to")
    func dryRunReadOnly() throws {
        let repo = try ReleaseRepository.make()
        let bare = try TestRepository(bare: true)
        try repo.git(["remote", "add", "origin", bare.path])
        try repo.git(["push", "-q", "-u", "origin", "main"])
        let (result, changed) = try ReadOnly.run(repo, ["release", "--dry-run", "--push"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "   push       git push --atomic origin refs/heads/main:refs/heads/main refs/tags/v1.3.0:refs/tags/v1.3.0\n"
            ),
            "\(result.stdout)")
        #expect(changed == [])
        // The same checkout really refuses a write: the check is not vacuous.
        let (write, _) = try ReadOnly.run(repo, ["bump", "patch"])
        #expect(write.status != 0, "the checkout was writable after all")
        // A bump takes the repository's lock before it writes anything, so that is where a read-only checkout stops it.
        #expect(write.stderr.contains("cannot take the repository's lock"), "\(write.stderr)")
        #expect(write.stderr.contains("Permission denied"), "\(write.stderr)")
    }
}
