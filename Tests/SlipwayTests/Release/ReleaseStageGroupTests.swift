import Foundation
import SlipwayCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A stage that leaves a program running in its process group (a server, a simulator), then a release killed with
/// SIGKILL right after its stages (`SLIPWAY_TEST_KILL_AFTER_STEP=2`): the guardian was dismissed when the stage
/// ended, so only the journal knows the group. `--continue` and `--abort` end it.
@Suite("release journal: stage process groups that outlive a crash")
struct ReleaseStageGroupTests {
    @Test(
        "--continue and --abort end a stage's program that outlived the killed release",
        arguments: [
            "--continue", "--abort",
        ])
    func endsSurvivor(_ option: String) throws {
        let repo = try ReleaseRepository.make(
            config: """
                stages:
                  - name: serve
                    run: sleep 600 </dev/null >/dev/null 2>&1 & echo $$ > group.pid

                """)
        try repo.write(".gitignore", "build/\ngroup.pid\n")
        try repo.commit("Ignore the stage's file")
        let killed = try repo.slipway(
            arguments: ["release", "minor"], extraEnvironment: ["SLIPWAY_TEST_KILL_AFTER_STEP": "2"])
        #expect(killed.status == SIGKILL, "\(killed.stdout)\(killed.stderr)")
        // The stage's shell is its group's leader: its pid is the group's id.
        let group = try #require(readPid(repo.url.appendingPathComponent("group.pid")))
        defer { kill(-group, SIGKILL) }
        #expect(ProcessGroup.hasLiveMembers(group), "the background sleep should outlive slipway")
        let journal = try String(
            contentsOf: repo.gitFolder.appendingPathComponent("slipway/release-journal"), encoding: .utf8)
        #expect(journal.contains("\"group\": \(group)"), "\(journal)")

        let result = try repo.slipway("release", option)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "nded process group \(group) of the stage \"serve\", still running after the interrupted release "
                    + "(SIGTERM)"),
            "\(result.stdout)")
        #expect(!ProcessGroup.hasLiveMembers(group))
        #expect(
            !FileManager.default.fileExists(
                atPath: repo.gitFolder.appendingPathComponent("slipway/release-journal").path))
        if option == "--continue" { #expect(try repo.log("%s") == "Release 1.3.0 (43)\n") }
    }

    @Test("a group that has ended is not signalled again, and --abort says nothing about it")
    func endedGroupIsLeftAlone() throws {
        let repo = try ReleaseRepository.make(
            config: """
                stages:
                  - name: quick
                    run: echo $$ > group.pid

                """)
        try repo.write(".gitignore", "build/\ngroup.pid\n")
        try repo.commit("Ignore the stage's file")
        let killed = try repo.slipway(
            arguments: ["release", "minor"], extraEnvironment: ["SLIPWAY_TEST_KILL_AFTER_STEP": "2"])
        #expect(killed.status == SIGKILL)
        let group = try #require(readPid(repo.url.appendingPathComponent("group.pid")))
        let journal = try String(
            contentsOf: repo.gitFolder.appendingPathComponent("slipway/release-journal"), encoding: .utf8)
        #expect(journal.contains("\"group\": \(group)"), "\(journal)")
        let result = try repo.slipway("release", "--abort")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("process group"), "\(result.stdout)")
    }

    @Test("a release rolled back after a stage passed ends the programs that stage left running")
    func rollbackEndsSurvivor() throws {
        let repo = try ReleaseRepository.make(
            config: """
                stages:
                  - name: serve
                    run: sleep 600 </dev/null >/dev/null 2>&1 & echo $$ > group.pid
                  - name: fail
                    run: exit 3

                """)
        try repo.write(".gitignore", "build/\ngroup.pid\n")
        try repo.commit("Ignore the stage's file")
        let failed = try repo.slipway("release", "minor")
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        let group = try #require(readPid(repo.url.appendingPathComponent("group.pid")))
        defer { kill(-group, SIGKILL) }
        #expect(!ProcessGroup.hasLiveMembers(group), "the background sleep should end with the rolled-back release")
        #expect(failed.stderr.contains("ended the programs the stage \"serve\" left running"), "\(failed.stderr)")
    }

}
