import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A repository that tracks its generated `.xcodeproj`: a release whose `generate` stage rewrote `project.pbxproj`
/// and then failed, was cancelled or was killed leaves the project as it was, with the spec.
@Suite("committed generated project: a failed or aborted release restores it")
struct GeneratedProjectRestoreTests {
    static let pbxproj = "Notes.xcodeproj/project.pbxproj"

    /// The committed-project fixture with a real `generate` stage that rewrites the pbxproj (`sed -i.bak`, the
    /// in-place form BSD and GNU sed both read), and `later` after it.
    static func fixture(later: String) throws -> (fixture: AppFixture, refs: String, spec: String, project: String) {
        let fixture = try AppFixture(
            "committed-project",
            configuration: """
                stages:
                  - name: generate
                    run: sed -i.bak "s/1.2.0/$SLIPWAY_VERSION/" \(pbxproj) && rm \(pbxproj).bak
                  - name: check
                    run: \(later)

                """)
        return (
            fixture, try ReleaseRepository.refs(fixture.repo), try fixture.repo.read("project.yml"),
            try fixture.repo.read(pbxproj)
        )
    }

    @Test("a later stage fails: the regenerated project.pbxproj is put back with the spec; nothing committed")
    func laterStageFails() throws {
        let (fixture, refs, spec, project) = try Self.fixture(later: "exit 3")
        let result = try fixture.repo.slipway("release", "patch")
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(Self.pbxproj), which the generate stage rewrote, is back as"))
        #expect(try fixture.repo.read(Self.pbxproj) == project)
        #expect(try fixture.repo.read("project.yml") == spec)
        #expect(try fixture.repo.trackedStatus() == "")
        #expect(try ReleaseRepository.refs(fixture.repo) == refs)
        #expect(
            !FileManager.default.fileExists(
                atPath: fixture.repo.gitFolder.appendingPathComponent("slipway/release-journal").path))
    }

    @Test("killed after the stages or after the commit, --abort puts project.pbxproj back and its index entry too")
    func abortAfterKill() throws {
        // Step 2: the stages ran (the project was regenerated); step 4: the release commit holds it.
        for step in [2, 4] {
            let (fixture, refs, spec, project) = try Self.fixture(later: "true")
            let killed = try fixture.repo.slipway(
                arguments: ["release", "patch"], extraEnvironment: ["SLIPWAY_TEST_KILL_AFTER_STEP": String(step)])
            #expect(killed.status == SIGKILL, "step \(step): \(killed.stderr)")
            #expect(try fixture.repo.read(Self.pbxproj).contains("1.2.1"), "step \(step)")
            let abort = try fixture.repo.slipway("release", "--abort")
            #expect(abort.status == 0, "step \(step): \(abort.stdout)\(abort.stderr)")
            #expect(abort.stdout.contains("put \(Self.pbxproj) back as "), "step \(step): \(abort.stdout)")
            #expect(try fixture.repo.read(Self.pbxproj) == project, "step \(step)")
            #expect(try fixture.repo.read("project.yml") == spec, "step \(step)")
            #expect(try fixture.repo.trackedStatus() == "", "step \(step)")
            #expect(try ReleaseRepository.refs(fixture.repo) == refs, "step \(step)")
        }
    }
}
