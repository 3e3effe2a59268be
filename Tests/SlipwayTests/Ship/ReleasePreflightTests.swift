import Foundation
import SlipwayCore
import Testing

/// A release that would upload is refused before anything is bumped when the App Store Connect key or the
/// export-compliance key is missing; with both, the plan uploads the release's notes after the tag.
@Suite("Release preflight")
struct ReleasePreflightTests {
    static func repository(encryption: Bool) throws -> TestRepository {
        let repo = try ReleaseFixture.released()
        var spec = ReleaseFixture.spec(version: "1.2.0", build: "42")
        if encryption {
            // The version keys too, or doctor's info-version-literal refuses the release before the plan.
            spec +=
                "    info:\n      path: iOS/Info.plist\n      properties:\n        ITSAppUsesNonExemptEncryption: false\n"
                + "        CFBundleShortVersionString: $(MARKETING_VERSION)\n"
                + "        CFBundleVersion: $(CURRENT_PROJECT_VERSION)\n"
        }
        try repo.write("project.yml", spec)
        try repo.write(".slipway.yml", "stages:\n  - name: check\n    run: \"true\"\nship:\n  when: always\n")
        try repo.write(".gitignore", "build/\n")
        try repo.commit("feat: ship to TestFlight")
        return repo
    }

    @Test("no key and no ITSAppUsesNonExemptEncryption: exit 2, nothing bumped")
    func refusedBeforeTheBump() throws {
        let repo = try Self.repository(encryption: false)
        let before = try ReleaseRepository.refs(repo)
        let result = try repo.slipway("release", "patch")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "APP_STORE_CONNECT_API_KEY_ID and APP_STORE_CONNECT_API_KEY_PATH or APP_STORE_CONNECT_API_KEY are not set"
            ))
        #expect(result.stderr.contains("MyApp does not say whether it uses non-exempt encryption"))
        #expect(try ReleaseRepository.refs(repo) == before)
        #expect(try repo.trackedStatus() == "")
    }

    @Test("with both, the plan archives, exports, and uploads the notes after the tag; the key text is never shown")
    func plansTheUpload() throws {
        let repo = try Self.repository(encryption: true)
        let key = [
            "APP_STORE_CONNECT_API_KEY_ID": "KEY123", "APP_STORE_CONNECT_API_ISSUER_ID": "ISSUER-1",
            "APP_STORE_CONNECT_API_KEY": "-----BEGIN PRIVATE KEY-----\nTOPSECRET\n-----END PRIVATE KEY-----",
        ]
        let result = try repo.slipway("release", "patch", "--dry-run", extraEnvironment: key)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("TOPSECRET") && !result.stderr.contains("TOPSECRET"))
        #expect(result.stdout.contains("-authenticationKeyID KEY123 -authenticationKeyIssuerID ISSUER-1"))
        #expect(result.stdout.contains("build/MyApp.ipa --notes-file .slipway/what-to-test.txt"))
        #expect(result.stdout.contains("writes:    .slipway/what-to-test.txt"))
        #expect(result.stdout.contains("ship to TestFlight"))
        let tag = try #require(result.stdout.range(of: "   tag        v1.2.1"))
        let upload = try #require(result.stdout.range(of: "1. upload"))
        #expect(tag.lowerBound < upload.lowerBound)
    }

    @Test("the key in the Info.plist INFOPLIST_FILE names satisfies the release as it satisfies doctor")
    func infoPlistFileDeclaresEncryption() throws {
        let repo = try ReleaseFixture.released()
        let spec =
            ReleaseFixture.spec(version: "1.2.0", build: "42") + "    settings:\n      INFOPLIST_FILE: iOS/Info.plist\n"
        try repo.write("project.yml", spec)
        try repo.write(
            "iOS/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleShortVersionString</key>
            \t<string>$(MARKETING_VERSION)</string>
            \t<key>CFBundleVersion</key>
            \t<string>$(CURRENT_PROJECT_VERSION)</string>
            \t<key>ITSAppUsesNonExemptEncryption</key>
            \t<false/>
            </dict>
            </plist>

            """)
        try repo.write(".slipway.yml", "stages:\n  - name: check\n    run: \"true\"\nship:\n  when: always\n")
        try repo.write(".gitignore", "build/\n")
        try repo.commit("feat: ship to TestFlight")
        let key = [
            "APP_STORE_CONNECT_API_KEY_ID": "KEY123", "APP_STORE_CONNECT_API_ISSUER_ID": "ISSUER-1",
            "APP_STORE_CONNECT_API_KEY": "-----BEGIN PRIVATE KEY-----\nTOPSECRET\n-----END PRIVATE KEY-----",
        ]
        let doctor = try repo.slipway("doctor")
        #expect(!doctor.stdout.contains("ITSAppUsesNonExemptEncryption"), "\(doctor.stdout)")
        let release = try repo.slipway("release", "patch", "--dry-run", extraEnvironment: key)
        #expect(release.status == 0, "\(release.stderr)")
        #expect(!release.stderr.contains("non-exempt encryption"))
    }
}
