import SlipwayCore
import SlipwayRelease

/// `slipway manifest`: parses its options and hands them to `ManifestService`.
enum ManifestCommand: SlipwayCommand {
    static let about = CommandSpec.About(
        path: ["manifest"],
        abstract: "Write a release manifest for HEAD and the given artifacts, without running any stage.",
        discussion: """
            Records HEAD's project, versions, git facts, the detect verdict and the commits since the latest
            release tag, and the size and SHA-256 of every artifact, in the folder release.manifest names
            (default .slipway/releases/<version>+<build>/manifest.json), with a checksums.txt beside it when there
            are artifacts.
            For CI jobs that assemble artifacts built elsewhere.
            """)

    struct Options: CommandOptions {
        var artifacts: [String] = []
        var output: String?
        var build: String?
        var inToto = false
        var project = SpecChoice()

        static var declarations: [Declaration<Self>] {
            [
                .option(
                    \.artifacts, "artifact", "<glob>",
                    help: "A file or glob relative to the repository root (repeatable; default: 'artifacts:' in "
                        + ".slipway.yml).", completion: .file),
                .option(
                    \.output, "output", "<path>",
                    help: "Write the manifest here (relative to the current folder); a folder gets manifest.json "
                        + "inside it.", completion: .file),
                .option(
                    \.build, "build", "<n>",
                    help: "Record this build number (the one CI built, such as $CI_BUILD_NUMBER) instead of the "
                        + "committed spec's."),
                .flag(
                    \.inToto, "in-toto", help: "Also write an in-toto statement (SLSA provenance v1) for the artifacts."
                ),
            ] + Declaration.specChoice(\.project)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
        var request = ManifestService.Request()
        request.artifacts = options.artifacts
        request.output = options.output
        if options.inToto { request.inToto = true }
        if let output = request.output, output.isEmpty {
            throw UsageError(message: "--output needs a path", spec: spec)
        }
        if let build = options.build {
            // Apple's form of CFBundleVersion: one to three integers separated by dots.
            guard build.range(of: #"^[0-9]+(\.[0-9]+){0,2}$"#, options: .regularExpression) != nil else {
                throw UsageError(
                    message: "--build takes a build number such as 42 or 1.2.3, not '\(build)'", spec: spec)
            }
            request.build = build
        }
        try ManifestService(workspace: try context.workspace(options.project)).run(request, console: context.console)
        return .success
    }
}
