import SlipwayConfig
import SlipwayCore
import SlipwayYAML
import Testing

@Suite("configuration: stages and artifacts")
struct StageConfigTests {
    func parse(_ text: String) throws -> Configuration {
        try Configuration.parse(try YAMLFile(path: ".slipway.yml", text: text))
    }

    /// The rendered error for an invalid configuration.
    func error(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch let error as any SlipwayError {
            return error.rendered
        } catch {
            return "unexpected error: \(error)"
        }
    }

    @Test("every stage key is read, in order, with defaults for the optional ones")
    func fullStages() throws {
        let configuration = try parse(
            """
            stages:
              - name: build
                run: swift build -c release
              - name: ui-tests
                run: |
                  xcodebuild test \\
                    -scheme "My App"
                workingDirectory: App
                timeout: 90.5
                env:
                  FOO: bar
                  COUNT: 3
                when: major
            artifacts:
              - build/*.ipa
              - build/**/*.dSYM.zip
            """)
        let stages = try #require(configuration.stages)
        #expect(stages.map(\.name) == ["build", "ui-tests"])
        #expect(stages[0].command == .shell("swift build -c release"))
        #expect(stages[0].workingDirectory == nil)
        #expect(stages[0].timeout == nil)
        #expect(stages[0].environment.isEmpty)
        #expect(stages[0].when == .always)
        #expect(stages[0].location?.description == ".slipway.yml:2:5")
        #expect(stages[1].command == .shell("xcodebuild test \\\n  -scheme \"My App\"\n"))
        #expect(stages[1].invocations == [["/bin/sh", "-c", "xcodebuild test \\\n  -scheme \"My App\"\n"]])
        #expect(stages[1].workingDirectory == "App")
        #expect(stages[1].timeout == 90.5)
        #expect(stages[1].environment == ["FOO": "bar", "COUNT": "3"])
        #expect(stages[1].when == .major)
        #expect(configuration.artifacts.map(\.pattern) == ["build/*.ipa", "build/**/*.dSYM.zip"])
        #expect(configuration.artifacts[1].matches("build/x/App.dSYM.zip"))
    }

    @Test("a timeout of exactly seven days is accepted")
    func longestTimeout() throws {
        let stages = try #require(try parse("stages:\n  - name: b\n    run: a\n    timeout: 604800\n").stages)
        #expect(stages[0].timeout == 604_800)
    }

    @Test("no stages key means derived defaults; an empty list means no stages")
    func absentAndEmpty() throws {
        #expect(try parse("detect:\n  swiftFileThreshold: 3\n").stages == nil)
        #expect(try parse("stages:\n").stages == nil)
        #expect(try parse("stages: []\n").stages == [])
        #expect(try parse("artifacts: build/App.ipa\n").artifacts.map(\.pattern) == ["build/App.ipa"])
        #expect(try parse("stages: []\n").artifacts.isEmpty)
    }

    @Test(
        "configuration mistakes name file:line:column, show the line and say how to fix it",
        arguments: [
            (
                "stages:\n  build: swift build\n",
                ".slipway.yml:2:3: error: 'stages' must be a list of stages, found mapping", "hint: write each stage"
            ),
            (
                "stages:\n  - swift build\n",
                ".slipway.yml:2:5: error: stage 1 must be a mapping with 'name' and 'run', found string",
                "  - swift build\n    ^"
            ),
            (
                "stages:\n  - name: build\n    rn: swift build\n",
                ".slipway.yml:3:5: error: unknown key 'rn' in 'stages[1]'", "did you mean 'run'?"
            ),
            (
                "stages:\n  - run: swift build\n", ".slipway.yml:2:5: error: stage 1 has no 'name'",
                "hint: add 'name: <stage>'"
            ),
            ("stages:\n  - name: build\n", ".slipway.yml:2:5: error: stage 'build' has no 'run'", "/bin/sh -c"),
            (
                "stages:\n  - name: build\n    run: a\n  - name: build\n    run: b\n",
                ".slipway.yml:4:11: error: a stage named 'build' is already defined on line 2", "must be unique"
            ),
            (
                "stages:\n  - name: my build\n    run: a\n",
                ".slipway.yml:2:11: error: stage name 'my build' may only contain", "log file name"
            ),
            (
                "stages:\n  - name: b\n    run: a\n    timeout: soon\n",
                ".slipway.yml:4:14: error: 'stages[1].timeout' must be a number of seconds, found string 'soon'",
                "timeout: soon"
            ),
            (
                "stages:\n  - name: b\n    run: a\n    timeout: 0\n",
                ".slipway.yml:4:14: error: 'stages[1].timeout' must be more than 0 seconds", "no limit"
            ),
            (
                "stages:\n  - name: b\n    run: a\n    timeout: 1e20\n",
                ".slipway.yml:4:14: error: 'stages[1].timeout' must be at most 604800 seconds (7 days), found 1e20",
                "timeout: 3600"
            ),
            (
                "stages:\n  - name: b\n    run: a\n    timeout: .inf\n",
                ".slipway.yml:4:14: error: 'stages[1].timeout' must be", "timeout: .inf"
            ),
            (
                "stages:\n  - name: b\n    run: a\n    timeout: inf\n",
                ".slipway.yml:4:14: error: 'stages[1].timeout' must be at most 604800 seconds", "no limit"
            ),
            (
                "stages:\n  - name: b\n    run: a\n    timeout: nan\n",
                ".slipway.yml:4:14: error: 'stages[1].timeout' must be", "timeout: nan"
            ),
            (
                "stages:\n  - name: b\n    run: a\n    timeout: 604801\n",
                ".slipway.yml:4:14: error: 'stages[1].timeout' must be at most 604800 seconds", "7 days"
            ),
            (
                "stages:\n  - name: b\n    run: \"echo hi\\0; rm -rf build\"\n",
                ".slipway.yml:3:10: error: 'stages[1].run' contains a NUL character", "\\0"
            ),
            (
                "stages:\n  - name: b\n    run: a\n    workingDirectory: \"App\\0x\"\n",
                ".slipway.yml:4:23: error: 'stages[1].workingDirectory' contains a NUL character", "NUL"
            ),
            (
                "stages:\n  - name: b\n    run: a\n    env:\n      FOO: \"a\\0b\"\n",
                ".slipway.yml:5:12: error: 'stages[1].env.FOO' contains a NUL character", "NUL"
            ),
            (
                "stages:\n  - name: b\n    run: a\n    when: sometimes\n",
                ".slipway.yml:4:11: error: 'stages[1].when' must be one of always, major, found 'sometimes'",
                "when: sometimes"
            ),
            (
                "stages:\n  - name: b\n    run: a\n    env:\n      SLIPWAY_VERSION: 1\n",
                ".slipway.yml:5:7: error: 'SLIPWAY_VERSION' is set by Slipway itself", "hint: choose another name"
            ),
            (
                "stages:\n  - name: b\n    run: a\n    env:\n      1BAD: x\n",
                ".slipway.yml:5:7: error: '1BAD' is not a valid environment variable name", "letters, digits"
            ),
            (
                "stages:\n  - name: b\n    run: a\n    env:\n      LIST: [1, 2]\n",
                ".slipway.yml:5:13: error: 'stages[1].env.LIST' must be a string, found list", "quote it"
            ),
            (
                "stages:\n  - name: b\n    run: \"  \"\n", ".slipway.yml:3:10: error: 'stages[1].run' is empty",
                "swift test"
            ),
            (
                "artifacts:\n  - /abs/App.ipa\n",
                ".slipway.yml:2:5: error: artifact pattern '/abs/App.ipa' must be a non-empty path relative",
                "build/*.ipa"
            ),
            (
                "stagse: []\n", ".slipway.yml:1:1: error: unknown key 'stagse' in the configuration",
                "did you mean 'stages'?"
            ),
        ])
    func errors(text: String, first: String, detail: String) {
        let rendered = error(text)
        #expect(rendered.hasPrefix(first), "\(rendered)")
        #expect(rendered.contains(detail), "\(rendered)")
    }
}
