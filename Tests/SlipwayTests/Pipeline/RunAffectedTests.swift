import Foundation
import Testing

/// `slipway run --affected`: only the derived commands of the schemes the change since the release affects.
@Suite("run --affected")
struct RunAffectedTests {
    @Test("a framework's config file change builds the app's scheme, not the watch app's, and says so")
    func skipsUnaffectedSchemes() throws {
        let repo = try DetectAffectedTests.repository()
        try repo.git(["tag", "-a", "v1.0", "-m", "v1.0"])
        try repo.write("Configs/Kit.xcconfig", "// changed\n")
        try repo.commit("Kit settings")
        let all = try repo.slipway("run", "--dry-run")
        #expect(all.stdout.contains("-scheme MyAppWatch"))
        let affected = try repo.slipway("run", "--dry-run", "--affected")
        #expect(affected.status == 0)
        #expect(affected.stdout.contains("-scheme MyApp "))
        #expect(!affected.stdout.contains("-scheme MyAppWatch"))
        #expect(affected.stdout.contains("xcodegen generate"))
        #expect(affected.stdout.contains("note: --affected: skipping MyAppWatch (not affected by "))
    }

    @Test("configured stages run as they are, with a note")
    func configuredStages() throws {
        let repo = try DetectAffectedTests.repository()
        try repo.write(".slipway.yml", "stages:\n  - name: build\n    run: make\n")
        try repo.commit("Stages")
        let result = try repo.slipway("run", "--dry-run", "--affected")
        #expect(result.status == 0)
        #expect(result.stdout.contains("make"))
        #expect(result.stdout.contains("note: --affected filters derived stages only"))
    }
}
