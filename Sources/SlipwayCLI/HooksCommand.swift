import SlipwayConfig
import SlipwayCore
import SlipwayHooks

/// `slipway hooks`: installs, removes and shows Slipway's git hooks.
enum HooksCommand: SlipwayCommandGroup {
    static var subcommands: [any SlipwayCommand.Type] { [Install.self, Uninstall.self, Status.self] }

    static let about = CommandSpec.About(
        path: ["hooks"],
        abstract: "Install, remove or show the git hooks that run Slipway after each commit and before each push.")

    static let dryRunHelp =
        "Print each change it would make to the hooks folder and git config, in order, and change nothing."

    enum Install: SlipwayCommand {
        static let about = CommandSpec.About(
            path: ["hooks", "install"],
            abstract: "Install the post-commit and pre-push hooks into the folder git runs hooks from.",
            discussion: """
                Honours core.hooksPath; in a linked worktree the hooks go to the shared git folder. A hook that is
                already there is kept as <hook>.pre-slipway and still runs first. Installing again changes nothing.
                The hooks call this slipway by its absolute path (git config slipway.path), so GUI clients and Xcode
                with a minimal PATH find it. When husky, lefthook or pre-commit owns the hooks, prints the line to
                add to its configuration instead and exits 2. Files the repository tracks are never edited: when
                core.hooksPath is a folder holding tracked files, prints the lines to add to its hooks and exits 2.
                A core.hooksPath outside the repository is refused (exit 2) unless --force.
                """)

        struct Options: CommandOptions {
            var action: HookAction?
            var force = false
            var dryRun = false
            var wait = false

            static var declarations: [Declaration<Self>] {
                [
                    .option(
                        \.action, "action", "<action>",
                        help: "What the post-commit hook does on a major change: notify (print one line, the "
                            + "default), push (push the branch so CI takes over) or release (run 'slipway release' "
                            + "in the background). Recorded in git config slipway.hookAction."),
                    .flag(
                        \.force, "force",
                        help: "Install even when another hook manager owns the hooks, core.hooksPath is shared or "
                            + "outside the repository, or Slipway's hook was edited."),
                    .dryRun(\.dryRun, help: HooksCommand.dryRunHelp),
                    .wait(\.wait),
                ]
            }
        }

        static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
            let request = HooksService.InstallRequest(
                action: options.action, force: options.force, dryRun: options.dryRun, waitForLock: options.wait)
            return try HooksService(workspace: try context.workspace()).install(request, console: context.console)
        }
    }

    enum Uninstall: SlipwayCommand {
        static let about = CommandSpec.About(
            path: ["hooks", "uninstall"],
            abstract: "Remove Slipway's hooks and put back any hook they replaced, byte for byte.")

        struct Options: CommandOptions {
            var dryRun = false
            var wait = false

            static var declarations: [Declaration<Self>] {
                [.dryRun(\.dryRun, help: HooksCommand.dryRunHelp), .wait(\.wait)]
            }
        }

        static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
            try HooksService(workspace: try context.workspace())
                .uninstall(dryRun: options.dryRun, waitForLock: options.wait, console: context.console)
        }
    }

    enum Status: SlipwayCommand {
        static let about = CommandSpec.About(
            path: ["hooks", "status"],
            abstract:
                "Show where the hooks are, whether they are installed, and what they do (exit 1 when not installed).")

        static func run(_ options: NoOptions, _ context: CommandContext) throws -> ExitStatus {
            try HooksService(workspace: try context.workspace()).status(console: context.console)
        }
    }
}

extension HookAction: OptionChoice {}
