import SlipwayCore
import SlipwayRelease

/// `slipway manifest`: parses its options and hands them to `ManifestService`.
enum ManifestCommand: SlipwayCommand {
    static let spec = CommandSpec(
        path: ["manifest"],
        abstract: "Write a release manifest for HEAD and the given artifacts, without running any stage.",
        discussion: """
            Records HEAD's project, versions, git facts, the detect verdict and the commits since the latest
            release tag, and the size and SHA-256 of every artifact, in the folder release.manifest names
            (default .slipway/releases/<version>+<build>/manifest.json), with a checksums.txt beside it.
            For CI jobs that assemble artifacts built elsewhere.
            """,
        options: [
            .init(
                name: "artifact", value: "<glob>",
                help:
                    "A file or glob relative to the repository root (repeatable;\ndefault: 'artifacts:' in .slipway.yml).",
                repeatable: true),
            .init(
                name: "output", value: "<path>",
                help:
                    "Write the manifest here (relative to the current folder);\na folder gets manifest.json inside it."),
            .init(
                name: "build", value: "<n>",
                help:
                    "Record this build number (the one CI built, such as\n$CI_BUILD_NUMBER) instead of the committed spec's."
            ),
            .init(
                name: "in-toto", value: nil,
                help: "Also write an in-toto statement (SLSA provenance v1) for the artifacts."),
            CommandSpec.appOption,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        var request = ManifestService.Request()
        request.artifacts = arguments.all("artifact")
        request.output = arguments.value("output")
        if arguments.flag("in-toto") { request.inToto = true }
        if let output = request.output, output.isEmpty {
            throw UsageError(message: "--output needs a path", spec: spec)
        }
        if let build = arguments.value("build") {
            // Apple's form of CFBundleVersion: one to three integers separated by dots.
            guard build.range(of: #"^[0-9]+(\.[0-9]+){0,2}$"#, options: .regularExpression) != nil else {
                throw UsageError(
                    message: "--build takes a build number such as 42 or 1.2.3, not '\(build)'", spec: spec)
            }
            request.build = build
        }
        try ManifestService(workspace: try context.workspace(app: arguments.value("app")))
            .run(request, console: context.console)
        return .success
    }
}
