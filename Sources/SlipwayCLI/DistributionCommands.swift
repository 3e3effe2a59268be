import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayDistribution
import SlipwayWorkspace

/// `slipway appcast`: the Sparkle appcast a Developer ID release adds its item to.
enum AppcastCommand: SlipwayCommandGroup {
    static var subcommands: [any SlipwayCommand.Type] { [Add.self] }

    static let about = CommandSpec.About(
        path: ["appcast"],
        abstract: "Add a signed release to a Sparkle appcast.",
        discussion: """
            The private key comes from the environment: SPARKLE_PRIVATE_KEY (or ship.sparkle.privateKeyVariable,
            or --key-variable) holds the text of Sparkle's 'generate_keys -x <file>' export, base64 of the key's
            32-byte seed. It is never printed.
            """)

    enum Add: SlipwayCommand {
        static let about = CommandSpec.About(
            path: ["appcast", "add"],
            abstract: "Sign an archive with Ed25519 and add its <item> to the appcast, creating the feed if absent.",
            discussion: """
                The item has the build (sparkle:version), the version (sparkle:shortVersionString, also the
                title), the date, the notes (--notes-file: .html as HTML, .md as Markdown, else plain text) and an
                enclosure with the URL, the length and sparkle:edSignature. It goes first in the channel, indented as
                the items around it; every other byte of the feed stays as it was, and the file is replaced
                atomically. A build the feed already lists is refused. --feed, --channel,
                --minimum-system-version and --key-variable default to ship.sparkle in .slipway.yml.
                """)

        struct Options: CommandOptions {
            var feed: String?
            var file: String?
            var version: String?
            var build: String?
            var url: String?
            var channel: String?
            var minimumSystemVersion: String?
            var notesFile: String?
            var keyVariable: String?

            static var declarations: [Declaration<Self>] {
                [
                    .option(
                        \.feed, "feed", "<path>", help: "The appcast XML (default: ship.sparkle.feed).",
                        completion: .file),
                    .option(
                        \.file, "file", "<path>", help: "The archive users download (zip, dmg).", completion: .file),
                    .option(\.version, "version", "<version>", help: "The marketing version (1.4.2)."),
                    .option(\.build, "build", "<n>", help: "The build number Sparkle compares (CFBundleVersion)."),
                    .option(\.url, "url", "<url>", help: "Where users download the archive."),
                    .option(\.channel, "channel", "<name>", help: "The Sparkle channel (default: every user's)."),
                    .option(
                        \.minimumSystemVersion, "minimum-system-version", "<version>",
                        help: "The oldest macOS the release runs on (13.0)."),
                    .option(
                        \.notesFile, "notes-file", "<path>", help: "The release notes (slipway notes > notes.md).",
                        completion: .file),
                    .option(
                        \.keyVariable, "key-variable", "<name>",
                        help: "The environment variable holding the private key (default: SPARKLE_PRIVATE_KEY)."),
                ]
            }
        }

        static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
            func required(_ value: String?, _ name: String) throws -> String {
                guard let value, !value.isEmpty else {
                    throw UsageError(message: "--\(name) is required", spec: spec)
                }
                return value
            }
            let workspace = try context.workspace(needs: .anyFolder)
            let sparkle = workspace.configuration.ship?.sparkle
            let feed: String
            if let given = options.feed {
                feed = given
            } else if let configured = sparkle?.feed {
                feed = workspace.root.appendingPathComponent(configured).path
            } else {
                throw UsageError(message: "--feed is required (or ship.sparkle.feed in .slipway.yml)", spec: spec)
            }
            var request = AppcastService.Request(
                feed: feed, file: try required(options.file, "file"), version: try required(options.version, "version"),
                build: try required(options.build, "build"), url: try required(options.url, "url"))
            request.channel = options.channel ?? sparkle?.channel
            request.minimumSystemVersion = options.minimumSystemVersion ?? sparkle?.minimumSystemVersion
            request.notesFile = options.notesFile
            request.keyVariable =
                options.keyVariable ?? sparkle?.privateKeyVariable ?? SparkleConfig.defaultPrivateKeyVariable
            guard Configuration.isVariableName(request.keyVariable) else {
                throw UsageError(
                    message: "--key-variable '\(request.keyVariable)' is not an environment variable's name", spec: spec
                )
            }
            guard request.url.lowercased().hasPrefix("https://") || request.url.lowercased().hasPrefix("http://") else {
                throw UsageError(message: "--url '\(request.url)' is not an http(s) URL", spec: spec)
            }
            return try AppcastService(directory: context.currentDirectory, environment: context.environment)
                .add(request, console: context.console)
        }
    }
}

/// `slipway github-release`: the GitHub release for a pushed tag.
enum GitHubReleaseCommand: SlipwayCommand {
    static let about = CommandSpec.About(
        path: ["github-release"],
        abstract: "Create the GitHub release for a pushed tag and upload files to it.",
        discussion: """
            Through GitHub's REST API with GITHUB_TOKEN (never printed); the repository is GITHUB_REPOSITORY or
            the push remote's owner/name, the API GITHUB_API_URL (default https://api.github.com). A release that
            already exists for the tag is reused, and a file it already has is refused before anything is
            uploaded. Prints each file's sha256 and the release's URL.
            """)

    struct Options: CommandOptions {
        var tag: String?
        var notesFile: String?
        var assets: [String] = []
        var draft = false
        var prerelease = false

        static var declarations: [Declaration<Self>] {
            [
                .option(\.tag, "tag", "<tag>", help: "The pushed tag (v1.4.2)."),
                .option(\.notesFile, "notes-file", "<path>", help: "The release's description.", completion: .file),
                .option(\.assets, "asset", "<path>", help: "A file to upload; repeat for several.", completion: .file),
                .flag(\.draft, "draft", help: "Create the release as a draft (ship.github.draft)."),
                .flag(\.prerelease, "prerelease", help: "Mark the release as a pre-release (ship.github.prerelease)."),
            ]
        }
    }

    static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
        guard let tag = options.tag, !tag.isEmpty else { throw UsageError(message: "--tag is required", spec: spec) }
        let workspace = try context.workspace(needs: .anyFolder)
        let configured = workspace.configuration.ship?.github
        var request = GitHubReleaseService.Request(tag: tag)
        request.notesFile = options.notesFile
        request.assets = options.assets
        request.draft = options.draft || configured?.draft == true
        request.prerelease = options.prerelease || configured?.prerelease == true
        var remoteURL: String?
        if context.environment["GITHUB_REPOSITORY"]?.isEmpty ?? true, let repository = workspace.repository {
            remoteURL = try PushTarget.remote(of: repository.currentBranch ?? "", in: repository)?.url
        }
        return try GitHubReleaseService(
            environment: context.environment, remoteURL: remoteURL, directory: context.currentDirectory
        ).run(request, console: context.console)
    }
}
