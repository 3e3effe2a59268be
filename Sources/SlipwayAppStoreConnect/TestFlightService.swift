import Foundation
import SlipwayCore
import SlipwayHTTP

/// `slipway testflight …`: the commands that talk to App Store Connect, and the build number `--build testflight`
/// asks for. The key and base URL come from the environment when the service is made; nothing is sent before a
/// command runs.
public struct TestFlightService {
    public let client: ASCClient
    public let environment: [String: String]
    let runner: any ProcessRunning

    public init(client: ASCClient, environment: [String: String], runner: any ProcessRunning = ProcessRunner()) {
        self.client = client
        // The children (curl, unzip, altool) get no copy of the key's text: altool reads its own file.
        self.environment = environment.filter { !APIKey.Variable.text.contains($0.key) }
        self.runner = runner
    }

    /// The service for the key and base URL the environment configures (`SLIPWAY_ASC_RETRY_DELAY` shortens the
    /// backoff, for tests).
    public init(environment: [String: String]) throws {
        let key = try APIKey.fromEnvironment(environment)
        let delay = environment["SLIPWAY_ASC_RETRY_DELAY"].flatMap(Double.init) ?? 1
        self.init(
            client: ASCClient(
                key: key, baseURL: try ASCClient.baseURL(environment: environment),
                transport: SystemTransport.make(
                    environment: environment.filter { !APIKey.Variable.text.contains($0.key) }),
                retryDelay: delay),
            environment: environment)
    }

    var queries: TestFlightQueries { TestFlightQueries(client: client) }

    /// What `latest-build` found.
    public struct LatestBuild: Sendable, Equatable {
        public var app: TestFlightQueries.App
        public var version: String?
        public var build: TestFlightQueries.Build?
        public var count: Int

        public var json: JSON {
            .object([
                "bundleId": .string(app.bundleID), "appId": .string(app.id), "version": .string(version),
                "build": .string(build?.number), "processingState": .string(build?.processingState),
                "uploadedDate": .string(build?.uploadedDate), "buildCount": .int(count),
            ])
        }
    }

    /// The highest build number of the app (of `version` when given), counting builds that failed processing.
    public func latestBuild(bundleID: String, version: String?) throws -> LatestBuild {
        client.beginBatch()
        let app = try queries.app(bundleID: bundleID)
        let builds = try queries.builds(appID: app.id, version: version)
        let highest = builds.max { BuildNumber.isLess($0.number, $1.number) }
        return LatestBuild(app: app, version: version, build: highest, count: builds.count)
    }

    /// `slipway testflight latest-build`: the number alone (for `$(…)`), or `--json`; exit 1 when there is none.
    public func runLatestBuild(bundleID: String, version: String?, json: Bool, console: Console) throws
        -> ExitStatus
    {
        let found = try latestBuild(bundleID: bundleID, version: version)
        if json {
            console.out(found.json.compact() + "\n")
        } else if let build = found.build {
            console.out(build.number + "\n")
        }
        guard found.build != nil else {
            let scope = version.map { " of version \($0.cQuotedIfNeeded)" } ?? ""
            console.err("No builds\(scope) of \(bundleID.cQuotedIfNeeded) in App Store Connect yet.\n")
            return .negative
        }
        return .success
    }

    /// The number `--build testflight` writes: the highest App Store Connect has, across all versions, + 1.
    public func nextBuildNumber(bundleID: String) throws -> String {
        let highest = try latestBuild(bundleID: bundleID, version: nil).build?.number
        guard let next = BuildNumber.next(after: highest) else {
            throw Failure(
                "the highest build number in App Store Connect, \((highest ?? "").inDoubleQuotes), is not a number "
                    + "Slipway can increment",
                hint: "give the build number: --build <n>")
        }
        return next
    }
}
