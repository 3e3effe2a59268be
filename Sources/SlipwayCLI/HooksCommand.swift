import SlipwayConfig
import SlipwayCore
import SlipwayHooks

/// `slipway hooks`: installs, removes and shows Slipway's git hooks.
enum HooksCommand: SlipwayCommandGroup {
    static let subcommands: [SlipwayCommand.Type] = [Install.self, Uninstall.self, Status.self]

    static let spec = CommandSpec(
        path: ["hooks"],
        abstract: "Install, remove or show the git hooks that run Slipway after each commit and before each push.",
        subcommands: subcommands.map { $0.spec })

    static let dryRunOption = CommandSpec.Option(
        name: "dry-run", value: nil,
        help: "Print each change it would make to the hooks folder and\ngit config, in order, and change nothing.")

    enum Install: SlipwayCommand {
        static let spec = CommandSpec(
            path: ["hooks", "install"],
            abstract: "Install the post-commit and pre-push hooks into the folder git runs hooks from.",
            discussion: """
                Honours core.hooksPath; in a linked worktree the hooks go to the shared git folder. A hook that is
                already there is kept as <hook>.pre-slipway and still runs first. Installing again changes nothing.
                The hooks call this slipway by its absolute path (git config slipway.path), so GUI clients and Xcode
                with a minimal PATH find it. When husky, lefthook or pre-commit owns the hooks, prints the line to
                add to its configuration instead and exits 2.
                """,
            options: [
                .init(
                    name: "action", value: "<action>",
                    help: "What the post-commit hook does on a major change:\nnotify (print one line, the default), "
                        + "push (push the branch so\nCI takes over) or release (run 'slipway release' in the\n"
                        + "background). Recorded in git config slipway.hookAction."),
                .init(name: "force", value: nil, help: "Install even when another hook manager owns the hooks."),
                HooksCommand.dryRunOption,
                CommandSpec.waitOption,
            ])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
            var action: HookAction?
            if let name = arguments.value("action") {
                guard let parsed = HookAction(rawValue: name) else {
                    let names = HookAction.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(message: "--action must be one of \(names), not '\(name)'", spec: spec)
                }
                action = parsed
            }
            let request = HooksService.InstallRequest(
                action: action, force: arguments.flag("force"), dryRun: arguments.flag("dry-run"),
                waitForLock: arguments.flag("wait"))
            return try HooksService(workspace: try context.workspace()).install(request, console: context.console)
        }
    }

    enum Uninstall: SlipwayCommand {
        static let spec = CommandSpec(
            path: ["hooks", "uninstall"],
            abstract: "Remove Slipway's hooks and put back any hook they replaced, byte for byte.",
            options: [HooksCommand.dryRunOption, CommandSpec.waitOption])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
            try HooksService(workspace: try context.workspace())
                .uninstall(
                    dryRun: arguments.flag("dry-run"), waitForLock: arguments.flag("wait"), console: context.console)
        }
    }

    enum Status: SlipwayCommand {
        static let spec = CommandSpec(
            path: ["hooks", "status"],
            abstract:
                "Show where the hooks are, whether they are installed, and what they do (exit 1 when not installed).")

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
            try HooksService(workspace: try context.workspace()).status(console: context.console)
        }
    }
}
