import Foundation
import SlipwayAppStoreConnect
import SlipwayCore
import SlipwayPipeline
import SlipwaySpec
import SlipwayVersioning
import SlipwayWorkspace

/// `slipway testflight`: App Store Connect's TestFlight, through its API.
enum TestFlightCommand: SlipwayCommandGroup {
    static let subcommands: [SlipwayCommand.Type] = [LatestBuild.self, Upload.self]

    static let spec = CommandSpec(
        path: ["testflight"],
        abstract: "Ask App Store Connect for the highest build number, or upload a build to TestFlight.",
        discussion: """
            The API key comes from the environment: APP_STORE_CONNECT_API_KEY_ID, APP_STORE_CONNECT_API_ISSUER_ID
            (omit for an individual key) and APP_STORE_CONNECT_API_KEY_PATH (the .p8) or APP_STORE_CONNECT_API_KEY
            (its text). SLIPWAY_ASC_API_URL overrides https://api.appstoreconnect.apple.com.
            """,
        subcommands: subcommands.map { $0.spec })

    static let bundleIDOption = CommandSpec.Option(
        name: "bundle-id", value: "<id>", help: "The app's bundle identifier (default: the one app the spec ships).")

    /// On `bump` and `release`: the app `--build testflight` asks about.
    static let buildBundleIDOption = CommandSpec.Option(
        name: "bundle-id", value: "<id>",
        help: "The app whose TestFlight builds --build testflight reads (default: the one the spec ships).")

    enum LatestBuild: SlipwayCommand {
        static let spec = CommandSpec(
            path: ["testflight", "latest-build"],
            abstract: "Print the highest build number App Store Connect has for the app.",
            discussion: """
                The highest, not the latest uploaded: App Store Connect refuses a number it has seen (ITMS-90189),
                so builds that failed processing count too. All versions unless --version names one. Exits 1 when
                the app has no builds yet.
                """,
            options: [
                TestFlightCommand.bundleIDOption,
                .init(name: "version", value: "<version>", help: "Only builds of this marketing version (1.4.2)."),
                .init(name: "json", value: nil, help: "Print JSON: the build, its processing state and the app."),
            ])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
            let bundleID =
                try arguments.value("bundle-id") ?? ShippingBundleID.resolve(context.workspace(needs: .anyFolder))
            return try TestFlightService(environment: context.environment).runLatestBuild(
                bundleID: bundleID, version: arguments.value("version"), json: arguments.flag("json"),
                console: context.console)
        }
    }

    enum Upload: SlipwayCommand {
        static let spec = CommandSpec(
            path: ["testflight", "upload"],
            abstract: "Upload an .ipa or .pkg to TestFlight, then optionally wait, set notes and add groups.",
            discussion: """
                On a Mac with Xcode: xcrun altool --upload-app with the API key (written to a private temporary
                API_PRIVATE_KEYS_DIR that is removed afterwards). Elsewhere: App Store Connect's build-upload API.
                The bundle id and versions are read from the .ipa's Info.plist unless given. --notes-file and
                --groups need a processed build, so they wait as --wait does.
                """,
            arguments: [
                .init(name: "file", help: "The .ipa or .pkg xcodebuild -exportArchive wrote.", optional: false)
            ],
            options: [
                .init(name: "wait", value: nil, help: "Wait until App Store Connect has processed the build."),
                .init(name: "timeout", value: "<seconds>", help: "How long --wait waits (default: 3600)."),
                .init(name: "poll-interval", value: "<seconds>", help: "How often --wait asks (default: 30)."),
                .init(name: "notes-file", value: "<path>", help: "Set \"What to Test\" (en-US) from this file."),
                .init(name: "groups", value: "<a,b>", help: "Add the build to these beta groups (comma-separated)."),
                TestFlightCommand.bundleIDOption,
                .init(name: "version", value: "<version>", help: "The marketing version (read from the .ipa)."),
                .init(name: "build-number", value: "<n>", help: "The build number (read from the .ipa)."),
                .init(name: "platform", value: "<p>", help: "ios, macos, tvos or visionos (default: from the file)."),
                .init(name: "use-api", value: nil, help: "Use the build-upload API even where altool is present."),
            ])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
            var platform: UploadArtifact.Platform?
            if let word = arguments.value("platform") {
                guard let value = UploadArtifact.Platform(rawValue: word) else {
                    throw UsageError(message: "unknown platform '\(word)': ios, macos, tvos or visionos", spec: spec)
                }
                platform = value
            }
            let given = UploadArtifact.Given(
                platform: platform, bundleID: arguments.value("bundle-id"), version: arguments.value("version"),
                buildNumber: arguments.value("build-number"))
            var request = TestFlightService.UploadRequest(path: arguments.positionals[0], given: given)
            request.wait = arguments.flag("wait")
            request.notesFile = arguments.value("notes-file")
            request.useAPI = arguments.flag("use-api")
            request.groups = (arguments.value("groups") ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
            for (name, minimum) in [("timeout", 1.0), ("poll-interval", 0.0)] {
                guard let text = arguments.value(name) else { continue }
                guard let seconds = Double(text), seconds >= minimum, seconds.isFinite else {
                    throw UsageError(message: "--\(name) '\(text)' is not a number of seconds", spec: spec)
                }
                if name == "timeout" { request.timeout = seconds } else { request.pollInterval = seconds }
            }
            return try TestFlightService(environment: context.environment).upload(request, console: context.console)
        }
    }
}

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
        let bundleID =
            try bundleID
            ?? ShippingBundleID.resolve(
                Workspace.open(from: currentDirectory, environment: environment, needs: .anyFolder).selecting(app: app),
                options: options)
        return try TestFlightService(environment: environment).nextBuildNumber(bundleID: bundleID)
    }
}
