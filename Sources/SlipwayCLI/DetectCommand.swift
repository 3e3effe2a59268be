import SlipwayCore
import SlipwayDetection
import SlipwayWorkspace

/// `slipway detect`: parses its options and hands them to `DetectService`.
enum DetectCommand: SlipwayCommand {
    static let spec = CommandSpec(
        path: ["detect"],
        abstract: "Decide whether a commit or a range of commits is a major change, and explain why rule by rule.",
        discussion: """
            With no revision, judges HEAD against its first parent. A single revision judges that commit;
            <a>..<b> judges the net change from a to b and the messages of every commit in b that is not in a.
            Rules: message-tag, skip-tag, swift-files, shared-code, build-config (configured in .slipway.yml).
            The report names the targets the change affects (their sources, Info.plist, entitlements, config
            files, spec lines, or a target they depend on), read from the spec at the head commit.
            """,
        arguments: [.init(name: "revision", help: "A commit (default HEAD) or a range <a>..<b>.")],
        options: [
            .init(
                name: "base", value: "<sha>",
                help:
                    "CI: the commit before the push. Missing or all zeros (a new branch):\nthe latest release tag reachable from --head, else the root."
            ),
            .init(name: "head", value: "<sha>", help: "CI: the pushed commit (default HEAD)."),
            .init(name: "each", value: "<range>", help: "Judge every commit of <a>..<b> on its own, newest first."),
            .init(name: "json", value: nil, help: "Print JSON (JSON Lines with --each)."),
            .init(name: "exit-code", value: nil, help: "Exit 0 for a major change, 1 for none."),
            .init(
                name: "github-output", value: nil,
                help: "Append major, bump and reasons to the file named by $GITHUB_OUTPUT."),
            .init(
                name: "github-matrix", value: nil,
                help:
                    "Append matrix={\"include\":[{scheme, platform, destination}]} of the\naffected schemes to $GITHUB_OUTPUT."
            ),
            CommandSpec.appOption,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let revision = arguments.positionals.first
        let ci = arguments.value("base") != nil || arguments.value("head") != nil
        let target: DetectService.Target
        if let each = arguments.value("each") {
            guard revision == nil, !ci else {
                throw UsageError(message: "--each cannot be combined with a revision, --base or --head", spec: spec)
            }
            for flag in ["github-output", "github-matrix"] where arguments.flag(flag) {
                throw UsageError(
                    message: "--\(flag) reports one verdict; it cannot be combined with --each", spec: spec)
            }
            target = .each(each)
        } else if ci {
            guard revision == nil else {
                throw UsageError(message: "give either a revision or --base/--head, not both", spec: spec)
            }
            target = .ci(base: arguments.value("base"), head: arguments.value("head") ?? "HEAD")
        } else if let revision, RevisionRange.isRange(revision) {
            target = .range(revision)
        } else {
            target = .commit(revision ?? "HEAD")
        }
        var request = DetectService.Request(target: target)
        request.json = arguments.flag("json")
        request.exitCode = arguments.flag("exit-code")
        for flag in ["github-output", "github-matrix"] where arguments.flag(flag) {
            guard let path = context.environment["GITHUB_OUTPUT"], !path.isEmpty else {
                throw Failure(
                    "--\(flag) needs $GITHUB_OUTPUT to name a file",
                    hint: "GitHub Actions sets it in every step; elsewhere export GITHUB_OUTPUT=<file>")
            }
            if flag == "github-output" { request.githubOutput = path } else { request.githubMatrix = path }
        }
        do {
            return try DetectService.run(
                try context.workspace(), app: arguments.value("app"), request, console: context.console)
        } catch let error as DetectService.AppRequired {
            throw UsageError(message: error.message, spec: spec)
        }
    }
}
