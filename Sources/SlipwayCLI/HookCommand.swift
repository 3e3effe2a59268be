import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayHooks

/// `slipway hook`: what the installed git hooks call.
enum HookCommand: SlipwayCommandGroup {
    static var subcommands: [any SlipwayCommand.Type] { [PostCommit.self, PrePush.self, RunAction.self] }

    static let about = CommandSpec.About(
        path: ["hook"],
        abstract: "Run a git hook's work (called by the hooks that 'slipway hooks install' puts in place).")

    enum PostCommit: SlipwayCommand {
        static let about = CommandSpec.About(
            path: ["hook", "post-commit"],
            abstract: "Judge the commit just made and, on a major change, notify, push or release.",
            discussion: """
                Never fails and never holds up the commit: push and release start in the background, detached from
                the terminal, logging to .git/slipway/hook.log under a lock. Does nothing during a rebase, merge,
                cherry-pick, revert or bisect, for Slipway's release commits (Slipway-Release trailer), or when
                SLIPWAY_SKIP_HOOK=1. SLIPWAY_HOOK_VERBOSE=1 makes it say why it did nothing.
                """)

        struct Options: CommandOptions {
            var within: Seconds?

            static var declarations: [Declaration<Self>] {
                [
                    .option(
                        \.within, "within", "<seconds>",
                        help: "Wait at most this long (the installed hook passes 5): the work runs in a child "
                            + "writing to a temporary file, shown when it ends; one still running is left to finish "
                            + "in the background.")
                ]
            }
        }

        static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
            guard let within = options.within else {
                return PostCommitHook().run(
                    from: context.currentDirectory, environment: context.environment, console: context.console)
            }
            return PostCommitHook().run(
                within: within.value, environment: context.environment, console: context.console)
        }
    }

    enum PrePush: SlipwayCommand {
        static let about = CommandSpec.About(
            path: ["hook", "pre-push"],
            abstract: "Report the verdict for each range being pushed, read from git's lines on standard input.",
            discussion: """
                Each line is '<local ref> <local sha> <remote ref> <remote sha>'. A new branch (remote sha all
                zeros) is judged since the latest release tag, else from the root; deletions are skipped. Refuses
                the push (exit 1) only with 'hooks: {prePush: block}' in .slipway.yml and an unreleased major change.
                """)

        struct Options: CommandOptions {
            var remote: String?
            var url: String?

            static var declarations: [Declaration<Self>] {
                [
                    .argument(\.remote, "remote", help: "The remote's name, as git passes it."),
                    .argument(\.url, "url", help: "The remote's URL, as git passes it."),
                ]
            }
        }

        static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
            let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            return PrePushHook().run(
                from: context.currentDirectory, remote: options.remote, input: input,
                environment: context.environment, console: context.console)
        }
    }

    enum RunAction: SlipwayCommand {
        static let about = CommandSpec.About(
            path: ["hook", "run-action"],
            abstract: "Do a post-commit action now, holding the hook lock (what the hook starts in the background).")

        struct Options: CommandOptions {
            var action = HookAction.notify
            var detached = false
            var apps: [String] = []

            static var declarations: [Declaration<Self>] {
                [
                    .argument(\.action, "action", help: "notify, push or release."),
                    .flag(\.detached, "detached", help: "Leave the terminal's session first (the hook passes this)."),
                    .option(
                        \.apps, "app", "<name>",
                        help: "With several apps: notify about or release this one (repeatable; in turn)."),
                ]
            }
        }

        static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
            try HookActionRunner(workspace: try context.workspace())
                .run(options.action, apps: options.apps, detached: options.detached, console: context.console)
        }
    }
}
