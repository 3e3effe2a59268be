import SlipwayCore
import SlipwayHooks

/// `slipway ci`: writes Slipway's CI configuration into the repository.
enum CICommand: SlipwayCommandGroup {
    static let subcommands: [SlipwayCommand.Type] = [Install.self]

    static let spec = CommandSpec(
        path: ["ci"],
        abstract: "Set up CI to run Slipway: a GitHub Actions workflow or Xcode Cloud's ci_scripts.",
        subcommands: subcommands.map { $0.spec })

    enum Install: SlipwayCommand {
        static let spec = CommandSpec(
            path: ["ci", "install"],
            abstract: "Write Slipway's CI files for GitHub Actions or Xcode Cloud into this repository.",
            discussion: """
                github writes .github/workflows/slipway.yml; xcode-cloud writes ci_scripts/ci_post_clone.sh,
                ci_pre_xcodebuild.sh and ci_post_xcodebuild.sh (executable) beside the XcodeGen spec. The files are
                the ones in Slipway's ci/ folder, with where CI gets Slipway written in: --source and --ref (for
                github, a GitHub repository holding Slipway's action.yml and a full commit sha), else what the
                installed files already name; with neither, the files would name a placeholder, so nothing is
                written (exit 2). A file that exists with other content is left alone (exit 2) unless --force.
                """,
            arguments: [.init(name: "target", help: "github or xcode-cloud.", optional: false)],
            options: [
                .init(
                    name: "directory", value: "<path>",
                    help: "xcode-cloud: the folder holding the Xcode project, relative to\nthe current folder and "
                        + "inside the repository (default: the\nspec's folder)."),
                .init(
                    name: "source", value: "<git url>",
                    help: "Where CI gets Slipway: its git repository (github: a GitHub\nrepository, run as the "
                        + "action uses: <owner>/<repo>@<ref>)."),
                .init(
                    name: "ref", value: "<ref>",
                    help: "The commit of --source to run: a full commit sha (or a tag)."),
                .init(name: "force", value: nil, help: "Replace files that exist with other content."),
                .init(
                    name: "dry-run", value: nil,
                    help: "Print each folder and file it would create or replace, in\norder, and change nothing."),
                CommandSpec.waitOption,
            ])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
            let name = arguments.positionals[0]
            guard let target = CIInstaller.Target(rawValue: name) else {
                let names = CIInstaller.Target.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(message: "<target> must be one of \(names), not '\(name)'", spec: spec)
            }
            if arguments.value("directory") != nil, target != .xcodeCloud {
                throw UsageError(message: "--directory only applies to xcode-cloud", spec: spec)
            }
            if let directory = arguments.value("directory"), directory.isEmpty {
                throw UsageError(message: "--directory needs a path", spec: spec)
            }
            var request = CIInstaller.Request(
                target: target, force: arguments.flag("force"), directory: arguments.value("directory"),
                dryRun: arguments.flag("dry-run"))
            request.waitForLock = arguments.flag("wait")
            switch (arguments.value("source"), arguments.value("ref")) {
            case (nil, nil): break
            case (let url?, let ref?) where !url.isEmpty && !ref.isEmpty: request.source = CISource(url: url, ref: ref)
            default: throw UsageError(message: "--source and --ref go together, each with a value", spec: spec)
            }
            return try CIInstaller(workspace: try context.workspace()).install(request, console: context.console)
        }
    }
}
