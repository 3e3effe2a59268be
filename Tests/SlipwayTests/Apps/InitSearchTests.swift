import Foundation
import Testing

/// `slipway init` describes the app's spec, not a fragment the app's spec includes.
@Suite("init: finding the spec")
struct InitSearchTests {
    @Test("a framework's fragment one folder down, included by the root spec, is not a spec of its own")
    func fragmentLeftOut() throws {
        let repo = try TestRepository()
        try repo.write(
            "project.yml",
            """
            name: Notes
            include:
              - Kit/project.yml
            settings:
              MARKETING_VERSION: 2.0.0
            targets:
              Notes:
                type: application
                platform: iOS
                sources: [Sources]

            """)
        try repo.write("Kit/project.yml", "targets:\n  Kit:\n    type: framework\n    platform: iOS\n")
        try repo.write("Other/project.yml", "name: Other\nsettings:\n  MARKETING_VERSION: 1.0.0\n")
        try repo.commit("init")
        let result = try repo.slipway("init", "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("Kit/project.yml"), "\(result.stdout)")
        // A spec no other includes is still one.
        #expect(result.stdout.contains("Other/project.yml"), "\(result.stdout)")
    }
}
