import Foundation
import SlipwayConfig
import SlipwayDetection
import SlipwayVersioning
import SlipwayWorkspace
import Testing

@Suite("version formats: calendar widths, calver, App Store Connect's rule")
struct VersionFormatTests {
    @Test(
        "calendar versions keep their width",
        arguments: [
            ("26.07.5", BumpLevel.patch, "26.07.6"), ("26.07.5", .minor, "26.08.0"), ("26.09.5", .minor, "26.10.0"),
            ("26.07.05", .minor, "26.08.00"), ("2024.05.09", .patch, "2024.05.10"), ("1.4.2", .minor, "1.5.0"),
        ])
    func width(_ old: String, _ level: BumpLevel, _ new: String) throws {
        #expect(try #require(VersionNumber(old)).bumped(level) == new)
    }

    static func day(_ year: Int, _ month: Int, _ day: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) ?? Date()
    }

    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }

    @Test(
        "calver sets the year and month, patch 0 in a new month and patch + 1 within the same one",
        arguments: [
            ("26.07.5", 2026, 7, "26.07.6"), ("26.07.5", 2026, 8, "26.08.0"), ("26.12.3", 2027, 1, "27.01.0"),
            ("2026.11.2", 2026, 11, "2026.11.3"), ("2025.2.0", 2026, 3, "2026.3.0"), ("1.4.2", 2026, 7, "26.07.0"),
        ])
    func calver(_ current: String, _ year: Int, _ month: Int, _ expected: String) {
        let next = VersionNumber.nextCalendar(
            after: VersionNumber(current), on: Self.day(year, month, 15), in: Self.utc)
        #expect(next == expected)
    }

    @Test("marketing versions are one to three integers; the hint offers the nearest one that is")
    func appStoreRule() {
        #expect(VersionNumber.marketingProblem("1.4.2") == nil)
        #expect(VersionNumber.marketingProblem("26.07.5") == nil)
        #expect(VersionNumber.marketingProblem("1.2.3.4") != nil)
        #expect(VersionNumber.marketingProblem("2.0 beta") != nil)
        #expect(VersionNumber.nearestMarketing("1.2.3.4") == "1.2.3")
        #expect(VersionNumber.nearestMarketing("2.0 beta") == "2.0")
        #expect(VersionNumber.nearestMarketing("v3") == "3")
        #expect(VersionNumber.nearestMarketing("beta") == nil)
    }

    @Test("versions compare as numbers, a missing part counting as 0")
    func compare() throws {
        let order = { (a: String, b: String) throws -> ComparisonResult in
            VersionNumber.compare(try #require(VersionNumber(a)), try #require(VersionNumber(b)))
        }
        #expect(try order("1.10", "1.9") == .orderedDescending)
        #expect(try order("1.2", "1.2.0") == .orderedSame)
        #expect(try order("26.07.5", "26.7.6") == .orderedAscending)
    }

    /// A repository with one app at `version` (build 7) and `.slipway.yml` holding `configuration`.
    static func repository(version: String, configuration: String = "") throws -> TestRepository {
        let repo = try TestRepository()
        try repo.write(
            "project.yml",
            """
            name: App
            settings:
              base:
                MARKETING_VERSION: "\(version)"
                CURRENT_PROJECT_VERSION: "7"
            targets:
              App:
                type: application
                platform: iOS
                sources: [Sources]

            """)
        try repo.write("Sources/App.swift")
        if !configuration.isEmpty { try repo.write(".slipway.yml", configuration) }
        try repo.commit("init")
        return repo
    }

    @Test("version.scheme: calver makes every marketing bump the date's version, on the day the service is given")
    func calverBump() throws {
        let repo = try Self.repository(version: "26.07.5", configuration: "version:\n  scheme: calver\n")
        var service = BumpService(
            workspace: try Workspace.open(from: repo.url, environment: repo.environment, needs: .anyFolder))
        service.calendar = Self.utc
        service.today = Self.day(2026, 7, 20)
        #expect(
            try service.plan(BumpRequest(marketing: .bump(.minor), build: .incrementIfDefined)).marketing?.new
                == "26.07.6")
        service.today = Self.day(2026, 8, 1)
        let plan = try service.plan(BumpRequest(marketing: .bump(.patch), build: .incrementIfDefined))
        #expect(plan.marketing?.new == "26.08.0")
        #expect(plan.build?.new == "8")
        #expect(plan.diff.contains("+    MARKETING_VERSION: \"26.08.0\""))
    }

    @Test("a marketing version App Store Connect refuses is refused at its place, with a value it takes")
    func refusedInSpec() throws {
        let repo = try Self.repository(version: "1.2.3.4")
        let before = try repo.read("project.yml")
        for arguments in [["bump", "patch"], ["release", "build", "--dry-run"]] {
            let result = try repo.slipway(arguments: arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.hasPrefix(
                    "project.yml:4:24: error: MARKETING_VERSION '1.2.3.4' is not a marketing version App Store "
                        + "Connect accepts: it takes at most three parts, and this has 4\n"), "\(result.stderr)")
            #expect(
                result.stderr.contains(
                    "hint: write one to three integers separated by periods there, for example 1.2.3"))
        }
        // The fix the hint names works: --set with the value offered.
        let fixed = try repo.slipway("bump", "--set", "1.2.3")
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(try repo.read("project.yml") == before.replacingOccurrences(of: "1.2.3.4", with: "1.2.3"))
    }

    @Test(
        "--set refuses a value App Store Connect would, naming the nearest one it takes",
        arguments: [
            ("1.2.3.4", "for example 1.2.3"), ("2.0 beta", "for example 2.0"), ("2.0.0-beta.1", "for example 2.0.0"),
        ])
    func refusedOnCommandLine(_ value: String, _ example: String) throws {
        let repo = try Self.repository(version: "1.2.0")
        let before = try repo.read("project.yml")
        let result = try repo.slipway("bump", "--set", value)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--set '\(value)': not a marketing version App Store Connect accepts"))
        #expect(result.stderr.contains(example), "\(result.stderr)")
        #expect(try repo.read("project.yml") == before)
    }
}
