import Foundation
import SlipwayCore
import SlipwaySpec
import SlipwayVersioning
import SlipwayWorkspace
import Testing

/// The planning and applying steps `slipway release` builds on.
@Suite("bump service: plan, apply, restore")
struct BumpServiceTests {
    @Test("plan writes nothing; apply writes every file; the backup restores every byte")
    func planApplyRestore() throws {
        let fixture = try SpecFixture("includes")
        let original = try fixture.snapshot()
        let workspace = try Workspace.open(from: fixture.url, environment: [:], needs: .anyFolder)
        let service = BumpService(workspace: workspace)
        let plan = try service.plan(BumpRequest(marketing: .bump(.major), build: .set("1000")))
        #expect(plan.marketing?.new == "6.0.0")
        #expect(plan.build?.new == "1000")
        #expect(plan.files.count == 6)
        #expect(plan.edits.allSatisfy { $0.old != $0.new })
        #expect(plan.diff.contains("+++ b/Targets/Watch/complication.yml"))
        #expect(try fixture.snapshot() == original)

        let backup = try service.apply(plan)
        let applied = try fixture.snapshot()
        for file in plan.files {
            let path = String(file.displayPath)
            #expect(applied[path].map { [UInt8]($0) } == file.updated)
        }
        try backup.restore()
        #expect(try fixture.snapshot() == original)
    }

    @Test("applying a plan after the file changed underneath fails without writing anything")
    func staleplan() throws {
        let fixture = try SpecFixture("includes")
        let service = BumpService(workspace: try Workspace.open(from: fixture.url, environment: [:], needs: .anyFolder))
        let plan = try service.plan(BumpRequest(marketing: .bump(.patch), build: .increment))
        try fixture.write("Shared/widget.yml", "# edited meanwhile\n")
        let before = try fixture.snapshot()
        let widget = try #require(plan.files.first { $0.displayPath == "Shared/widget.yml" })
        do {
            _ = try service.apply(plan)
            Issue.record("apply wrote over a file that changed after planning")
        } catch {
            // SlipwayCore's FileWriteError, named by its type; then its text.
            #expect("\(type(of: error))" == "FileWriteError")
            #expect(
                "\(error)" == """
                    Error: \(widget.url.path) changed while Slipway was working on it
                    hint: run the command again so it starts from the file as it is now
                    """)
        }
        #expect(try fixture.snapshot() == before)
    }
}
