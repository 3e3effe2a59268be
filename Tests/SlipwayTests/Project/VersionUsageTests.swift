import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwaySpec
import SlipwayVersioning
import SlipwayWorkspace
import Testing

/// `version --json` reads the project model for which targets take each definition; bump edits are unchanged.
@Suite("version usage")
struct VersionUsageTests {
    @Test("a template's version reaches the targets made from it; an unused template's reaches none")
    func templates() throws {
        let folder = TemporaryDirectory("slipway-usage")
        try Data(
            """
            name: Shelf
            settings:
              MARKETING_VERSION: "3.0"
            targetTemplates:
              App:
                type: application
                settings:
                  base:
                    CURRENT_PROJECT_VERSION: "41"
              Unused:
                settings:
                  CURRENT_PROJECT_VERSION: "1"
            targets:
              Shelf:
                templates: [App]
                platform: [iOS, macOS]
              ShelfKit:
                type: framework
                platform: iOS
            """.utf8
        ).write(to: folder.url.appendingPathComponent("project.yml"))
        let workspace = Workspace(
            currentDirectory: folder.url, root: folder.url, repository: nil, configuration: Configuration(),
            environment: [:])
        let location = SpecLocation(spec: SpecPath.canonical(folder.url.appendingPathComponent("project.yml")))
        let inventory = try workspace.versions(at: location, access: .read)
        let usage = try VersionUsage(inventory: inventory, environment: [:])
        let byPath = Dictionary(
            uniqueKeysWithValues: inventory.definitions.map { ($0.keyPath, usage.targets(of: $0).sorted()) })
        #expect(byPath["targetTemplates.App.settings.base.CURRENT_PROJECT_VERSION"] == ["Shelf_iOS", "Shelf_macOS"])
        #expect(byPath["targetTemplates.Unused.settings.CURRENT_PROJECT_VERSION"] == [])
        #expect(byPath["settings.MARKETING_VERSION"] == ["ShelfKit", "Shelf_iOS", "Shelf_macOS"])
    }
}
