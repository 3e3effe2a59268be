import Foundation
import Testing

/// `slipway notes --app` and a release's notes with several apps: each app's range starts at its own previous
/// release, and commits that change only another app's files are left out.
@Suite("several apps: notes")
struct AppNotesTests {
    /// The two-app fixture with the verifier released once, then one commit for each app and one for both.
    static func released() throws -> AppFixture {
        let fixture = try AppFixture("two-app", configuration: AppFixture.twoApps)
        let release = try fixture.repo.slipway("release", "patch", "--app", "verifier", "--skip-stages")
        #expect(release.status == 0, "\(release.stderr)")
        #expect(release.stdout.contains("Releasing Wallet (app verifier) 3.1.0 (40) -> 3.1.1 (41) from "))
        try fixture.repo.write("Verifier/Scan.swift", "let scan = 1\n")
        try fixture.repo.commit("fix: scan faster")
        try fixture.repo.write("Holder/Wallet.swift", "let wallet = 1\n")
        try fixture.repo.commit("feat: wallet sharing")
        try fixture.repo.write("HolderWidget/Small.swift", "let small = 1\n")
        try fixture.repo.write("Verifier/Small.swift", "let small = 1\n")
        try fixture.repo.commit("feat: small sizes in both apps")
        try fixture.repo.write("README.md", "# Wallet\n")
        try fixture.repo.commit("docs: readme")
        return fixture
    }

    @Test("notes needs --app with several apps; each app's notes start at its release and keep its own commits")
    func perApp() throws {
        let fixture = try Self.released()
        let unnamed = try fixture.repo.slipway("notes")
        #expect(unnamed.status == 2)
        #expect(unnamed.stderr.contains("(holder, verifier): choose one with --app <name>"))
        // The verifier: since verifier-v3.1.1, without the holder's own commit.
        let verifier = try fixture.golden("notes-verifier", "notes", "--app", "verifier")
        #expect(verifier.stdout.contains("scan faster") && !verifier.stdout.contains("wallet sharing"))
        // The holder has no release yet: all history, without the verifier's commit or its release commit.
        let holder = try fixture.golden("notes-holder", "notes", "--app", "holder")
        #expect(holder.stdout.contains("wallet sharing") && !holder.stdout.contains("scan faster"))
        #expect(!holder.stdout.contains("Release verifier"))
        let json = try fixture.repo.slipway("notes", "--app", "holder", "--format", "json")
        #expect(json.stdout.contains("\"count\":4") && json.stdout.contains("\"since\":null"))
        // An explicit range is filtered the same way.
        let range = try fixture.repo.slipway("notes", "verifier-v3.1.1..HEAD", "--app", "holder")
        #expect(range.status == 0, "\(range.stderr)")
        #expect(range.stdout.contains("wallet sharing") && !range.stdout.contains("scan faster"))
    }

    @Test("release --app writes that app's notes into What to Test and its manifest")
    func releaseNotes() throws {
        let fixture = try Self.released()
        try fixture.repo.write(
            ".slipway.yml", AppFixture.twoApps + "ship:\n  when: major\n  whatToTestFile: WhatToTest.txt\n")
        try fixture.repo.write("WhatToTest.txt", "")
        try fixture.repo.commit("chore: What to Test")
        let result = try fixture.repo.slipway("release", "patch", "--app", "verifier", "--skip-stages")
        #expect(result.status == 0, "\(result.stderr)")
        let notes = try fixture.repo.read("WhatToTest.txt")
        #expect(notes.contains("scan faster") && notes.contains("small sizes in both apps"))
        #expect(!notes.contains("wallet sharing"))
        let manifest = try ReleaseFixture.readJSON(
            fixture.repo.url.appendingPathComponent(".slipway/releases/verifier/3.1.2+42/manifest.json"))
        #expect(manifest["releaseNotes"]?.stringValue == notes)
    }
}
