import SlipwayConfig
import SlipwayCore
import SlipwayYAML
import Testing

@Suite("configuration: ship.sparkle and ship.github")
struct DistributionConfigTests {
    func parse(_ text: String) throws -> Configuration {
        try Configuration.parse(YAMLFile(path: ".slipway.yml", text: text))
    }

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

    @Test("every sparkle key is read, and the key variable has its default")
    func sparkleKeys() throws {
        let full = try #require(
            try parse(
                """
                ship:
                  method: developer-id
                  sparkle:
                    feed: docs/appcast.xml
                    downloadURL: https://example.com/{tag}/{file}?v={version}&b={build}
                    channel: beta
                    minimumSystemVersion: "13.0"
                    privateKeyVariable: APP_SPARKLE_KEY

                """
            ).ship?.sparkle)
        #expect(full.feed == "docs/appcast.xml")
        #expect(full.downloadURL.placeholders == ["tag", "file", "version", "build"])
        #expect(full.channel == "beta")
        #expect(full.minimumSystemVersion == "13.0")
        #expect(full.privateKeyVariable == "APP_SPARKLE_KEY")
        #expect(full.location?.description == ".slipway.yml:4:5")

        let minimal = try #require(
            try parse("ship:\n  sparkle: {feed: appcast.xml, downloadURL: \"https://x.test/{file}\"}\n").ship?.sparkle)
        #expect(minimal.privateKeyVariable == "SPARKLE_PRIVATE_KEY")
        #expect(minimal.channel == nil)
        #expect(minimal.minimumSystemVersion == nil)
        #expect(try parse("ship:\n  method: developer-id\n").ship?.sparkle == nil)
    }

    @Test("github is true, false or a mapping of draft and prerelease")
    func githubForms() throws {
        let plain = try #require(try parse("ship:\n  github: true\n").ship?.github)
        #expect(!plain.draft && !plain.prerelease)
        #expect(try parse("ship:\n  github: false\n").ship?.github == nil)
        #expect(try parse("ship:\n  when: major\n").ship?.github == nil)
        let both = try #require(try parse("ship:\n  github: {draft: true, prerelease: true}\n").ship?.github)
        #expect(both.draft && both.prerelease)
        let one = try #require(try parse("ship:\n  github:\n    prerelease: true\n").ship?.github)
        #expect(!one.draft && one.prerelease)
        #expect(one.location?.description == ".slipway.yml:3:5")
    }

    struct BadConfig: CustomTestStringConvertible, Sendable {
        var text: String
        var location: String
        var message: String
        var hint: String?
        var testDescription: String { message }
    }

    static let url = "downloadURL: https://x.test/{file}"

    static let badConfigs: [BadConfig] = [
        .init(
            text: "ship:\n  sparkle:\n    feed: a.xml\n", location: ".slipway.yml:3:5",
            message: "'ship.sparkle' needs 'downloadURL'", hint: "for example"),
        .init(
            text: "ship:\n  sparkle:\n    channel: beta\n", location: ".slipway.yml:3:5",
            message: "'ship.sparkle' needs 'feed' and 'downloadURL'"),
        .init(
            text: "ship:\n  sparkle:\n    feed: a.xml\n    \(url)\n    chanel: beta\n", location: ".slipway.yml:5:5",
            message: "unknown key 'chanel' in 'ship.sparkle'", hint: "did you mean 'channel'?"),
        .init(
            text: "ship:\n  sparkle:\n    feed: /srv/appcast.xml\n    \(url)\n", location: ".slipway.yml:3:11",
            message: "'ship.sparkle.feed' must be a path inside the repository"),
        .init(
            text: "ship:\n  sparkle:\n    feed: ../site/appcast.xml\n    \(url)\n", location: ".slipway.yml:3:11",
            message: "'ship.sparkle.feed' must be a path inside the repository"),
        .init(
            text: "ship:\n  sparkle:\n    feed: a.xml\n    downloadURL: https://x.test/{vesion}\n",
            location: ".slipway.yml:4:18", message: "unknown placeholder '{vesion}' in 'ship.sparkle.downloadURL'",
            hint: "did you mean '{version}'?"),
        .init(
            text: "ship:\n  sparkle:\n    feed: a.xml\n    downloadURL: releases/{file}\n",
            location: ".slipway.yml:4:18", message: "'ship.sparkle.downloadURL' must be an http(s) URL"),
        .init(
            text: "ship:\n  sparkle:\n    feed: a.xml\n    \(url)\n    channel: two words\n",
            location: ".slipway.yml:5:14", message: "'ship.sparkle.channel' must be one word"),
        .init(
            text: "ship:\n  sparkle:\n    feed: a.xml\n    \(url)\n    minimumSystemVersion: Ventura\n",
            location: ".slipway.yml:5:27", message: "'ship.sparkle.minimumSystemVersion' must be a macOS version"),
        .init(
            text: "ship:\n  sparkle:\n    feed: a.xml\n    \(url)\n    privateKeyVariable: 1KEY\n",
            location: ".slipway.yml:5:25", message: "'ship.sparkle.privateKeyVariable' must be an environment"),
        .init(
            text: "ship:\n  sparkle: appcast.xml\n", location: ".slipway.yml:2:12",
            message: "'ship.sparkle' must be a mapping, found string"),
        .init(
            text: "ship:\n  github: yes please\n", location: ".slipway.yml:2:11",
            message: "'ship.github' must be true, false or a mapping", hint: "github: true"),
        .init(
            text: "ship:\n  github:\n    drafts: true\n", location: ".slipway.yml:3:5",
            message: "unknown key 'drafts' in 'ship.github'", hint: "did you mean 'draft'?"),
        .init(
            text: "ship:\n  github:\n    prerelease: maybe\n", location: ".slipway.yml:3:17",
            message: "'ship.github.prerelease' must be true or false"),
    ]

    @Test("mistakes are errors at file:line:column with a hint", arguments: badConfigs)
    func errors(_ bad: BadConfig) throws {
        let error = try #require(failure(bad.text))
        #expect(error.location?.description == bad.location, "\(error.rendered)")
        #expect(error.message.contains(bad.message), "\(error.rendered)")
        if let hint = bad.hint { #expect(error.hint?.contains(hint) == true, "\(error.rendered)") }
        #expect(error.exitStatus == .badInput)
    }

    @Test("every mistake in both sections is reported at once")
    func allAtOnce() throws {
        let error = try #require(
            failure(
                "ship:\n  sparkle:\n    feed: a.xml\n    \(Self.url)\n    channel: \"\"\n"
                    + "    minimumSystemVersion: x\n  github:\n    draft: 3\n"))
        #expect(error.message.hasPrefix("3 problems in .slipway.yml"), "\(error.rendered)")
        for location in [":5:14", ":6:27", ":8:12"] { #expect(error.message.contains(location), "\(error.message)") }
    }
}
