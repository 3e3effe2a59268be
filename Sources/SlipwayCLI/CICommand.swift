import SlipwayCore
import SlipwayKit

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
                the ones in Slipway's ci/ folder, byte for byte. A file that exists with other content is left
                alone (exit 2) unless --force.
                """,
            arguments: [.init(name: "target", help: "github or xcode-cloud.", optional: false)],
            options: [
                .init(
                    name: "directory", value: "<path>",
                    help: "xcode-cloud: the folder holding the Xcode project, relative to\nthe current folder and "
                        + "inside the repository (default: the\nspec's folder)."),
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
                currentDirectory: context.currentDirectory, dryRun: arguments.flag("dry-run"))
            request.waitForLock = arguments.flag("wait")
            return try CIInstaller(workspace: try context.workspace()).install(request, console: context.console)
        }
    }
}
