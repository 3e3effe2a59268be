import Foundation
import SlipwayCore
import Testing

/// `phase: after-push`: the release commits, tags and records first; a failing upload leaves all that, the manifest
/// says so, and `--retry-after-push` runs it again. Real repositories and the built binary.
@Suite("Release after push")
struct ReleaseAfterPushTests {
    static let config = """
        stages:
          - name: check
            run: mkdir -p build && echo ran >> build/check-runs.txt
          - name: upload
            phase: after-push
            run: test -f build/allow-upload && echo "uploaded $SLIPWAY_VERSION ($SLIPWAY_BUILD)" > build/uploaded.txt

        """

    @Test("an after-push failure leaves the tag, records it, refuses the next release, and the retry finishes")
    func failureAndRetry() throws {
        let repo = try ReleaseRepository.make(config: Self.config)
        let failed = try repo.slipway("release", "--set", "1.3.0")
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("is committed, tagged v1.3.0, but the after-push stage 'upload' failed"))
        #expect(failed.stderr.contains("slipway release retry-after-push"))
        #expect(try repo.git(["tag", "--list", "v1.3.0"]) == "v1.3.0\n")
        #expect(try repo.log("%s") == "Release 1.3.0 (43)\n")
        let path = ".slipway/releases/1.3.0+43/manifest.json"
        var manifest = try ReleaseRepository.readManifest(repo, path)
        #expect(manifest["afterPush"]?["status"]?.stringValue == "failed")
        #expect(manifest["afterPush"]?["failure"]?["stage"]?.stringValue == "upload")
        #expect(manifest["status"]?.stringValue == "succeeded")
        #expect(try ReleaseFixture.schemaProblems(repo.url.appendingPathComponent(path)).isEmpty)

        let next = try repo.slipway("release", "patch")
        #expect(next.status == 2)
        #expect(next.stderr.contains("did not pass"))

        try repo.write("build/allow-upload", "")
        let retried = try repo.slipway("release", "--retry-after-push")
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(try repo.read("build/uploaded.txt") == "uploaded 1.3.0 (43)\n")
        // The before-commit stage ran once: the retry is the upload alone.
        #expect(try repo.read("build/check-runs.txt") == "ran\n")
        manifest = try ReleaseRepository.readManifest(repo, path)
        #expect(manifest["afterPush"]?["status"]?.stringValue == "passed")
        #expect(manifest["stages"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["check", "upload"])
        let again = try repo.slipway("release", "--retry-after-push")
        #expect(again.status == 2)
    }

    @Test("the dry run shows the after-push stages after the tag, and --major runs 'when: major' stages")
    func dryRunAndMajor() throws {
        let config = Self.config + "  - name: big\n    when: major\n    run: echo big > build/big.txt\n"
        let repo = try ReleaseRepository.make(config: config)
        let plan = try repo.slipway("release", "--dry-run", "--set", "1.3.0")
        #expect(plan.status == 0)
        let tag = try #require(plan.stdout.range(of: "   tag        v1.3.0"))
        let push = try #require(plan.stdout.range(of: "   push       no"))
        let after = try #require(plan.stdout.range(of: "phase: after-push; a failure leaves the release"))
        // Where the stages come from is said once, not again for the after-push group.
        #expect(plan.stdout.components(separatedBy: "Stages from .slipway.yml:").count == 2, "\(plan.stdout)")
        #expect(tag.lowerBound < push.lowerBound && push.lowerBound < after.lowerBound)
        try repo.write("build/allow-upload", "")
        // The fixture's changes are not major (its Shared/ folder is one iOS app's): --major runs the stage.
        #expect(try repo.slipway("release", "--set", "1.3.0", "--major").status == 0)
        #expect(try repo.read("build/big.txt") == "big\n")
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("build/big.txt"))
        // A docs change is not major: 'when: major' stages are skipped, unless --major says otherwise.
        try repo.write("README.md", "docs\n")
        try repo.commit("docs: readme")
        #expect(try repo.slipway("release", "patch").status == 0)
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("build/big.txt").path))
        try repo.write("README.md", "more docs\n")
        try repo.commit("docs: more")
        let major = try repo.slipway("release", "patch", "--major")
        #expect(major.status == 0, "\(major.stderr)")
        #expect(try repo.read("build/big.txt") == "big\n")
    }
}
