import SlipwayCore
import SlipwayHooks

/// `slipway ci`: writes Slipway's CI configuration into the repository.
enum CICommand: SlipwayCommandGroup {
    static var subcommands: [any SlipwayCommand.Type] { [Install.self] }

    static let about = CommandSpec.About(
        path: ["ci"], abstract: "Set up CI to run Slipway: a GitHub Actions workflow or Xcode Cloud's ci_scripts.")

    enum Install: SlipwayCommand {
        static let about = CommandSpec.About(
            path: ["ci", "install"],
            abstract: "Write Slipway's CI files for GitHub Actions or Xcode Cloud into this repository.",
            discussion: """
                github writes .github/workflows/slipway.yml; xcode-cloud writes ci_scripts/ci_post_clone.sh,
                ci_pre_xcodebuild.sh and ci_post_xcodebuild.sh (executable) beside the XcodeGen spec. The files are
                the ones in Slipway's ci/ folder, with where CI gets Slipway written in: --source and --ref (for
                github, a GitHub repository holding Slipway's action.yml and a full commit sha), else what the
                installed files already name; with neither, the files would name a placeholder, so nothing is
                written (exit 2). A file that exists with other content is left alone (exit 2) unless --force.
                """)

        struct Options: CommandOptions {
            var target = CIInstaller.Target.github
            var directory: String?
            var source: String?
            var ref: String?
            var force = false
            var dryRun = false
            var wait = false

            static var declarations: [Declaration<Self>] {
                [
                    .argument(\.target, "target", help: "github or xcode-cloud."),
                    .option(
                        \.directory, "directory", "<path>",
                        help: "xcode-cloud: the folder holding the Xcode project, relative to the current folder "
                            + "and inside the repository (default: the spec's folder).", completion: .directory),
                    .option(
                        \.source, "source", "<git url>",
                        help: "Where CI gets Slipway: its git repository (github: a GitHub repository, run as the "
                            + "action uses: <owner>/<repo>@<ref>)."),
                    .option(
                        \.ref, "ref", "<ref>", help: "The commit of --source to run: a full commit sha (or a tag)."),
                    .flag(\.force, "force", help: "Replace files that exist with other content."),
                    .dryRun(
                        \.dryRun,
                        help: "Print each folder and file it would create or replace, in order, and change "
                            + "nothing."),
                    .wait(\.wait),
                ]
            }
        }

        static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
            if options.directory != nil, options.target != .xcodeCloud {
                throw UsageError(message: "--directory only applies to xcode-cloud", spec: spec)
            }
            if let directory = options.directory, directory.isEmpty {
                throw UsageError(message: "--directory needs a path", spec: spec)
            }
            var request = CIInstaller.Request(
                target: options.target, force: options.force, directory: options.directory, dryRun: options.dryRun)
            request.waitForLock = options.wait
            switch (options.source, options.ref) {
            case (nil, nil): break
            case (let url?, let ref?) where !url.isEmpty && !ref.isEmpty: request.source = CISource(url: url, ref: ref)
            default: throw UsageError(message: "--source and --ref go together, each with a value", spec: spec)
            }
            return try CIInstaller(workspace: try context.workspace()).install(request, console: context.console)
        }
    }
}

extension CIInstaller.Target: OptionChoice {}
