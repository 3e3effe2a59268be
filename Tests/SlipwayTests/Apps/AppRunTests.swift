import Foundation
import Testing

/// `slipway run --app`, detect's warning for a spec that does not parse, and the What to Test hint: the built
/// binary on real repositories.
@Suite("several apps: run, an unreadable spec, the What to Test hint")
struct AppRunTests {
    @Test("run judges one app: --app is required with several apps unless --major, and judges that app's files")
    func runPerApp() throws {
        let fixture = try AppFixture("two-app", configuration: AppFixture.twoApps)
        try fixture.repo.git(["tag", "verifier-v3.1.0"])
        try fixture.repo.git(["tag", "holder-v5.1.0"])
        for index in 1...6 { try fixture.repo.write("Verifier/File\(index).swift", "let v\(index) = 1\n") }
        try fixture.repo.commit("Six verifier files")
        let unnamed = try fixture.golden("run-unnamed", "run", "--dry-run")
        #expect(unnamed.status == 2)
        #expect(try fixture.repo.slipway("run", "--dry-run", "--affected", "--major").status == 2)
        // --major needs no verdict, so no app: the stages run as the top-level configuration describes them.
        let forced = try fixture.repo.slipway("run", "--dry-run", "--major")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.contains("Major change: yes (--major)"))
        let verifier = try fixture.repo.slipway("run", "--dry-run", "--app", "verifier")
        #expect(verifier.status == 0, "\(verifier.stderr)")
        #expect(verifier.stdout.contains("Major change: yes (detect: 1 commit since verifier-v3.1.0"))
        #expect(verifier.stdout.contains("SLIPWAY_VERSION=3.1.0"))
        // The verifier's files are not the holder's: no major change for it, and its own version.
        let holder = try fixture.repo.slipway("run", "--dry-run", "--app", "holder")
        #expect(holder.status == 0, "\(holder.stderr)")
        #expect(holder.stdout.contains("Major change: no (detect: 1 commit since holder-v5.1.0"))
        #expect(holder.stdout.contains("SLIPWAY_MAJOR=false") && holder.stdout.contains("SLIPWAY_VERSION=5.1.0"))
        let unknown = try fixture.repo.slipway("run", "--dry-run", "--major", "--app", "verifer")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'verifier'?"))
    }

    @Test("detect for GitHub with several apps: releases lists the apps to release, each matrix entry its app")
    func githubOutputs() throws {
        let fixture = try AppFixture("two-app", configuration: AppFixture.twoApps)
        for index in 1...6 { try fixture.repo.write("Verifier/File\(index).swift", "let v\(index) = 1\n") }
        try fixture.repo.commit("Six verifier files")
        let file = fixture.repo.directory.url.appendingPathComponent("github-output")
        let result = try fixture.repo.slipway(
            "detect", "--github-output", "--github-matrix", extraEnvironment: ["GITHUB_OUTPUT": file.path])
        #expect(result.status == 0, "\(result.stderr)")
        // The holder's reach names the Verifier scheme too (the spec is shared); the app released builds it.
        let expected = """
            major=true
            bump=patch
            reasons=swift-files
            apps=verifier
            releases={"app":["verifier"]}
            major-holder=false
            major-verifier=true
            matrix={"include":[{"app":"verifier","destination":"platform=iOS Simulator,OS=latest","platform":"iOS","scheme":"Verifier"}]}

            """
        #expect(try String(contentsOf: file, encoding: .utf8) == expected)
    }

    @Test("one app: run --app is refused, run without it judges as before")
    func runOneApp() throws {
        let fixture = try AppFixture("two-app")
        let named = try fixture.repo.slipway("run", "--dry-run", "--app", "holder")
        #expect(named.status == 2)
        #expect(named.stderr.contains("--app holder: .slipway.yml lists no apps"))
        #expect(try fixture.repo.slipway("run", "--dry-run").status == 0)
    }

    @Test("detect warns once, at the file:line:column, when the spec at the head commit does not parse")
    func unreadableSpec() throws {
        for configuration in [nil, AppFixture.twoApps] {
            let fixture = try AppFixture("two-app", configuration: configuration)
            try fixture.repo.write("Verifier/Scan.swift", "let scan = 1\n")
            try fixture.repo.write("project.yml", try fixture.repo.read("project.yml") + "  Broken: [unclosed\n")
            try fixture.repo.commit("a spec that does not parse")
            for arguments in [["detect"], ["detect", "--json"]] {
                let result = try fixture.repo.slipway(arguments: arguments)
                #expect(result.status == 0, "\(result.stderr)")
                let warnings = result.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("warning: ") }
                #expect(warnings.count == 1, "\(result.stderr)")
                #expect(
                    warnings.first?.hasPrefix("warning: project.yml:24:1: did not find expected ',' or ']'") == true)
                #expect(
                    warnings.first?.contains("cannot be read or resolved, so no affected targets are named") == true)
                #expect(!result.stdout.contains("warning"))
            }
            let json = try fixture.repo.slipway("detect", "--json").stdout
            #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
        }
    }

    @Test("a missing whatToTestFile at the root is created without mkdir; one in a folder with mkdir -p")
    func whatToTestHint() throws {
        for (path, command) in [
            ("WhatToTest.txt", "(touch WhatToTest.txt && git add WhatToTest.txt)"),
            (
                "TestFlight/What To Test.txt",
                "(mkdir -p TestFlight && touch 'TestFlight/What To Test.txt' && git add 'TestFlight/What To Test.txt')"
            ),
        ] {
            let fixture = try AppFixture(
                "two-app", configuration: AppFixture.twoApps + "ship:\n  when: major\n  whatToTestFile: \(path)\n")
            let result = try fixture.repo.slipway("release", "patch", "--app", "verifier", "--skip-stages")
            #expect(result.status == 2)
            #expect(
                result.stderr.contains("hint: create it once and commit it \(command); each release"),
                "\(result.stderr)")
            #expect(!result.stderr.contains("mkdir -p ''"))
        }
    }
}
