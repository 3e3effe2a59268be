import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayHooks

/// `slipway hook`: what the installed git hooks call.
enum HookCommand: SlipwayCommandGroup {
    static let subcommands: [SlipwayCommand.Type] = [PostCommit.self, PrePush.self, RunAction.self]

    static let spec = CommandSpec(
        path: ["hook"],
        abstract: "Run a git hook's work (called by the hooks that 'slipway hooks install' puts in place).",
        subcommands: subcommands.map { $0.spec })

    enum PostCommit: SlipwayCommand {
        static let spec = CommandSpec(
            path: ["hook", "post-commit"],
            abstract: "Judge the commit just made and, on a major change, notify, push or release.",
            discussion: """
                Never fails and never holds up the commit: push and release start in the background, detached from
                the terminal, logging to .git/slipway/hook.log under a lock. Does nothing during a rebase, merge,
                cherry-pick, revert or bisect, for Slipway's release commits (Slipway-Release trailer), or when
                SLIPWAY_SKIP_HOOK=1. SLIPWAY_HOOK_VERBOSE=1 makes it say why it did nothing.
                """,
            options: [
                .init(
                    name: "within", value: "<seconds>",
                    help: "Wait at most this long (the installed hook passes 5): the work\n"
                        + "runs in a child writing to a temporary file, shown when it ends;\n"
                        + "one still running is left to finish in the background.")
            ])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
            guard let text = arguments.value("within") else {
                return PostCommitHook().run(
                    from: context.currentDirectory, environment: context.environment, console: context.console)
            }
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
                throw UsageError(message: "--within '\(text)' is not a number of seconds", spec: spec)
            }
            return PostCommitHook().run(within: seconds, environment: context.environment, console: context.console)
        }
    }

    enum PrePush: SlipwayCommand {
        static let spec = CommandSpec(
            path: ["hook", "pre-push"],
            abstract: "Report the verdict for each range being pushed, read from git's lines on standard input.",
            discussion: """
                Each line is '<local ref> <local sha> <remote ref> <remote sha>'. A new branch (remote sha all
                zeros) is judged since the latest release tag, else from the root; deletions are skipped. Refuses
                the push (exit 1) only with 'hooks: {prePush: block}' in .slipway.yml and an unreleased major change.
                """,
            arguments: [
                .init(name: "remote", help: "The remote's name, as git passes it."),
                .init(name: "url", help: "The remote's URL, as git passes it."),
            ])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
            let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            return PrePushHook().run(
                from: context.currentDirectory, remote: arguments.positionals.first, input: input,
                environment: context.environment, console: context.console)
        }
    }

    enum RunAction: SlipwayCommand {
        static let spec = CommandSpec(
            path: ["hook", "run-action"],
            abstract: "Do a post-commit action now, holding the hook lock (what the hook starts in the background).",
            arguments: [.init(name: "action", help: "notify, push or release.", optional: false)],
            options: [
                .init(name: "detached", value: nil, help: "Leave the terminal's session first (the hook passes this)."),
                .init(
                    name: "app", value: "<name>",
                    help: "With several apps: notify about or release this one (repeatable;\nin turn).",
                    repeatable: true),
            ])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
            let name = arguments.positionals[0]
            guard let action = HookAction(rawValue: name) else {
                let names = HookAction.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(message: "<action> must be one of \(names), not '\(name)'", spec: spec)
            }
            return try HookActionRunner(workspace: try context.workspace())
                .run(action, apps: arguments.all("app"), detached: arguments.flag("detached"), console: context.console)
        }
    }
}
