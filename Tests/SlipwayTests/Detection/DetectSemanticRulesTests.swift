import Foundation
import Testing

/// The rules judged by meaning: build-config from the resolved project before and after, version-only, shared code
/// by the targets that compile it, and Slipway's own release commits.
@Suite("detect: rules judged by what a change does")
struct DetectSemanticRulesTests {
    /// An iOS app embedding a watch app, a framework built for both, and a unit-test target.
    static func spec(swift: String = "5.9", version: String = "1.0", tests: String = "") -> String {
        """
        name: MyApp
        settings:
          base:
            SWIFT_VERSION: "\(swift)"
            MARKETING_VERSION: "\(version)"
            CURRENT_PROJECT_VERSION: "1"
        targets:
          MyApp:
            type: application
            platform: iOS
            sources: [iOS]
            dependencies:
              - target: MyAppWatch
              - target: Core_iOS
          MyAppWatch:
            type: application.watchapp2
            platform: watchOS
            sources: [watchOS]
            dependencies:
              - target: Core_watchOS
          Core:
            type: framework
            platform: [iOS, watchOS]
            sources: [Core]
          MyAppTests:
            type: bundle.unit-test
            platform: iOS
            sources: [Tests]
            dependencies:
              - target: MyApp\(tests)

        """
    }

    /// One commit per case, each judged on its own (`detect <sha>`) and as part of `--each`.
    struct History {
        let repo: TestRepository
        var commits: [(name: String, sha: String)] = []

        init() throws {
            repo = try TestRepository()
            try repo.write("project.yml", DetectSemanticRulesTests.spec())
            try repo.touch(
                "iOS/App.swift", "iOS/Presentation/Shared/Row.swift", "watchOS/Watch.swift", "Core/Model.swift",
                "Tests/AppTests.swift")
            try add("initial", "Initial app")
            try repo.write("project.yml", "# The app's project\n" + DetectSemanticRulesTests.spec())
            try add("comment", "Explain the spec")
            // The same spec with the settings' keys in another order and another indentation.
            let reordered = DetectSemanticRulesTests.spec().replacingOccurrences(
                of: "    SWIFT_VERSION: \"5.9\"\n    MARKETING_VERSION: \"1.0\"\n",
                with: "    MARKETING_VERSION: \"1.0\"\n    SWIFT_VERSION:   \"5.9\"\n")
            try repo.write("project.yml", reordered)
            try add("key order", "Reorder settings")
            let nightly = "schemes:\n  Nightly:\n    build:\n      targets: {MyApp: all}\n"
            try repo.write("project.yml", DetectSemanticRulesTests.spec() + nightly)
            try add("scheme", "Add a nightly scheme")
            try repo.write(
                "project.yml",
                DetectSemanticRulesTests.spec(tests: "\n    settings:\n      base: {TEST_HOST_FLAG: YES}") + nightly)
            try add("test target", "Tune the tests")
            try repo.write("project.yml", DetectSemanticRulesTests.spec(version: "1.1"))
            try add("version", "Bump to 1.1")
            try repo.write("project.yml", DetectSemanticRulesTests.spec(swift: "6.0", version: "1.1"))
            try add("setting", "Swift 6")
            try repo.write("MyApp.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", "{}\n")
            try add("resolved", "Pin dependencies")
            try repo.write("MyApp.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n")
            try add("pbxproj", "Commit the project")
            try repo.edit("iOS/Presentation/Shared/Row.swift")
            try add("in-app shared", "Tweak a row")
            try repo.edit("Core/Model.swift")
            try add("framework", "Model change")
            try repo.edit("Core/Model.swift", "// again")
            try repo.write("project.yml", DetectSemanticRulesTests.spec(swift: "6.0", version: "1.2"))
            try add("release", "[deploy] Release 1.2 (2)\n\nSlipway-Release: 1.2+2\n")
            try repo.write("project.yml", "name: [unclosed\n")
            try add("broken", "Break the spec")
        }

        mutating func add(_ name: String, _ message: String) throws {
            commits.append((name, try repo.commit(message)))
        }

        func sha(_ name: String) -> String { commits.first { $0.name == name }?.sha ?? "" }

        func short(_ name: String) -> String { String(sha(name).prefix(7)) }

        /// The compared commits, as the reports name them.
        func compared(_ name: String) -> String {
            guard let index = commits.firstIndex(where: { $0.name == name }), index > 0 else { return "" }
            return "compared the project model at \(commits[index - 1].sha.prefix(7)) and \(short(name))"
        }
    }

    @Test("comment, key-order, scheme-only and test-target-only spec changes are not build configuration")
    func specChangesNotCounted() throws {
        let history = try History()
        let cases = [
            ("comment", "comment, format or key-order change to project.yml"),
            ("key order", "comment, format or key-order change to project.yml"),
            ("scheme", "scheme-only change to project.yml"),
            ("test target", "change to project.yml reaches only targets that do not ship: MyAppTests"),
        ]
        for (name, explanation) in cases {
            let report = try history.repo.detect(history.sha(name))
            #expect(!report.major, "\(name)")
            #expect(report.rules.isEmpty, "\(name)")
            #expect(
                report.quiet("build-config") == "\(explanation) (\(history.compared(name)); not counted)", "\(name)")
        }
        let text = try history.repo.slipway("detect", history.sha("scheme"))
        #expect(
            text.stdout.contains(
                "  ----  build-config  scheme-only change to project.yml (\(history.compared("scheme")); not counted)"),
            "\(text.stdout)")
    }

    @Test("a test target added without a scheme changes no scheme; one added with `scheme:` does")
    func addedTestTargets() throws {
        let repo = try TestRepository()
        try repo.write("project.yml", DetectSemanticRulesTests.spec())
        try repo.touch("iOS/App.swift", "watchOS/Watch.swift", "Core/Model.swift", "Tests/AppTests.swift")
        let initial = try repo.commit("Initial app")
        let uiTests = "\n  MyAppUITests:\n    type: bundle.ui-testing\n    platform: iOS\n    sources: [Tests]\n"
        try repo.write("project.yml", DetectSemanticRulesTests.spec() + uiTests)
        let added = try repo.commit("Add UI tests")
        let snapshots = "  MyAppSnapshots:\n    type: bundle.unit-test\n    platform: iOS\n    scheme: {}\n"
        try repo.write("project.yml", DetectSemanticRulesTests.spec() + uiTests + snapshots)
        let withScheme = try repo.commit("Add snapshot tests with a scheme")
        func compared(_ parent: String, _ commit: String) -> String {
            "compared the project model at \(parent.prefix(7)) and \(commit.prefix(7)); not counted"
        }
        #expect(
            try repo.detect(added).quiet("build-config")
                == "change to project.yml reaches only targets that do not ship: MyAppUITests (\(compared(initial, added)))"
        )
        #expect(
            try repo.detect(withScheme).quiet("build-config")
                == "change to project.yml reaches only targets that do not ship: MyAppSnapshots, and schemes "
                + "(\(compared(added, withScheme)))")
    }

    @Test("a version-only change is its own finding, not counted by default and major with versionOnly: major")
    func versionOnly() throws {
        let history = try History()
        let report = try history.repo.detect(history.sha("version"))
        #expect(!report.major)
        #expect(
            report.quiet("version-only")
                == "version-only change to project.yml: targets Core_iOS, Core_watchOS, MyApp, MyAppWatch: settings "
                + "MARKETING_VERSION 1.0 → 1.1 (\(history.compared("version"))); not counted: detect.versionOnly is "
                + "ignore")
        #expect(report.quiet("build-config") == "version-only change to project.yml (see version-only)")

        try history.repo.write(".slipway.yml", "detect:\n  versionOnly: major\n")
        try history.repo.commit("Count version bumps")
        let counted = try history.repo.detect(history.sha("version"))
        #expect(counted.major)
        #expect(counted.rules == ["version-only"])
        #expect(counted.reason("version-only")?.basis == "model")
        #expect(counted.reason("version-only")?.message.hasSuffix("counted: detect.versionOnly is major") == true)
    }

    @Test("a setting every shipped target gets fires build-config, naming the targets and the values")
    func settingChange() throws {
        let history = try History()
        let report = try history.repo.detect(history.sha("setting"))
        #expect(report.major)
        let reason = try #require(report.reason("build-config"))
        #expect(
            reason.message
                == "build configuration changed: project.yml: targets Core_iOS, Core_watchOS, MyApp, MyAppWatch: "
                + "settings SWIFT_VERSION 5.9 → 6.0 (\(history.compared("setting")))")
        #expect(reason.targets == ["Core_iOS", "Core_watchOS", "MyApp", "MyAppWatch"])
        #expect(reason.basis == "model")
        #expect(reason.paths == ["project.yml"])
    }

    @Test("Package.resolved and a committed project.pbxproj fire build-config, saying what they are")
    func resolvedAndProject() throws {
        let history = try History()
        let resolved = try history.repo.detect(history.sha("resolved"))
        let path = "MyApp.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"
        #expect(resolved.reason("build-config")?.paths == [path])
        #expect(
            resolved.reason("build-config")?.message == "build configuration changed: \(path) (dependency versions)")
        let project = try history.repo.detect(history.sha("pbxproj"))
        #expect(
            project.reason("build-config")?.message
                == "build configuration changed: MyApp.xcodeproj/project.pbxproj (the committed Xcode project)")
    }

    @Test("a Shared/ folder inside one app of one platform is not shared code; a framework built for two is")
    func sharedByReach() throws {
        let history = try History()
        let inApp = try history.repo.detect(history.sha("in-app shared"))
        #expect(!inApp.major)
        #expect(
            inApp.quiet("shared-code")
                == "no changed file is compiled into targets of more than one platform, or into more than one app (the "
                + "project model at "
                + "\(history.short("in-app shared")))")
        let framework = try history.repo.detect(history.sha("framework"))
        #expect(framework.rules == ["shared-code"])
        let reason = try #require(framework.reason("shared-code"))
        #expect(reason.message == "shared code changed: Core/Model.swift (compiled for iOS, watchOS)")
        #expect(reason.platforms == ["iOS", "watchOS"])
        #expect(reason.basis == "model")
    }

    @Test("a release commit is never major, whatever fired, and says why")
    func releaseCommit() throws {
        let history = try History()
        let report = try history.repo.detect(history.sha("release"))
        #expect(!report.major)
        #expect(report.rules.first == "release-commit")
        #expect(
            report.reason("release-commit")?.message
                == "\(history.short("release")) carries Slipway-Release: 1.2+2: a release commit of slipway release "
                + "is never a major change (overrides shared-code)")
        let text = try history.repo.slipway("detect", history.sha("release"))
        #expect(text.stdout.hasPrefix("not a major change"))
        #expect(text.stdout.contains("  skip  release-commit"))
    }

    @Test("where no model resolves, the path rules decide and say so")
    func fallback() throws {
        let history = try History()
        let report = try history.repo.detect(history.sha("broken"))
        let reason = try #require(report.reason("build-config"))
        #expect(reason.basis == "paths")
        #expect(
            reason.message.hasPrefix(
                "build configuration changed: project.yml (by path: no project model at \(history.short("broken")): "
            ), "\(reason.message)")
    }

    @Test("with buildConfig: paths and sharedCode: paths, the rules judge paths by name as before")
    func pathsModes() throws {
        let history = try History()
        try history.repo.write(".slipway.yml", "detect:\n  buildConfig: paths\n  sharedCode: paths\n")
        try history.repo.commit("Judge by paths")
        let comment = try history.repo.detect(history.sha("comment"))
        #expect(
            comment.reason("build-config")?.message == "build configuration changed: project.yml "
                + "(detect.buildConfig is paths)")
        let inApp = try history.repo.detect(history.sha("in-app shared"))
        #expect(inApp.reason("shared-code")?.paths == ["iOS/Presentation/Shared/Row.swift"])
    }

    @Test("a local package two apps of apps: link is shared code, naming the apps; flavours of one app are not")
    func packageOfTwoApps() throws {
        let repo = try TestRepository()
        try repo.write(
            "project.yml",
            """
            name: Suite
            packages:
              Kit:
                path: Packages/Kit
            targets:
              Notes:
                type: application
                platform: iOS
                sources: [Notes]
                dependencies: [{package: Kit}]
              Tasks:
                type: application
                platform: iOS
                sources: [Tasks]
                dependencies: [{package: Kit}]

            """)
        try repo.touch("Notes/Notes.swift", "Tasks/Tasks.swift", "Packages/Kit/Sources/Kit/Kit.swift")
        try repo.commit("Suite")
        try repo.edit("Packages/Kit/Sources/Kit/Kit.swift")
        try repo.commit("Kit change")
        try repo.edit("Notes/Notes.swift")
        try repo.commit("Notes change")
        // Without apps:, two application targets on one platform are one app's flavours (a team's Development,
        // Staging and Production apps): a file they all compile is not shared.
        let flavours = try repo.detect("HEAD~1")
        #expect(flavours.reason("shared-code") == nil)
        try expectEachEqualsSingle(repo)

        try repo.write(
            ".slipway.yml",
            """
            apps:
              - name: Notes
                spec: project.yml
                targets: [Notes]
              - name: Tasks
                spec: project.yml
                targets: [Tasks]

            """)
        try repo.commit("Two apps")
        let kit = try repo.detect("--app", "Notes", "HEAD~2")
        #expect(
            kit.reason("shared-code")?.message == "shared code changed: Packages/Kit/Sources/Kit/Kit.swift "
                + "(in apps Notes, Tasks)")
        #expect(kit.reason("shared-code")?.apps == ["Notes", "Tasks"])
        #expect(try repo.detect("--app", "Notes", "HEAD~1").reason("shared-code") == nil)
    }

    @Test("a watch app's own code stays its own inside the iOS app that embeds it; a framework both link is shared")
    func embeddedWatchApp() throws {
        let repo = try TestRepository()
        try repo.write(
            "project.yml",
            """
            name: Pair
            targets:
              Phone:
                type: application
                platform: iOS
                sources: [Phone]
                dependencies: [{target: Watch}, {target: Kit_iOS}]
              Watch:
                type: application
                platform: watchOS
                sources: [Watch]
                dependencies: [{target: Kit_watchOS}]
              Kit:
                type: framework
                platform: [iOS, watchOS]
                sources: [Kit]

            """)
        try repo.touch("Phone/App.swift", "Watch/App.swift", "Kit/Kit.swift")
        try repo.commit("Pair")
        try repo.edit("Watch/App.swift")
        try repo.commit("Watch change")
        try repo.edit("Kit/Kit.swift")
        try repo.commit("Kit change")
        #expect(try repo.detect("HEAD~1").reason("shared-code") == nil)
        #expect(
            try repo.detect().reason("shared-code")?.message
                == "shared code changed: Kit/Kit.swift (compiled for iOS, watchOS)")
        try expectEachEqualsSingle(repo)
    }

    @Test("one target built for iOS and macOS (supportedDestinations) owns its code: it is not shared code")
    func oneTargetManyDestinations() throws {
        let repo = try TestRepository()
        try repo.write(
            "project.yml",
            """
            name: Wallet
            targets:
              Wallet:
                type: application
                supportedDestinations: [iOS, macOS]
                platform: auto
                sources: [Wallet]

            """)
        try repo.touch("Wallet/App.swift")
        try repo.commit("Wallet")
        try repo.edit("Wallet/App.swift")
        try repo.commit("App change")
        #expect(try repo.detect().reason("shared-code") == nil)
        try expectEachEqualsSingle(repo)

        // A framework XcodeGen makes one target per platform of (WalletKit_iOS, WalletKit_macOS) is shared.
        let sdk = try TestRepository()
        try sdk.write(
            "project.yml",
            """
            name: WalletKit
            targets:
              WalletKit:
                type: framework
                platform: [iOS, macOS]
                sources: [Sources]

            """)
        try sdk.touch("Sources/Kit.swift")
        try sdk.commit("Kit")
        try sdk.edit("Sources/Kit.swift")
        try sdk.commit("Kit change")
        #expect(
            try sdk.detect().reason("shared-code")?.message
                == "shared code changed: Sources/Kit.swift (compiled for iOS, macOS)")
    }

    @Test("--each gives every commit of the histories the verdict detect <commit> gives")
    func eachEqualsSingle() throws {
        try expectEachEqualsSingle(try History().repo)
    }

    private func expectEachEqualsSingle(_ repo: TestRepository) throws {
        let each = try repo.slipway("detect", "--each", "HEAD", "--json")
        #expect(each.status == 0, "\(each.stderr)")
        let lines = each.stdout.split(separator: "\n")
        #expect(lines.count == (try repo.gitLog()).count)
        for line in lines {
            let report = try DetectReport.decode(String(line))
            let single = try repo.slipway("detect", report.range.head, "--json")
            #expect(droppingAffected(single.stdout) == line + "\n", "\(report.commits.first?.subject ?? "")")
        }
    }
}
