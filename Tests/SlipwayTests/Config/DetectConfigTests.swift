import SlipwayConfig
import SlipwayCore
import SlipwayYAML
import Testing

@Suite("configuration: detect section")
struct DetectConfigTests {
    func parse(_ text: String) throws -> Configuration {
        try Configuration.parse(YAMLFile(path: ".slipway.yml", text: text))
    }

    /// The error a text produces, rendered as the command line prints it.
    func failure(_ text: String) -> YAMLError? {
        do {
            _ = try parse(text)
            return nil
        } catch let error as YAMLError {
            return error
        } catch {
            return nil
        }
    }

    @Test("every key has a documented default")
    func defaults() throws {
        let config = DetectConfig()
        #expect(config.tags == ["[deploy]", "[release]", "[major]"])
        #expect(config.skipTags == ["[skip deploy]"])
        #expect(config.swiftFileThreshold == 5)
        #expect(config.sharedPaths.map(\.pattern) == ["**/Shared/**"])
        #expect(
            config.buildConfigPaths.map(\.pattern) == [
                "project.yml", "project.yaml", "project.json", "**/Info.plist", "**/*.entitlements", "**/*.xcconfig",
                "**/Package.resolved", "**/*.xcodeproj/project.pbxproj",
            ])
        #expect(config.releaseTagPattern.pattern == "v*")
        #expect(config.buildConfig == .semantic)
        #expect(config.versionOnly == .ignore)
        #expect(config.sharedCode == .reach)
    }

    @Test(
        "an empty file, a comment-only file and an empty detect section keep the defaults",
        arguments: [
            "", "# nothing yet\n", "detect:\n", "detect: ~\n", "detect: {}\n",
        ])
    func emptyFiles(text: String) throws {
        #expect(try parse(text).detect == DetectConfig())
    }

    @Test("every detect key is read")
    func customValues() throws {
        let config = try parse(
            """
            detect:
              tags: ["[ship]", "#release"]
              skipTags: "[no ship]"
              swiftFileThreshold: 12
              sharedPaths:
                - Common/**
                - "**/Core/*.swift"
              buildConfigPaths: [App.yml, "**/*.plist"]
              releaseTagPattern: release-*

            """
        ).detect
        #expect(config.tags == ["[ship]", "#release"])
        #expect(config.skipTags == ["[no ship]"])
        #expect(config.swiftFileThreshold == 12)
        #expect(config.sharedPaths.map(\.pattern) == ["Common/**", "**/Core/*.swift"])
        #expect(config.buildConfigPaths.map(\.pattern) == ["App.yml", "**/*.plist"])
        #expect(config.releaseTagPattern.pattern == "release-*")
    }

    @Test("empty lists switch a rule's inputs off")
    func emptyLists() throws {
        let config = try parse("detect:\n  tags: []\n  skipTags: []\n  sharedPaths: []\n  buildConfigPaths: []\n")
            .detect
        #expect(config.tags.isEmpty)
        #expect(config.skipTags.isEmpty)
        #expect(config.sharedPaths.isEmpty)
        #expect(config.buildConfigPaths.isEmpty)
    }

    struct BadConfig: CustomTestStringConvertible, Sendable {
        var text: String
        var location: String
        var message: String
        var hint: String?
        var testDescription: String { message }
    }

    static let badConfigs: [BadConfig] = [
        .init(
            text: "detect:\n  tag: [\"[x]\"]\n", location: ".slipway.yml:2:3",
            message: "unknown key 'tag' in 'detect'", hint: "did you mean 'tags'?"),
        .init(
            text: "detect:\n  swiftFilesThreshold: 3\n", location: ".slipway.yml:2:3",
            message: "unknown key 'swiftFilesThreshold' in 'detect'", hint: "did you mean 'swiftFileThreshold'?"),
        .init(
            text: "# config\ndetekt:\n  tags: []\n", location: ".slipway.yml:2:1",
            message: "unknown key 'detekt' in the configuration", hint: "did you mean 'detect'?"),
        .init(
            text: "detect:\n  frobnicate: 1\n", location: ".slipway.yml:2:3",
            message: "unknown key 'frobnicate' in 'detect'", hint: "known keys here: tags, skipTags"),
        .init(
            text: "detect:\n  swiftFileThreshold: many\n", location: ".slipway.yml:2:23",
            message: "'detect.swiftFileThreshold' must be a whole number, found string 'many'"),
        .init(
            text: "detect:\n  swiftFileThreshold: \"6\"\n", location: ".slipway.yml:2:23",
            message: "'detect.swiftFileThreshold' must be a whole number, found string '6'"),
        .init(
            text: "detect:\n  swiftFileThreshold: 2.5\n", location: ".slipway.yml:2:23",
            message: "'detect.swiftFileThreshold' must be a whole number, found number '2.5'"),
        .init(
            text: "detect:\n  swiftFileThreshold: -1\n", location: ".slipway.yml:2:23",
            message: "'detect.swiftFileThreshold' must be at least 0, found -1"),
        .init(
            text: "detect:\n  tags: {deploy: yes}\n", location: ".slipway.yml:2:9",
            message: "'detect.tags' must be a list of strings, found mapping", hint: "write it as"),
        .init(
            text: "detect:\n  sharedPaths:\n    - Shared/**\n    - {path: x}\n", location: ".slipway.yml:4:7",
            message: "every entry of 'detect.sharedPaths' must be a string, found mapping"),
        .init(
            text: "detect:\n  buildConfigPaths:\n", location: ".slipway.yml:2:20",
            message: "'detect.buildConfigPaths' must be a list of strings, found null"),
        .init(
            text: "detect:\n  releaseTagPattern: [v*]\n", location: ".slipway.yml:2:22",
            message: "'detect.releaseTagPattern' must be a string, found list"),
        .init(
            text: "detect: [tags]\n", location: ".slipway.yml:1:9",
            message: "'detect' must be a mapping, found list"),
        .init(
            text: "detect:\n  tags: []\n  tags: [\"[x]\"]\n", location: ".slipway.yml:3:3",
            message: "'tags' is given twice"),
        .init(
            text: "detect:\n  tags: [a\n", location: ".slipway.yml:3:1",
            message: "did not find expected ',' or ']'"),
    ]

    @Test("mistakes are errors at file:line:column with the line, a caret and a hint", arguments: badConfigs)
    func errors(_ bad: BadConfig) throws {
        let error = try #require(failure(bad.text))
        #expect(error.location?.description == bad.location)
        #expect(error.message.contains(bad.message))
        if let hint = bad.hint { #expect(error.hint?.contains(hint) == true) }
        #expect(error.exitStatus == .badInput)
        // The rendering shows the offending line with a caret under the reported column.
        let lines = error.rendered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("\(bad.location): error: ") == true)
        let location = try #require(error.location)
        let source = try #require(error.sourceLine, "no source line under \(bad.location)")
        try #require(lines.count > 2, "\(error.rendered)")
        #expect(lines[1] == Substring(source))
        #expect(lines[2] == Substring(String(repeating: " ", count: location.column - 1) + "^"))
    }

    @Test("did-you-mean only suggests close names")
    func distantNames() throws {
        let error = try #require(failure("detect:\n  completelyDifferent: 1\n"))
        #expect(error.hint?.contains("did you mean") == false)
        #expect(error.hint?.contains("known keys here") == true)
    }
}
