import Foundation
import Testing

/// The rules of what App Store Connect refuses or warns about: each with a spec that triggers it and one that
/// does not.
@Suite("doctor: what App Store Connect refuses")
struct DoctorAppStoreRuleTests {
    /// The clean app embedding a watch app with `watchID` and `companion` (nil: no such key).
    static func watchSpec(watchID: String, companion: String?, watchVersion: String = "$(MARKETING_VERSION)") -> String
    {
        DoctorFixture.cleanSpec + """
                dependencies:
                  - target: Watch
              Watch:
                type: application
                platform: watchOS
                sources: [Watch]
                settings:
                  PRODUCT_BUNDLE_IDENTIFIER: \(watchID)
                info:
                  path: Watch/Info.plist
                  properties:
                    CFBundleShortVersionString: \(watchVersion)
                    CFBundleVersion: $(CURRENT_PROJECT_VERSION)
            \(companion.map { "        WKCompanionAppBundleIdentifier: \($0)\n" } ?? "")
            """
    }

    static var watchFiles: [String: String] {
        var files = DoctorFixture.cleanFiles
        files["Watch/Watch.swift"] = "import SwiftUI\n"
        return files
    }

    @Test("the clean app with a well-formed watch app has no finding")
    func cleanWatch() throws {
        let spec = Self.watchSpec(watchID: "com.example.App.watchkitapp", companion: "com.example.App")
        #expect(try DoctorFixture(spec: spec, files: Self.watchFiles).report().findings == [])
    }

    @Test("watch-bundle-id (ITMS-90376): the watch app's id does not extend the iOS app's")
    func watchBundleID() throws {
        let spec = Self.watchSpec(watchID: "com.example.Watch", companion: "com.example.App")
        let found = try DoctorFixture(spec: spec, files: Self.watchFiles).findings(.watchBundleID)
        #expect(found.map(\.location.description) == ["project.yml:25:34"])
        #expect(found.first?.fix == "set PRODUCT_BUNDLE_IDENTIFIER of 'Watch' to 'com.example.App.watchkitapp'")
    }

    @Test("watch-companion-id: WKCompanionAppBundleIdentifier is not the iOS app's id, or is missing")
    func watchCompanionID() throws {
        let wrong = Self.watchSpec(watchID: "com.example.App.watchkitapp", companion: "com.example.Other")
        let found = try DoctorFixture(spec: wrong, files: Self.watchFiles).findings(.watchCompanionID)
        #expect(found.map(\.location.description) == ["project.yml:31:9"])
        let missing = Self.watchSpec(watchID: "com.example.App.watchkitapp", companion: nil)
        #expect(try DoctorFixture(spec: missing, files: Self.watchFiles).findings(.watchCompanionID).count == 1)
        let expanded = Self.watchSpec(watchID: "com.example.App.watchkitapp", companion: "$(APP_ID)")
            .replacingOccurrences(
                of: "settings:\n  MARKETING", with: "settings:\n  APP_ID: com.example.App\n  MARKETING")
        #expect(try DoctorFixture(spec: expanded, files: Self.watchFiles).findings(.watchCompanionID) == [])
    }

    @Test("version-mismatch (ITMS-90473): an embedded watch app with another version than its app")
    func versionMismatch() throws {
        let spec = Self.watchSpec(
            watchID: "com.example.App.watchkitapp", companion: "com.example.App", watchVersion: "\"2.0\"")
        let found = try DoctorFixture(spec: spec, files: Self.watchFiles).findings(.versionMismatch)
        #expect(found.map(\.message) == ["'Watch' has CFBundleShortVersionString '2.0', its app 'App' has '1.0.0'"])
        #expect(found.first?.severity == .warning)
    }

    @Test("info-version-literal (XcodeGen #1455): info: without the version keys, or with literals")
    func infoVersionLiteral() throws {
        let missing = DoctorFixture.cleanSpec.replacingOccurrences(
            of: "        CFBundleVersion: $(CURRENT_PROJECT_VERSION)\n", with: "")
        let found = try DoctorFixture(spec: missing).findings(.infoVersionLiteral)
        #expect(found.map(\.severity) == [.error])
        #expect(found.first?.message.contains("XcodeGen writes '1'") == true)
        let literal = DoctorFixture.cleanSpec.replacingOccurrences(of: "$(MARKETING_VERSION)", with: "\"1.0.0\"")
        let literals = try DoctorFixture(spec: literal).findings(.infoVersionLiteral)
        #expect(literals.map(\.severity) == [.warning])
        #expect(literals.map(\.location.description) == ["project.yml:15:9"])
    }

    @Test("empty-usage-description (ITMS-90738): an empty purpose string, in the spec or in Info.plist")
    func emptyUsageDescription() throws {
        let spec = DoctorFixture.cleanSpec + "        NSCameraUsageDescription: \"\"\n"
        let empty = try DoctorFixture(spec: spec).findings(.emptyUsageDescription)
        #expect(empty.map(\.location.line) == [18])
        // App Store Connect rejects the upload, so it is an error: release refuses, doctor exits 1.
        #expect(empty.map(\.severity) == [.error])
        let plain = DoctorFixture.cleanSpec + "        NSCameraUsageDescription: Scans receipts\n"
        #expect(try DoctorFixture(spec: plain).findings(.emptyUsageDescription) == [])
        // Without info:, the Info.plist on disk is what ships.
        let onDisk = """
            name: Plist
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]
                settings:
                  INFOPLIST_FILE: App/Info.plist
                  PRODUCT_BUNDLE_IDENTIFIER: com.example.App

            """
        var files = DoctorFixture.cleanFiles
        files["App/Info.plist"] = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>NSMicrophoneUsageDescription</key>
            \t<string></string>
            \t<key>ITSAppUsesNonExemptEncryption</key>
            \t<false/>
            </dict>
            </plist>

            """
        let fromPlist = try DoctorFixture(spec: onDisk, files: files).findings(.emptyUsageDescription)
        #expect(fromPlist.map(\.location.description) == ["App/Info.plist:4:2"])
    }

    @Test("missing-encryption-key: an app without ITSAppUsesNonExemptEncryption")
    func missingEncryptionKey() throws {
        let spec = DoctorFixture.cleanSpec.replacingOccurrences(
            of: "        ITSAppUsesNonExemptEncryption: false\n", with: "")
        let found = try DoctorFixture(spec: spec).findings(.missingEncryptionKey)
        #expect(found.map(\.rule) == [.missingEncryptionKey])
        #expect(found.first?.fix.hasPrefix("add ITSAppUsesNonExemptEncryption: false") == true)
    }

    @Test("missing-privacy-manifest: an app without PrivacyInfo.xcprivacy in its sources")
    func missingPrivacyManifest() throws {
        let found = try DoctorFixture(files: ["App/App.swift": "import SwiftUI\n"]).findings(.missingPrivacyManifest)
        #expect(found.map(\.location.description) == ["project.yml:8:3"])
        #expect(found.first?.severity == .warning)
    }
}
