import Foundation
import SlipwayAppStoreConnect
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
import SlipwaySpec
import SlipwayVersioning
import SlipwayWorkspace

/// `slipway testflight`: App Store Connect's TestFlight, through its API.
enum TestFlightCommand: SlipwayCommandGroup {
    static var subcommands: [any SlipwayCommand.Type] { [LatestBuild.self, Upload.self] }

    static let about = CommandSpec.About(
        path: ["testflight"],
        abstract: "Ask App Store Connect for the highest build number, or upload a build to TestFlight.",
        discussion: """
            The API key comes from the environment: APP_STORE_CONNECT_API_KEY_ID, APP_STORE_CONNECT_API_ISSUER_ID
            (omit for an individual key) and APP_STORE_CONNECT_API_KEY_PATH (the .p8) or APP_STORE_CONNECT_API_KEY
            (its text). SLIPWAY_ASC_API_URL overrides https://api.appstoreconnect.apple.com.
            """)

    enum LatestBuild: SlipwayCommand {
        static let about = CommandSpec.About(
            path: ["testflight", "latest-build"],
            abstract: "Print the highest build number App Store Connect has for the app.",
            discussion: """
                The highest, not the latest uploaded: App Store Connect refuses a number it has seen (ITMS-90189),
                so builds that failed processing count too. All versions unless --set names one. Exits 1 when
                the app has no builds yet.
                """)

        struct Options: CommandOptions {
            var bundleID: String?
            var set: String?
            var json = false
            var timeout: Seconds?
            var project = SpecChoice()

            static var declarations: [Declaration<Self>] {
                [
                    .option(
                        \.bundleID, "bundle-id", "<id>",
                        help: "The app's bundle identifier (default: the one app the spec ships)."),
                    .option(
                        \.timeout, "timeout", "<seconds>",
                        help: "How long each request may take (default: 120, or SLIPWAY_HTTP_TIMEOUT)."),
                    .option(
                        \.set, "set", "<version>", help: "Only builds of this marketing version (1.4.2).",
                        deprecated: ["version"]),
                    .json(\.json, help: "Print JSON: the build, its processing state and the app."),
                ] + Declaration.specChoice(\.project)
            }
        }

        static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
            let bundleID: String
            if let given = options.bundleID {
                bundleID = given
            } else {
                bundleID = try ShippingBundleID.resolve(
                    context.workspace(app: options.project.app, needs: .anyFolder), options: options.project.locator)
            }
            var environment = try context.workspace(needs: .anyFolder).appStoreConnectEnvironment
            if let timeout = options.timeout {
                guard timeout.value >= 1 else {
                    throw UsageError(message: "--timeout '\(timeout.optionText)' is less than 1 second", spec: spec)
                }
                environment["SLIPWAY_HTTP_TIMEOUT"] = String(timeout.value)
            }
            return try TestFlightService(environment: environment).runLatestBuild(
                bundleID: bundleID, version: options.set, json: options.json, console: context.console)
        }
    }

    enum Upload: SlipwayCommand {
        static let about = CommandSpec.About(
            path: ["testflight", "upload"],
            abstract: "Upload an .ipa or .pkg to TestFlight, then optionally wait, set notes and add groups.",
            discussion: """
                On a Mac with Xcode: xcrun altool --upload-app with the API key (written to a private temporary
                API_PRIVATE_KEYS_DIR that is removed afterwards). Elsewhere: App Store Connect's build-upload API.
                The bundle id and versions are read from the .ipa's Info.plist unless given. --notes-file and
                --groups need a processed build, so they wait as --wait-for-processing does.
                """)

        struct Options: CommandOptions {
            var file = ""
            var waitForProcessing = false
            var timeout = Seconds(value: 3600)
            var pollInterval = Seconds(value: 30)
            var notesFile: String?
            var groups: String?
            var bundleID: String?
            var set: String?
            var build: String?
            var platform: UploadArtifact.Platform?
            var useAPI = false

            static var declarations: [Declaration<Self>] {
                [
                    .argument(
                        \.file, "file", help: "The .ipa or .pkg xcodebuild -exportArchive wrote.", completion: .file),
                    .flag(
                        \.waitForProcessing, "wait-for-processing",
                        help: "Wait until App Store Connect has processed the build.", deprecated: ["wait"]),
                    .option(\.timeout, "timeout", "<seconds>", help: "How long --wait-for-processing waits."),
                    .option(
                        \.pollInterval, "poll-interval", "<seconds>", help: "How often --wait-for-processing asks."),
                    .option(
                        \.notesFile, "notes-file", "<path>", help: "Set \"What to Test\" (en-US) from this file.",
                        completion: .file),
                    .option(\.groups, "groups", "<a,b>", help: "Add the build to these beta groups (comma-separated)."),
                    .option(
                        \.bundleID, "bundle-id", "<id>", help: "The app's bundle identifier (read from the .ipa)."),
                    .option(
                        \.set, "set", "<version>", help: "The marketing version (read from the .ipa).",
                        deprecated: ["version"]),
                    .option(
                        \.build, "build", "<n>", help: "The build number (read from the .ipa).",
                        deprecated: ["build-number"]),
                    .option(
                        \.platform, "platform", "<p>", help: "ios, macos, tvos or visionos (default: from the file)."),
                    .flag(\.useAPI, "use-api", help: "Use the build-upload API even where altool is present."),
                ]
            }
        }

        static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
            if options.timeout.value < 1 {
                throw UsageError(message: "--timeout '\(options.timeout.optionText)' is less than 1 second", spec: spec)
            }
            let given = UploadArtifact.Given(
                platform: options.platform, bundleID: options.bundleID, version: options.set,
                buildNumber: options.build)
            var request = TestFlightService.UploadRequest(path: options.file, given: given)
            request.wait = options.waitForProcessing
            request.notesFile = options.notesFile
            request.useAPI = options.useAPI
            request.groups = (options.groups ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
            request.timeout = options.timeout.value
            request.pollInterval = options.pollInterval.value
            let workspace = try context.workspace(needs: .anyFolder)
            return try TestFlightService(environment: workspace.appStoreConnectEnvironment)
                .upload(request, console: context.console)
        }
    }
}

extension UploadArtifact.Platform: OptionChoice {}

/// `--build testflight`: App Store Connect's highest build number + 1, asked for when the bump is planned.
struct TestFlightBuildNumbers: BuildNumberSource {
    var bundleID: String?
    var environment: [String: String]
    /// Where the spec is, for the bundle id when `--bundle-id` is not given: the app `--app` chose.
    var currentDirectory: URL
    var app: String?
    var options = SpecLocator.Options()

    init(bundleID: String?, context: CommandContext, app: String?, options: SpecLocator.Options = .init()) {
        self.bundleID = bundleID
        environment = context.environment
        currentDirectory = context.currentDirectory
        self.app = app
        self.options = options
    }

    func nextBuildNumber() throws -> String {
        let workspace = try Workspace.open(from: currentDirectory, environment: environment, needs: .anyFolder)
        let bundleID = try bundleID ?? ShippingBundleID.resolve(workspace.selecting(app: app), options: options)
        return try TestFlightService(environment: workspace.appStoreConnectEnvironment)
            .nextBuildNumber(bundleID: bundleID)
    }
}
