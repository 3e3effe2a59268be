import Foundation
import Testing

@Suite("detect: rules")
struct DetectRulesTests {
    /// A repository with one commit of ordinary app code, so later commits are judged against a parent.
    func appRepository() throws -> TestRepository {
        let repo = try TestRepository()
        try repo.touch("iOS/App.swift", "watchOS/Watch.swift", "Shared/Model.swift", "README.md")
        try repo.commit("Initial commit")
        return repo
    }

    // MARK: swift-files

    @Test("swift-files fires above the threshold: 5 files do not, 6 do", arguments: [5, 6])
    func threshold(count: Int) throws {
        let repo = try appRepository()
        let paths = (1...count).map { "iOS/Screen\($0).swift" }
        for path in paths { try repo.touch(path) }
        try repo.touch("iOS/Notes.md")
        try repo.commit("Add screens")
        let report = try repo.detect()
        #expect(report.counts == .init(files: count + 1, swiftFiles: count))
        #expect(report.major == (count > 5))
        if count > 5 {
            let reason = try #require(report.reason("swift-files"))
            #expect(reason.count == count)
            #expect(reason.threshold == 5)
            #expect(reason.paths == paths.sorted())
            #expect(reason.message == "\(count) Swift files changed, more than 5")
        } else {
            #expect(report.rules.isEmpty)
            let text = try repo.slipway("detect")
            #expect(text.stdout.contains("----  swift-files   5 Swift files changed, fires above 5"))
        }
    }

    @Test("deleted Swift files count toward the threshold")
    func deletions() throws {
        let repo = try appRepository()
        for index in 1...6 { try repo.touch("iOS/Old\(index).swift") }
        try repo.commit("Add old screens")
        for index in 1...6 { try repo.remove("iOS/Old\(index).swift") }
        try repo.commit("Remove old screens")
        let report = try repo.detect()
        #expect(report.files.allSatisfy { $0.status == "deleted" })
        #expect(report.counts.swiftFiles == 6)
        #expect(report.rules == ["swift-files"])
    }

    @Test("a renamed Swift file counts once, and so does one renamed to another extension")
    func renamesCountOnce() throws {
        let repo = try appRepository()
        for index in 1...5 { try repo.touch("iOS/Screen\(index).swift") }
        try repo.commit("Add screens")
        for index in 1...5 { try repo.move("iOS/Screen\(index).swift", "iOS/Screens/Screen\(index).swift") }
        try repo.move("iOS/App.swift", "iOS/App.swift.txt")
        try repo.commit("Move screens")
        let report = try repo.detect()
        #expect(report.files.count == 6)
        #expect(report.files.allSatisfy { $0.status == "renamed" && $0.oldPath != nil })
        #expect(report.counts.swiftFiles == 6)
        #expect(report.reason("swift-files")?.count == 6)
        #expect(report.files == (try repo.gitChanges(from: "HEAD~1", to: "HEAD")))
    }

    @Test("the threshold comes from the configuration")
    func customThreshold() throws {
        let repo = try appRepository()
        try repo.write(".slipway.yml", "detect:\n  swiftFileThreshold: 1\n")
        try repo.commit("Configure")
        try repo.touch("iOS/A.swift", "iOS/B.swift")
        try repo.commit("Two files")
        let report = try repo.detect()
        #expect(report.reason("swift-files")?.threshold == 1)
        #expect(report.reason("swift-files")?.count == 2)
    }

    // MARK: shared-code

    @Test("shared-code fires for a path segment named Shared at any depth", arguments: [
        ("Shared/Model.swift", true),
        ("Modules/Shared/Sync/Engine.swift", true),
        ("iOS/Shared/Colors.swift", true),
        ("Shared/Resources/Strings.txt", true),
        ("SharedKit/Model.swift", false),
        ("shared/Model.swift", false),
        ("iOS/NotShared.swift", false),
        ("iOS/SharedModel.swift", false),
    ])
    func sharedPaths(path: String, fires: Bool) throws {
        let repo = try appRepository()
        try repo.edit("Shared/Model.swift", "// before")
        try repo.commit("Touch shared model")
        try repo.touch(path)
        try repo.commit("Change \(path)")
        let report = try repo.detect()
        #expect(report.major == fires)
        #expect(report.reason("shared-code")?.paths == (fires ? [path] : nil))
    }

    @Test("a rename into Shared counts the new path; the status is renamed with the old path")
    func renameIntoShared() throws {
        let repo = try appRepository()
        try repo.touch("iOS/Formatter.swift")
        try repo.commit("Add formatter")
        try repo.move("iOS/Formatter.swift", "Shared/Formatter.swift")
        try repo.commit("Share the formatter")
        let report = try repo.detect()
        #expect(report.files == [.init("renamed", "Shared/Formatter.swift", from: "iOS/Formatter.swift")])
        #expect(report.files == (try repo.gitChanges(from: "HEAD~1", to: "HEAD")))
        #expect(report.reason("shared-code")?.paths == ["Shared/Formatter.swift"])
        #expect(report.counts.swiftFiles == 1)
    }

    @Test("a rename out of Shared counts the old path, even with edits")
    func renameOutOfShared() throws {
        let repo = try appRepository()
        let body = (1...20).map { "let line\($0) = \($0)" }.joined(separator: "\n") + "\n"
        try repo.write("Shared/Formatter.swift", body)
        try repo.commit("Add formatter")
        try repo.move("Shared/Formatter.swift", "iOS/Formatter.swift")
        try repo.write("iOS/Formatter.swift", body + "let extra = 1\n")
        try repo.commit("Keep the formatter on iOS")
        let report = try repo.detect()
        #expect(report.files == [.init("renamed", "iOS/Formatter.swift", from: "Shared/Formatter.swift")])
        #expect(report.files == (try repo.gitChanges(from: "HEAD~1", to: "HEAD")))
        #expect(report.reason("shared-code")?.paths == ["Shared/Formatter.swift"])
        #expect(report.counts.swiftFiles == 1)
    }

    @Test("a rename inside Shared lists both paths once each")
    func renameWithinShared() throws {
        let repo = try appRepository()
        try repo.move("Shared/Model.swift", "Shared/Models/Model.swift")
        try repo.commit("Reorganise")
        let report = try repo.detect()
        #expect(report.reason("shared-code")?.paths == ["Shared/Model.swift", "Shared/Models/Model.swift"])
        #expect(report.counts == .init(files: 1, swiftFiles: 1))
    }

    @Test("deleting shared code is a shared-code change")
    func sharedDeletion() throws {
        let repo = try appRepository()
        try repo.remove("Shared/Model.swift")
        try repo.commit("Drop the model")
        let report = try repo.detect()
        #expect(report.files == [.init("deleted", "Shared/Model.swift")])
        #expect(report.reason("shared-code")?.paths == ["Shared/Model.swift"])
    }

    @Test("sharedPaths from the configuration replace the default")
    func customSharedPaths() throws {
        let repo = try appRepository()
        try repo.write(".slipway.yml", "detect:\n  sharedPaths: [\"Common/**\", \"**/*.metal\"]\n")
        try repo.commit("Configure")
        try repo.edit("Shared/Model.swift")
        try repo.touch("Common/Net.swift", "iOS/Render/Shader.metal")
        try repo.commit("Change")
        let report = try repo.detect()
        #expect(report.reason("shared-code")?.paths == ["Common/Net.swift", "iOS/Render/Shader.metal"])
    }

    // MARK: build-config

    @Test("build-config fires for the spec, plists, entitlements and xcconfigs at any depth", arguments: [
        ("project.yml", true),
        ("project.yaml", true),
        ("project.json", true),
        ("Info.plist", true),
        ("iOS/Info.plist", true),
        ("watchOS/Extension/Resources/Info.plist", true),
        ("iOS/MyApp.entitlements", true),
        ("watchOS/Extension/Watch.entitlements", true),
        ("Base.xcconfig", true),
        ("Configs/Release/App.xcconfig", true),
        ("Docs/project.yml", false),
        ("iOS/Info.plist.orig", false),
        ("iOS/Settings.plist", false),
        ("Docs/Guide.md", false),
    ])
    func buildConfigPaths(path: String, fires: Bool) throws {
        let repo = try appRepository()
        try repo.touch(path)
        try repo.commit("Add \(path)")
        let report = try repo.detect()
        #expect(report.major == fires)
        #expect(report.reason("build-config")?.paths == (fires ? [path] : nil))
    }

    @Test("renaming a build file counts both paths; deleting one counts")
    func buildConfigRenameAndDeletion() throws {
        let repo = try appRepository()
        try repo.touch("Configs/Base.xcconfig", "iOS/Info.plist")
        try repo.commit("Add configs")
        try repo.move("Configs/Base.xcconfig", "Configs/Shared.xcconfig.disabled")
        try repo.remove("iOS/Info.plist")
        try repo.commit("Disable base config, drop plist")
        let report = try repo.detect()
        #expect(report.reason("build-config")?.paths == ["Configs/Base.xcconfig", "iOS/Info.plist"])
        #expect(report.files == (try repo.gitChanges(from: "HEAD~1", to: "HEAD")))
    }

    @Test("spec files pulled in through include: count as build configuration, followed recursively")
    func specIncludes() throws {
        let repo = try appRepository()
        try repo.write("project.yml", """
            name: MyApp
            include:
              - specs/base.yml
              - path: specs/targets.yml
                relativePaths: false
            targets: {}

            """)
        try repo.write("specs/base.yml", "include: [settings/common.yml]\n")
        // relativePaths: false: this file's own includes resolve against the base path (the root), as in XcodeGen.
        try repo.write("specs/targets.yml", "include:\n  path: extra.json\n")
        try repo.write("specs/settings/common.yml", "settings: {}\n")
        try repo.write("extra.json", "{}\n")
        try repo.write("specs/unused.yml", "settings: {}\n")
        try repo.commit("Add spec")
        for (path, fires) in [
            ("specs/base.yml", true), ("specs/targets.yml", true), ("specs/settings/common.yml", true),
            ("extra.json", true), ("specs/unused.yml", false),
        ] {
            try repo.edit(path, "# edited")
            try repo.commit("Edit \(path)")
            let report = try repo.detect()
            #expect(report.reason("build-config")?.paths == (fires ? [path] : nil), "\(path)")
        }
    }

    @Test("a spec file dropped from include: in the same commit that deletes it still counts")
    func droppedInclude() throws {
        let repo = try appRepository()
        try repo.write("project.yml", "name: MyApp\ninclude: [specs/old.yml]\n")
        try repo.write("specs/old.yml", "settings: {}\n")
        try repo.commit("Add spec")
        try repo.write("project.yml", "name: MyApp\n")
        try repo.remove("specs/old.yml")
        try repo.commit("Inline the old spec")
        let report = try repo.detect()
        #expect(report.reason("build-config")?.paths == ["project.yml", "specs/old.yml"])
        let range = try repo.detect("HEAD~1..HEAD")
        #expect(range.reason("build-config")?.paths == ["project.yml", "specs/old.yml"])
    }

    @Test("the spec path from the configuration is followed, with its includes relative to its folder")
    func configuredSpec() throws {
        let repo = try appRepository()
        try repo.write(".slipway.yml", "spec: App/project.yml\n")
        try repo.write("App/project.yml", "name: MyApp\ninclude: [targets.yml]\n")
        try repo.write("App/targets.yml", "targets: {}\n")
        try repo.commit("Add spec")
        try repo.edit("App/targets.yml", "# edited")
        try repo.commit("Edit targets")
        #expect(try repo.detect().reason("build-config")?.paths == ["App/targets.yml"])
        try repo.edit("App/project.yml", "# edited")
        try repo.commit("Edit spec")
        #expect(try repo.detect().reason("build-config")?.paths == ["App/project.yml"])
    }

    @Test("a spec that does not parse still counts as build configuration")
    func brokenSpec() throws {
        let repo = try appRepository()
        try repo.write("project.yml", "name: [unclosed\n")
        try repo.commit("Break the spec")
        let report = try repo.detect()
        #expect(report.reason("build-config")?.paths == ["project.yml"])
    }

    @Test("buildConfigPaths from the configuration replace the default globs")
    func customBuildConfigPaths() throws {
        let repo = try appRepository()
        try repo.write(".slipway.yml", "detect:\n  buildConfigPaths: [\"**/*.plist\", Cartfile]\n")
        try repo.commit("Configure")
        try repo.touch("iOS/Settings.plist", "Cartfile", "Base.xcconfig")
        try repo.commit("Change")
        let report = try repo.detect()
        #expect(report.reason("build-config")?.paths == ["Cartfile", "iOS/Settings.plist"])
    }

    // MARK: message-tag

    @Test("message tags fire case-insensitively anywhere in the message, naming the tag and the commit", arguments: [
        ("Ship it [deploy]", "[deploy]"),
        ("[Release] 2.0", "[release]"),
        ("Rewrite sync [MAJOR]", "[major]"),
        ("Fix crash\n\nThis one goes out now: [DePloY].", "[deploy]"),
    ])
    func messageTags(message: String, tag: String) throws {
        let repo = try appRepository()
        try repo.edit("README.md")
        let sha = try repo.commit(message)
        let report = try repo.detect()
        #expect(report.major)
        let reason = try #require(report.reason("message-tag"))
        #expect(reason.tags == [.init(tag: tag, commit: sha, subject: String(message.prefix { $0 != "\n" }))])
        #expect(reason.message.contains(tag))
        #expect(reason.message.contains(String(sha.prefix(7))))
    }

    @Test("words without the brackets are not tags", arguments: ["deploy now", "release notes", "[deploy", "major refactor"])
    func notTags(message: String) throws {
        let repo = try appRepository()
        try repo.edit("README.md")
        try repo.commit(message)
        #expect(try repo.detect().rules.isEmpty)
    }

    @Test("tags from the configuration replace the defaults")
    func customTags() throws {
        let repo = try appRepository()
        try repo.write(".slipway.yml", "detect:\n  tags: [\"#ship\"]\n")
        try repo.commit("Configure [deploy]")
        #expect(try repo.detect().rules.isEmpty)
        try repo.edit("README.md")
        try repo.commit("Docs #SHIP")
        #expect(try repo.detect().reason("message-tag")?.tags?.map(\.tag) == ["#ship"])
    }

    // MARK: skip-tag

    @Test("a skip tag on the newest commit overrides every other rule", arguments: ["[skip deploy]", "[Skip Deploy]", "[SKIP DEPLOY]"])
    func skipOverrides(tag: String) throws {
        let repo = try appRepository()
        for index in 1...6 { try repo.touch("Shared/File\(index).swift") }
        try repo.touch("iOS/Info.plist")
        let sha = try repo.commit("[deploy] [major] big change \(tag)")
        let report = try repo.detect()
        #expect(!report.major)
        #expect(report.rules.first == "skip-tag")
        let skip = try #require(report.reason("skip-tag"))
        #expect(skip.tags == [.init(tag: "[skip deploy]", commit: sha, subject: "[deploy] [major] big change \(tag)")])
        #expect(skip.message.contains("overrides"))
        // The other rules are still reported, so the override is visible.
        #expect(Set(report.rules) == ["skip-tag", "swift-files", "shared-code", "build-config"])
        let exit = try repo.slipway("detect", "--exit-code")
        #expect(exit.status == 1)
        #expect(exit.stdout.hasPrefix("not a major change"))
        #expect(exit.stdout.contains("skip  skip-tag"))
    }

    @Test("in a range, a skip tag on the newest commit overrides the whole range")
    func skipOnNewestOfRange() throws {
        let repo = try appRepository()
        let base = try repo.head()
        try repo.touch("Shared/Sync.swift")
        try repo.commit("[release] sync")
        try repo.edit("README.md")
        try repo.commit("Docs [skip deploy]")
        let report = try repo.detect("\(base)..HEAD")
        #expect(!report.major)
        #expect(report.rules.first == "skip-tag")
    }

    @Test("a skip tag on an older commit only silences that commit's own message tags")
    func skipOnOlderCommit() throws {
        let repo = try appRepository()
        let base = try repo.head()
        try repo.edit("README.md", "one")
        try repo.commit("[deploy] but not yet [skip deploy]")
        try repo.edit("README.md", "two")
        try repo.commit("Plain docs")
        let quiet = try repo.detect("\(base)..HEAD")
        #expect(!quiet.major)
        #expect(quiet.rules.isEmpty)
        let text = try repo.slipway("detect", "\(base)..HEAD")
        #expect(text.stdout.contains("only silences that commit's message tags"))

        try repo.touch("Shared/Sync.swift")
        let tagged = try repo.commit("[release] sync")
        let fired = try repo.detect("\(base)..HEAD")
        #expect(fired.major)
        #expect(fired.rules == ["message-tag", "shared-code"])
        #expect(fired.reason("message-tag")?.tags?.map(\.commit) == [tagged])
    }

    @Test("skipTags from the configuration replace the default")
    func customSkipTags() throws {
        let repo = try appRepository()
        try repo.write(".slipway.yml", "detect:\n  skipTags: [\"[wip]\"]\n")
        try repo.touch("Shared/Sync.swift")
        try repo.commit("Sync [skip deploy]")
        #expect(try repo.detect().major)
        try repo.edit("Shared/Sync.swift")
        try repo.commit("More sync [WIP]")
        let report = try repo.detect()
        #expect(!report.major)
        #expect(report.reason("skip-tag")?.tags?.map(\.tag) == ["[wip]"])
    }

    // MARK: root and merge commits

    @Test("a root commit: every file is added and the rules judge them")
    func rootCommit() throws {
        let repo = try TestRepository()
        try repo.touch("project.yml", "Shared/Model.swift", "iOS/App.swift")
        try repo.commit("Initial commit")
        let report = try repo.detect()
        #expect(report.range.base == nil)
        #expect(report.range.baseSource == "parent")
        #expect(report.files == [
            .init("added", "Shared/Model.swift"), .init("added", "iOS/App.swift"), .init("added", "project.yml"),
        ])
        #expect(report.files == (try repo.gitChanges(from: nil, to: "HEAD")))
        #expect(report.rules == ["shared-code", "build-config"])
        let text = try repo.slipway("detect")
        #expect(text.stdout.contains("(root commit)"))
    }

    @Test("a merge commit is judged against its first parent")
    func mergeCommit() throws {
        let repo = try appRepository()
        try repo.git(["checkout", "-q", "-b", "feature"])
        try repo.touch("Shared/Sync.swift")
        try repo.commit("[deploy] sync engine")
        try repo.git(["checkout", "-q", "main"])
        try repo.touch("iOS/Settings.swift")
        try repo.commit("Settings screen")
        try repo.git(["merge", "-q", "--no-ff", "-m", "Merge branch 'feature'", "feature"])
        let merge = try repo.head()
        let report = try repo.detect()
        #expect(report.range.base == (try repo.rev("HEAD^1")))
        #expect(report.files == [.init("added", "Shared/Sync.swift")])
        #expect(report.files == (try repo.gitChanges(from: "HEAD^1", to: "HEAD")))
        // Only the merge's own message counts for a single commit.
        #expect(report.commits.map(\.sha) == [merge])
        #expect(report.rules == ["shared-code"])

        // Merged the other way round, the first parent is the feature branch.
        try repo.git(["checkout", "-q", "feature"])
        try repo.git(["merge", "-q", "--no-ff", "-m", "Merge main into feature", "main~1"])
        let other = try repo.detect()
        #expect(other.files == [.init("added", "iOS/Settings.swift")])
        #expect(other.rules.isEmpty)
    }
}
