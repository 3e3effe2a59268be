import Foundation
import SlipwayCore

/// The App Store Connect reads TestFlight commands make: the app for a bundle id, its builds, its beta groups.
public struct TestFlightQueries: Sendable {
    public let client: ASCClient

    public init(client: ASCClient) {
        self.client = client
    }

    public struct App: Sendable, Equatable {
        public var id: String
        public var bundleID: String
        public var name: String?
    }

    public struct Build: Sendable, Equatable {
        public var id: String
        /// The build number (CFBundleVersion).
        public var number: String
        public var processingState: String?
        public var uploadedDate: String?
    }

    /// Every processing state, named so builds that failed processing count too: their numbers are taken.
    static let allProcessingStates = "PROCESSING,FAILED,INVALID,VALID"

    /// The app with exactly this bundle id (`GET /v1/apps?filter[bundleId]=`).
    public func app(bundleID: String) throws -> App {
        let list = try client.get(
            "/v1/apps", query: [("filter[bundleId]", bundleID), ("fields[apps]", "bundleId,name"), ("limit", "200")],
            as: JSONAPI.List<AppAttributes>.self)
        // The filter can match more than one app (a prefix in some accounts); only the exact id is this app.
        guard let found = list.data.first(where: { $0.attributes?.bundleId == bundleID }) else {
            throw ASCError.appNotFound(bundleID: bundleID)
        }
        return App(id: found.id, bundleID: bundleID, name: found.attributes?.name)
    }

    /// The most pages of builds read: 100,000 builds.
    static let maximumPages = 500

    /// The builds of `app` (of marketing version `version` when given), every page, in any processing state.
    public func builds(appID: String, version: String? = nil, number: String? = nil) throws -> [Build] {
        var query: [(String, String)] = [("filter[app]", appID)]
        if let version { query.append(("filter[preReleaseVersion.version]", version)) }
        if let number { query.append(("filter[version]", number)) }
        query += [
            ("filter[processingState]", TestFlightQueries.allProcessingStates), ("sort", "-version"),
            ("fields[builds]", "version,processingState,uploadedDate"), ("limit", "200"),
        ]
        var page = try client.get("/v1/builds", query: query, as: JSONAPI.List<BuildAttributes>.self)
        var builds: [Build] = []
        var pages = 1
        while true {
            builds += page.data.compactMap { resource in
                resource.attributes?.version.map {
                    Build(
                        id: resource.id, number: $0, processingState: resource.attributes?.processingState,
                        uploadedDate: resource.attributes?.uploadedDate)
                }
            }
            // `sort=-version` compares strings ("9" after "10"), so every page is read and compared as numbers.
            guard let next = page.links?.next, let url = URL(string: next) else { break }
            // A server that always has a next page must not make a number out of a partial list.
            guard pages < TestFlightQueries.maximumPages else {
                throw ASCError.invalidResponse(
                    request: "GET /v1/builds",
                    reason: "the list of builds goes on past \(TestFlightQueries.maximumPages) pages of 200, the "
                        + "limit Slipway reads; no build number is worked out from part of it")
            }
            page = try client.get(url, as: JSONAPI.List<BuildAttributes>.self)
            pages += 1
        }
        return builds
    }

    /// The build with the highest number, compared as dotted numbers (`10` > `9`, `2024.11.3` > `2024.2.9`).
    public func highestBuild(appID: String, version: String? = nil) throws -> Build? {
        try builds(appID: appID, version: version).max { BuildNumber.isLess($0.number, $1.number) }
    }

    /// The ids of the named beta groups of `appID`; an unknown name is an error that lists the app's groups.
    public func betaGroupIDs(appID: String, names: [String]) throws -> [String] {
        let list = try client.get(
            "/v1/betaGroups", query: [("filter[app]", appID), ("fields[betaGroups]", "name"), ("limit", "200")],
            as: JSONAPI.List<BetaGroupAttributes>.self)
        var ids: [String] = []
        for name in names {
            guard let group = list.data.first(where: { $0.attributes?.name == name }) else {
                let known = list.data.compactMap { $0.attributes?.name }.map(\.inDoubleQuotes).joined(separator: ", ")
                throw Failure(
                    "the app has no beta group named \(name.inDoubleQuotes)",
                    hint: known.isEmpty ? "create the group in TestFlight first" : "its groups: \(known)")
            }
            ids.append(group.id)
        }
        return ids
    }
}

/// Build numbers as App Store Connect orders them: dot-separated integers, compared component by component.
public enum BuildNumber {
    public static func isLess(_ left: String, _ right: String) -> Bool {
        let a = components(left)
        let b = components(right)
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            if x != y { return x < y }
        }
        return false
    }

    /// The number after `number`: its last component + 1 (`41` → `42`, `2024.11.3` → `2024.11.4`); `1` after none.
    public static func next(after number: String?) -> String? {
        guard let number else { return "1" }
        var parts = number.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let last = parts.last, let value = Int(last), parts.allSatisfy({ Int($0) != nil }) else { return nil }
        parts[parts.count - 1] = String(value + 1)
        return parts.joined(separator: ".")
    }

    static func components(_ text: String) -> [Int] {
        text.split(separator: ".").map { Int($0) ?? 0 }
    }
}
