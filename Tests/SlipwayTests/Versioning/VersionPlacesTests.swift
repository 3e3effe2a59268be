import Foundation
import SlipwayCore
import SlipwayProject
import SlipwayVersioning
import SlipwayWorkspace
import Testing

/// Versions kept in `.xcconfig` files that `configFiles` names: each one listed with the definition every target
/// ships, and bumps that edit exactly the places that ship.
@Suite("version places: xcconfig files, precedence, byte-for-byte bumps")
struct VersionPlacesTests {
    static let goldens: [GoldenCase] = [
        GoldenCase("xcconfig-include", "version", ["version"]),
        GoldenCase("xcconfig-include", "version-json", ["version", "--json"]),
        GoldenCase("xcconfig-include", "bump-patch", ["bump", "patch"]),
        GoldenCase("xcconfig-include", "bump-minor-dry-run", ["bump", "minor", "--dry-run"]),
        GoldenCase("properties-include", "version", ["version", "--spec", "appleApp/project.yml"]),
        GoldenCase("properties-include", "bump-patch", ["bump", "patch", "--spec", "appleApp/project.yml"]),
        GoldenCase("xcconfig-shadowed", "version", ["version"]),
        GoldenCase("xcconfig-shadowed", "bump-patch", ["bump", "patch"]),
        GoldenCase("xcconfig-shadowed", "set", ["bump", "--set", "2.4.0", "--build", "20"]),
        GoldenCase("xcconfig-reference", "version", ["version"]),
        GoldenCase("xcconfig-reference", "bump-patch", ["bump", "patch"], status: 2),
        GoldenCase("infoplist-file", "version", ["version"]),
        GoldenCase("infoplist-file", "version-json", ["version", "--json"]),
        GoldenCase("infoplist-file", "bump-patch", ["bump", "patch"]),
        // Harbor.xcodeproj was generated from the spec by XcodeGen 2.45.4 (`xcodegen generate`) and is committed.
        GoldenCase("committed-project", "version", ["version"]),
        GoldenCase("committed-project", "bump-patch", ["bump", "patch"]),
    ]

    @Test("each run prints its golden output and leaves exactly the golden files", arguments: goldens)
    func golden(_ golden: GoldenCase) throws {
        try SpecGoldenTests().golden(golden)
    }

    @Test("an xcconfig line keeps its spacing, semicolon and comment; conditions and includes are read")
    func parsesLines() {
        let text = """
            // MARKETING_VERSION = 9.9.9 in a comment is no assignment
            #include "Base.xcconfig"
            #include? "Local.xcconfig"
            CURRENT_PROJECT_VERSION   =  118 ; // grows
            MARKETING_VERSION[config=Release][sdk=iphoneos*] = 2.0.1
            OTHER_SWIFT_FLAGS = $(inherited) -DX
            URL = https:/$()/example.com // kept out
            """
        let bytes = Array(text.utf8)
        let file = XCConfigFile(bytes: bytes)
        #expect(file.lines.count == 6)
        guard case .include(let base) = file.lines[0], case .include(let local) = file.lines[1],
            case .assignment(let build) = file.lines[2], case .assignment(let marketing) = file.lines[3],
            case .assignment(let flags) = file.lines[4], case .assignment(let url) = file.lines[5]
        else {
            Issue.record("lines read as \(file.lines)")
            return
        }
        #expect(base.path == "Base.xcconfig" && !base.optional && base.line == 2 && base.column == 1)
        #expect(local.optional && local.path == "Local.xcconfig")
        #expect(build.key == "CURRENT_PROJECT_VERSION" && build.value == "118" && build.line == 4 && build.column == 30)
        #expect(String(decoding: bytes[build.valueRange], as: UTF8.self) == "118")
        #expect(marketing.key == "MARKETING_VERSION" && marketing.config == "Release" && marketing.value == "2.0.1")
        #expect(marketing.applies(to: "Release") && !marketing.applies(to: "Debug"))
        #expect(flags.value == "$(inherited) -DX")
        #expect(url.value == "https:/$()/example.com")
    }

    @Test("a missing plain #include is an error at the include; #include? is skipped; a loop is refused")
    func includes() throws {
        let folder = TemporaryDirectory("slipway-xcconfig")
        let top = folder.url.appendingPathComponent("Top.xcconfig")
        try Data("#include? \"Gone.xcconfig\"\n#include \"Missing.xcconfig\"\n".utf8).write(to: top)
        func read(_ url: URL) throws(XCConfigError) -> [UInt8]? {
            (try? Data(contentsOf: url)).map { [UInt8]($0) }
        }
        #expect(throws: XCConfigError.self) {
            _ = try XCConfigChain.read(top, display: { $0.lastPathComponent }, read: read)
        }
        do {
            _ = try XCConfigChain.read(top, display: { $0.lastPathComponent }, read: read)
        } catch {
            #expect(error.location == SourceLocation(file: "Top.xcconfig", line: 2, column: 1))
        }
        try Data("#include \"Top.xcconfig\"\n".utf8).write(to: top)
        #expect(throws: XCConfigError.self) {
            _ = try XCConfigChain.read(top, display: { $0.lastPathComponent }, read: read)
        }
    }

    @Test("the plan's backup restores the xcconfig files too, all or none, as a release's first step relies on")
    func applyAndRestore() throws {
        let fixture = try SpecFixture("xcconfig-include")
        let original = try fixture.snapshot()
        let service = BumpService(workspace: try Workspace.open(from: fixture.url, environment: [:], needs: .anyFolder))
        let plan = try service.plan(BumpRequest(marketing: .bump(.minor), build: .increment))
        #expect(plan.files.map(\.displayPath) == ["Config/AppVersion.xcconfig"])
        #expect(
            plan.edits.map(\.location.description) == [
                "Config/AppVersion.xcconfig:4:21", "Config/AppVersion.xcconfig:5:30",
            ])
        let backup = try service.apply(plan)
        #expect(try fixture.read("Config/AppVersion.xcconfig") == plan.files[0].updated)
        try backup.restore()
        #expect(try fixture.snapshot() == original)
    }

    @Test("a target's xcconfig beats project settings; project settings beat the project's xcconfig")
    func precedence() throws {
        let fixture = try SpecFixture("xcconfig-shadowed")
        let workspace = try Workspace.open(from: fixture.url, environment: [:], needs: .anyFolder)
        let location = try workspace.locate()
        let inventory = try workspace.versions(at: location, access: .read)
        let places = try VersionPlaces.read(inventory, location: location, workspace: workspace)
        func winner(_ target: String, _ config: String) -> String? {
            places.winners.first { $0.target == target && $0.config == config && $0.kind == .marketing }.map {
                switch $0.winner {
                case .spec(let index): return inventory.definitions[index].location.description
                case .place(let index): return places.places[index].location.description
                }
            }
        }
        #expect(winner("Tally", "Release") == "project.yml:10:24")
        #expect(winner("TallyWidget", "Debug") == "project.yml:10:24")
        #expect(winner("TallyWidget", "Release") == "Widget/Release.xcconfig:2:37")
        let shadowed = try #require(places.places.firstIndex { $0.location.file == "Version.xcconfig" })
        #expect(!places.ships(shadowed))
    }

    @Test("a binary Info.plist is refused with a hint; an XML one gives each top-level string's exact bytes")
    func plistStrings() throws {
        let folder = TemporaryDirectory("slipway-plist")
        let files = ProjectFiles(root: folder.url, boundary: folder.url, displayBase: folder.url)
        let binary = folder.url.appendingPathComponent("Binary.plist")
        try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleVersion": "7"], format: .binary, options: 0
        ).write(to: binary)
        do {
            _ = try PlistFile(url: binary, files: files).strings(["CFBundleVersion"])
            Issue.record("a binary plist was read for editing")
        } catch {
            #expect(error.message.contains("binary property list"))
            #expect(error.hint?.contains("plutil -convert xml1") == true)
        }
        let xml = folder.url.appendingPathComponent("Info.plist")
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>CFBundleShortVersionString</key>
            \t<string>3.1</string>
            </dict>
            </plist>
            """
        try Data(text.utf8).write(to: xml)
        let read = try #require(try PlistFile(url: xml, files: files).strings(["CFBundleShortVersionString"]))
        let value = try #require(read.values.first)
        #expect(String(decoding: read.bytes[value.range], as: UTF8.self) == "3.1")
        #expect(value.location == SourceLocation(file: "Info.plist", line: 5, column: 10))
    }

    @Test("in a repository, the generated project is read only when git tracks it")
    func committedProjectOnlyWhenTracked() throws {
        let repository = try TestRepository()
        try repository.write("project.yml", "name: Dock\nsettings:\n  MARKETING_VERSION: 1.0.0\n")
        try repository.commit("spec only")
        try repository.write(
            "Dock.xcodeproj/project.pbxproj",
            "\t\t\t\tMARKETING_VERSION = 1.0.0;\n\t\t\t\tCURRENT_PROJECT_VERSION = \"7\";\n")
        func places() throws -> VersionPlaces {
            let workspace = try Workspace.open(from: repository.url, environment: repository.environment)
            let location = try workspace.locate()
            let inventory = try workspace.versions(at: location, access: .read)
            return try VersionPlaces.read(inventory, location: location, workspace: workspace)
        }
        #expect(try places().places.isEmpty)
        try repository.commit("commit the project")
        let read = try places()
        #expect(read.places.map(\.keyPath) == ["MARKETING_VERSION", "CURRENT_PROJECT_VERSION"])
        #expect(read.places.map(\.value) == ["1.0.0", "7"])
        #expect(read.places.allSatisfy { $0.origins == [.projectFile] })
    }
}
