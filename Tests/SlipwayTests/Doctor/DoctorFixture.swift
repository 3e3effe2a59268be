import Foundation
import SlipwayDoctor
import SlipwaySpec
import SlipwayWorkspace
import Testing

/// A project folder for the doctor: a spec and the files it names, checked in place.
final class DoctorFixture {
    let directory = TemporaryDirectory("slipway-doctor")
    var url: URL { directory.url }

    /// A spec every rule is happy with: one iOS app with its versions from settings, the encryption key and a
    /// privacy manifest.
    static let cleanSpec = """
        name: Clean
        options:
          bundleIdPrefix: com.example
        settings:
          MARKETING_VERSION: "1.0.0"
          CURRENT_PROJECT_VERSION: "1"
        targets:
          App:
            type: application
            platform: iOS
            sources: [App]
            info:
              path: App/Info.plist
              properties:
                CFBundleShortVersionString: $(MARKETING_VERSION)
                CFBundleVersion: $(CURRENT_PROJECT_VERSION)
                ITSAppUsesNonExemptEncryption: false

        """

    static let cleanFiles = ["App/App.swift": "import SwiftUI\n", "App/PrivacyInfo.xcprivacy": "<plist/>\n"]

    init(spec: String = cleanSpec, files: [String: String] = cleanFiles, config: String? = nil) throws {
        try write("project.yml", spec)
        for (path, text) in files { try write(path, text) }
        if let config { try write(".slipway.yml", config) }
    }

    func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// The report of `slipway doctor` in this folder, through the service.
    func report() throws -> DoctorReport {
        let workspace = try Workspace.open(from: SpecPath.canonical(url), environment: [:], needs: .anyFolder)
        return try DoctorService(workspace: workspace).check()
    }

    func findings(_ rule: DoctorRule) throws -> [DoctorFinding] {
        try report().findings.filter { $0.rule == rule }
    }

    /// Runs the built binary here.
    func slipway(_ arguments: String...) throws -> ProcessResult {
        try SlipwayBinary.run(arguments, in: url, environment: isolatedEnvironment(home: url))
    }
}
