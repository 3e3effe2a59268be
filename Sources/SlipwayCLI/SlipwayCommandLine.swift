import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwaySpec
import SlipwayWorkspace

/// A command the `slipway` executable can run: what it says about itself, its options (`CommandOptions`), and a
/// call into one service.
protocol SlipwayCommand {
    associatedtype Options: CommandOptions = NoOptions
    static var about: CommandSpec.About { get }
    /// The commands below this one (`slipway hooks install`); help lists them.
    static var subcommands: [any SlipwayCommand.Type] { get }
    /// A group only dispatches to its subcommands; `release` also runs on its own.
    static var isGroup: Bool { get }
    /// An old flag that now is a subcommand (`release --continue`): read for one release, with a deprecation line.
    static func subcommand(forDeprecatedFlag word: String) -> (any SlipwayCommand.Type)?
    static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus
}

extension SlipwayCommand {
    static var subcommands: [any SlipwayCommand.Type] { [] }
    static var isGroup: Bool { false }
    static func subcommand(forDeprecatedFlag word: String) -> (any SlipwayCommand.Type)? { nil }

    /// The command as help, usage errors and completions show it.
    static var spec: CommandSpec {
        let declarations = Options.declarations
        let initial = Options()
        var spec = CommandSpec(
            about: about, declared: declarations.map(\.info), subcommands: subcommands.map { $0.spec },
            runsItself: !isGroup && !subcommands.isEmpty)
        for declaration in declarations {
            if let text = declaration.defaultText(initial) { spec.defaults[declaration.info.name] = text }
        }
        return spec
    }

    /// Runs the command on the words after its name: a subcommand's, help, or its own options.
    static func main(_ words: [String], _ context: CommandContext) throws -> ExitStatus {
        if let first = words.first, let command = subcommands.first(where: { $0.about.path.last == first }) {
            return try command.main(Array(words.dropFirst()), context)
        }
        if let index = words.firstIndex(where: { subcommand(forDeprecatedFlag: $0) != nil }),
            let command = subcommand(forDeprecatedFlag: words[index])
        {
            let replacement = (["slipway"] + command.about.path).joined(separator: " ")
            context.console.err(
                "warning: '\(words[index])' is deprecated: use '\(replacement)' (the old spelling goes away in the "
                    + "next release)\n")
            var rest = words
            rest.remove(at: index)
            return try command.main(rest, context)
        }
        if isGroup { return try dispatchGroup(words, context) }
        let parsed = try OptionParser<Options>.parse(words, spec: spec)
        if parsed.wantsHelp {
            context.console.out(spec.help)
            return .success
        }
        for line in parsed.deprecations { context.console.err("warning: \(line)\n") }
        return try run(parsed.options, context)
    }

    /// A group's first word is not one of its subcommands: help, or a usage error that suggests the nearest.
    private static func dispatchGroup(_ words: [String], _ context: CommandContext) throws -> ExitStatus {
        let names = subcommands.map { $0.about.path.last ?? "" }
        guard let first = words.first else {
            throw UsageError(
                message: "missing subcommand of '\(spec.name)': one of \(names.joined(separator: ", "))", spec: spec)
        }
        if first == "--help" || first == "-h" {
            context.console.out(spec.help)
            return .success
        }
        if first.hasPrefix("-") {
            throw UsageError(message: "unknown option '\(first)'", spec: spec)
        }
        let near = ConfigReader.nearest(first, in: names).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError(message: "unknown subcommand '\(first)' of '\(spec.name)'\(near)", spec: spec)
    }
}

/// A command that only groups subcommands.
protocol SlipwayCommandGroup: SlipwayCommand where Options == NoOptions {}

extension SlipwayCommandGroup {
    static var isGroup: Bool { true }

    static func run(_ options: NoOptions, _ context: CommandContext) throws -> ExitStatus {
        context.console.err(spec.help)
        return .usage
    }
}

/// What a command runs with: where it was started, its environment and its output.
struct CommandContext {
    /// The command line after `slipway`, as typed (a release records it in its lock).
    var arguments: [String]
    var currentDirectory: URL
    var environment: [String: String]
    var console: Console

    /// `slipway` and the arguments, as the writer lock records who holds it.
    var commandLine: String { (["slipway"] + arguments).joined(separator: " ") }

    /// The workspace of a command that judges or writes history: inside a repository only.
    func workspace(needs: Workspace.Needs = .repository) throws -> Workspace {
        try Workspace.open(from: currentDirectory, environment: environment, needs: needs)
    }

    /// The workspace as `--app <name>` (or the only app of `apps:`) sees it; several apps need the name, unless
    /// `everyApp` leaves them unchosen (`version` lists each).
    func workspace(app: String?, needs: Workspace.Needs = .repository, everyApp: Bool = false) throws -> Workspace {
        try workspace(needs: needs).selecting(app: app, everyApp: everyApp)
    }

    /// The workspace as `--app` sees it (with `selectingApp`, also the only app, and several apps need the name),
    /// with `--spec` and `--project-root` in place of `.slipway.yml`'s choices. Without `selectingApp` the service
    /// chooses (`detect` judges each app, `run --major` runs the shared stages).
    func workspace(_ choice: SpecChoice, needs: Workspace.Needs = .repository, selectingApp: Bool = true) throws
        -> Workspace
    {
        var workspace = try workspace(needs: needs)
        let namesSpec = choice.spec != nil || choice.projectRoot != nil
        if selectingApp || choice.app != nil || (namesSpec && workspace.configuration.apps.count == 1) {
            workspace = try workspace.selecting(app: choice.app)
        } else if namesSpec, workspace.configuration.apps.count > 1 {
            let names = workspace.configuration.appNames
            throw Failure(
                "--spec and --project-root name one app's spec, and \(Configuration.fileName) lists \(names.count) "
                    + "apps (\(names.joined(separator: ", ")))", hint: "add --app <name>, for example --app \(names[0])"
            )
        }
        return try workspace.choosing(choice.locator)
    }

    /// One line on standard error for an old spelling that still works for one release.
    func deprecated(_ old: String, use new: String) {
        console.err("warning: \(old) is deprecated: use \(new) (the old spelling goes away in the next release)\n")
    }
}

/// Parses `slipway`'s command line, dispatches to a command, and turns errors into messages and exit codes.
public enum SlipwayCommandLine {
    static var commands: [any SlipwayCommand.Type] {
        [
            DetectCommand.self, VersionCommand.self, BumpCommand.self, RunCommand.self, ReleaseCommand.self,
            DoctorCommand.self, ManifestCommand.self, InitCommand.self, NotesCommand.self, TestFlightCommand.self,
            HooksCommand.self, HookCommand.self, CICommand.self, CompletionsCommand.self,
            ProjectCommand.self, NotarizeCommand.self, AppcastCommand.self, GitHubReleaseCommand.self,
        ]
    }

    static var root: CommandSpec {
        CommandSpec(
            about: CommandSpec.About(
                path: [],
                abstract: "Build and release automation for XcodeGen apps: detect major changes, bump versions, run "
                    + "stages, cut releases."),
            declared: [OptionInfo(kind: .flag, name: "version", help: "Show the version.")],
            subcommands: commands.map { $0.spec })
    }

    public static func main() -> Never {
        // A write to a pipe whose reader has gone fails with EPIPE instead of killing Slipway on the spot, so no
        // command is cut off between two steps (a release between its commit and its tag). The console records the
        // failure and `finish` ends the process as git does. Children get SIGPIPE's default back (ProcessSpawn).
        signal(SIGPIPE, SIG_IGN)
        let console = Console()
        let status = run(Array(CommandLine.arguments.dropFirst()), console: console)
        console.flush()
        finish(status, console: console)
    }

    /// Exits with the command's status, unless standard output could not be written: a reader that went away
    /// ends the process quietly by SIGPIPE; any other failure is reported and exits 1 (or the command's own
    /// failure status), so a truncated `--json` never looks like success.
    static func finish(_ status: ExitStatus, console: Console) -> Never {
        guard let failure = console.outputFailure else { exit(status.rawValue) }
        if failure.isBrokenPipe {
            // What git (check_pipe) and coreutils do: die of SIGPIPE, which a shell shows as 141, and say nothing.
            signal(SIGPIPE, SIG_DFL)
            var pipe = sigset_t()
            sigemptyset(&pipe)
            sigaddset(&pipe, SIGPIPE)
            pthread_sigmask(SIG_UNBLOCK, &pipe, nil)
            raise(SIGPIPE)
            exit(128 + SIGPIPE)
        }
        console.err("Error: cannot write to standard output: \(failure.reason)\n")
        exit(status == .success ? ExitStatus.negative.rawValue : status.rawValue)
    }

    static func run(_ arguments: [String], console: Console) -> ExitStatus {
        let context = CommandContext(
            arguments: arguments,
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            environment: ProcessEnvironment.current,
            console: console)
        do {
            return try dispatch(arguments, context)
        } catch let error as SlipwayError {
            console.err(error.rendered + "\n")
            return error.exitStatus
        } catch {
            console.err("Error: \(FileSystem.oneLine(error))\n")
            return .badInput
        }
    }

    static func dispatch(_ arguments: [String], _ context: CommandContext) throws -> ExitStatus {
        guard let first = arguments.first else {
            // No command: the overview, then the usage error, so a bare `slipway` still teaches what to type.
            context.console.err(root.help + "\n")
            throw UsageError(message: "missing command", spec: nil)
        }
        switch first {
        case "--help", "-h":
            context.console.out(root.help)
            return .success
        case "--version":
            guard arguments.count == 1 else {
                throw UsageError(message: "--version takes no arguments, found '\(arguments[1])'", spec: nil)
            }
            context.console.out(Slipway.version + "\n")
            return .success
        case "help":
            let path = Array(arguments.dropFirst())
            if path.isEmpty {
                context.console.out(root.help)
                return .success
            }
            guard let spec = find(path) else {
                throw UsageError(message: "unknown command '\(path.joined(separator: " "))'", spec: nil)
            }
            context.console.out(spec.help)
            return .success
        default:
            break
        }
        if first.hasPrefix("-") {
            throw UsageError(message: "unknown option '\(first)'", spec: nil)
        }
        guard let command = commands.first(where: { $0.about.path.first == first }) else {
            let names = commands.compactMap { $0.about.path.first } + ["help"]
            let near = ConfigReader.nearest(first, in: names).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "unknown command '\(first)'\(near)", spec: nil)
        }
        return try command.main(Array(arguments.dropFirst()), context)
    }

    static func find(_ path: [String]) -> CommandSpec? {
        var candidates = root.subcommands
        var found: CommandSpec?
        for word in path {
            guard let match = candidates.first(where: { $0.path.last == word }) else { return nil }
            found = match
            candidates = match.subcommands
        }
        return found
    }
}
