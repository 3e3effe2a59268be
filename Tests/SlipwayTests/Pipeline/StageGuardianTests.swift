import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("stages end with Slipway, however Slipway ends")
struct StageGuardianTests {
    @Test("a stage's programs are stopped when slipway is killed with SIGKILL", arguments: ["run", "release"])
    func killedOutright(command: String) throws {
        let repo = try ReleaseRepository.make(
            config: """
                stages:
                  - name: long
                    run: sleep 300 & echo $! > child.pid; echo ready; wait

                """)
        let process = try RunningProcess(
            SlipwayBinary.path, [command], in: repo.url, environment: repo.environment)
        #expect(process.waitForOutput(containing: "ready\n"), "\(process.stdout)\(process.stderr)")
        let child = try #require(readPid(repo.url.appendingPathComponent("child.pid")))
        #expect(isProcessRunning(child))
        process.signal(SIGKILL)
        #expect(process.waitForExit() != 0)
        // The guardian signals the group as soon as the kernel closes its pipe; allow a loaded machine its time.
        try waitUntil("the stage's sleep to be stopped after slipway was killed", timeout: 30) {
            !isProcessRunning(child)
        }
    }
}
