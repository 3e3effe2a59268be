import Foundation
import SlipwayCore
import SlipwaySpec
import SlipwayWorkspace

/// A command the `slipway` executable can run: a spec to parse against and a call into one service.
protocol SlipwayCommand: Sendable {
    static var spec: CommandSpec { get }
    /// For a command that only groups others (`slipway hooks install`): the commands below it. Their specs are
    /// `spec.subcommands` too, so help lists them.
    static var subcommands: [SlipwayCommand.Type] { get }
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus
}

extension SlipwayCommand {
    static var subcommands: [SlipwayCommand.Type] { [] }
}

/// A command that only groups subcommands; running it alone prints its help as a usage error.
protocol SlipwayCommandGroup: SlipwayCommand {}

extension SlipwayCommandGroup {
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
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
}

/// Parses `slipway`'s command line, dispatches to a command, and turns errors into messages and exit codes.
public enum SlipwayCommandLine {
    static let commands: [SlipwayCommand.Type] = [
        DetectCommand.self, VersionCommand.self, BumpCommand.self, RunCommand.self, ReleaseCommand.self,
        DoctorCommand.self, ManifestCommand.self, InitCommand.self, NotesCommand.self, TestFlightCommand.self,
        HooksCommand.self, HookCommand.self, CICommand.self,
        ProjectCommand.self,
    ]

    static let root = CommandSpec(
        path: [],
        abstract:
            "Build and release automation for XcodeGen apps: detect major changes, bump versions, run stages, cut releases.",
        options: [CommandSpec.Option(name: "version", value: nil, help: "Show the version.")],
        subcommands: commands.map { $0.spec }
    )

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
        guard let command = commands.first(where: { $0.spec.path.first == first }) else {
            throw UsageError(message: "unknown command '\(first)'", spec: nil)
        }
        return try runCommand(command, Array(arguments.dropFirst()), context)
    }

    static func runCommand(_ command: SlipwayCommand.Type, _ words: [String], _ context: CommandContext) throws
        -> ExitStatus
    {
        if !command.subcommands.isEmpty {
            return try runGroup(command, words, context)
        }
        let parsed = try ParsedArguments.parse(words, for: command.spec)
        if parsed.wantsHelp {
            context.console.out(command.spec.help)
            return .success
        }
        return try command.run(parsed, context)
    }

    /// Dispatches `slipway <group> <subcommand> ...` to the subcommand, which parses the rest.
    static func runGroup(_ group: SlipwayCommand.Type, _ words: [String], _ context: CommandContext) throws
        -> ExitStatus
    {
        guard let first = words.first else {
            let names = group.subcommands.map { $0.spec.path.last ?? "" }.joined(separator: ", ")
            throw UsageError(message: "missing subcommand of '\(group.spec.name)': one of \(names)", spec: group.spec)
        }
        if first == "--help" || first == "-h" {
            context.console.out(group.spec.help)
            return .success
        }
        if first.hasPrefix("-") {
            throw UsageError(message: "unknown option '\(first)'", spec: group.spec)
        }
        guard let command = group.subcommands.first(where: { $0.spec.path.last == first }) else {
            throw UsageError(message: "unknown subcommand '\(first)' of '\(group.spec.name)'", spec: group.spec)
        }
        return try runCommand(command, Array(words.dropFirst()), context)
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
