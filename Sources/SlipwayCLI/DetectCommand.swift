import SlipwayCore
import SlipwayDetection
import SlipwayWorkspace

/// `slipway detect`: parses its options and hands them to `DetectService`.
enum DetectCommand: SlipwayCommand {
    static let about = CommandSpec.About(
        path: ["detect"],
        abstract: "Decide whether a commit or a range of commits is a major change, and explain why rule by rule.",
        discussion: """
            With no revision, judges HEAD against its first parent. A single revision judges that commit;
            <a>..<b> judges the net change from a to b and the messages of every commit in b that is not in a.
            Rules: message-tag, skip-tag, swift-files, shared-code, build-config (configured in .slipway.yml).
            The report names the targets the change affects (their sources, Info.plist, entitlements, config
            files, spec lines, or a target they depend on), read from the spec at the head commit.
            """)

    struct Options: CommandOptions {
        var revision: String?
        var base: String?
        var head: String?
        var each: String?
        var json = false
        var exitCode = false
        var githubOutput = false
        var githubMatrix = false
        var project = SpecChoice()

        static var declarations: [Declaration<Self>] {
            [
                .argument(\.revision, "revision", help: "A commit (default HEAD) or a range <a>..<b>."),
                .option(
                    \.base, "base", "<sha>",
                    help: "CI: the commit before the push. Missing or all zeros (a new branch): the latest release "
                        + "tag reachable from --head, else the root."),
                .option(\.head, "head", "<sha>", help: "CI: the pushed commit (default HEAD)."),
                .option(\.each, "each", "<range>", help: "Judge every commit of <a>..<b> on its own, newest first."),
                .json(\.json, help: "Print JSON (JSON Lines with --each)."),
                .flag(\.exitCode, "exit-code", help: "Exit 0 for a major change, 1 for none."),
                .flag(
                    \.githubOutput, "github-output",
                    help: "Append major, bump and reasons to the file named by $GITHUB_OUTPUT."),
                .flag(
                    \.githubMatrix, "github-matrix",
                    help: "Append matrix={\"include\":[{scheme, platform, destination}]} of the affected schemes to "
                        + "$GITHUB_OUTPUT."),
            ] + Declaration.specChoice(\.project)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
        let revision = options.revision
        let ci = options.base != nil || options.head != nil
        let outputs = [("github-output", options.githubOutput), ("github-matrix", options.githubMatrix)]
        let target: DetectService.Target
        if let each = options.each {
            guard revision == nil, !ci else {
                throw UsageError(message: "--each cannot be combined with a revision, --base or --head", spec: spec)
            }
            for (flag, given) in outputs where given {
                throw UsageError(
                    message: "--\(flag) reports one verdict; it cannot be combined with --each", spec: spec)
            }
            target = .each(each)
        } else if ci {
            guard revision == nil else {
                throw UsageError(message: "give either a revision or --base/--head, not both", spec: spec)
            }
            target = .ci(base: options.base, head: options.head ?? "HEAD")
        } else if let revision, RevisionRange.isRange(revision) {
            target = .range(revision)
        } else {
            target = .commit(revision ?? "HEAD")
        }
        var request = DetectService.Request(target: target)
        request.json = options.json
        request.exitCode = options.exitCode
        for (flag, given) in outputs where given {
            guard let path = context.environment["GITHUB_OUTPUT"], !path.isEmpty else {
                throw Failure(
                    "--\(flag) needs $GITHUB_OUTPUT to name a file",
                    hint: "GitHub Actions sets it in every step; elsewhere export GITHUB_OUTPUT=<file>")
            }
            if flag == "github-output" { request.githubOutput = path } else { request.githubMatrix = path }
        }
        do {
            let workspace = try context.workspace(options.project, selectingApp: false)
            return try DetectService.run(workspace, app: options.project.app, request, console: context.console)
        } catch let error as DetectService.AppRequired {
            throw UsageError(message: error.message, spec: spec)
        }
    }
}
