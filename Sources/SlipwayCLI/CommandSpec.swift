/// What a command accepts, from which both the parser and `--help` are driven.
struct CommandSpec: Sendable {
    struct Option: Sendable {
        /// Long name without dashes (`json`), and an optional one-letter short name.
        var name: String
        var short: Character?
        /// The placeholder for the value (`<sha>`), or `nil` for a flag.
        var value: String?
        var help: String
        var repeatable = false
    }

    struct Argument: Sendable {
        var name: String
        var help: String
        var optional = true
        var repeatable = false
    }

    /// The words after `slipway` (`["hooks", "install"]`).
    var path: [String]
    /// One sentence, shown as OVERVIEW and in the command list.
    var abstract: String
    var discussion: String?
    var arguments: [Argument] = []
    var options: [Option] = []
    var subcommands: [CommandSpec] = []

    var name: String { path.joined(separator: " ") }

    static let helpOption = Option(name: "help", short: "h", value: nil, help: "Show help information.")

    /// `--spec` and `--project-root`, for the commands that read the spec (`version`, `bump`).
    static let specOption = Option(
        name: "spec", value: "<path>",
        help: "The XcodeGen spec, relative to the current folder\n(default: 'spec' in .slipway.yml, else project.yml).")
    static let projectRootOption = Option(
        name: "project-root", value: "<path>",
        help: "The folder includes resolve against, as xcodegen --project-root\n"
            + "(default: 'projectRoot' in .slipway.yml, else the spec's folder).")

    /// `--app`, for the commands that work on one app of `apps:` in `.slipway.yml`.
    static let appOption = Option(
        name: "app", value: "<name>",
        help: "The app of 'apps:' in .slipway.yml to work on (required when\nthere are several).")

    /// Every command that writes takes the repository's one lock; this waits for it instead of refusing.
    static let waitOption = Option(
        name: "wait", value: nil,
        help: "When another Slipway command holds the repository's lock,\nwait for it instead of refusing (exit 2).")

    var usage: String {
        var parts = ["slipway"] + path
        if !subcommands.isEmpty {
            parts.append(path.isEmpty ? "<command> [<options>]" : "<subcommand>")
            return parts.joined(separator: " ")
        }
        for argument in arguments {
            let word = "<\(argument.name)>" + (argument.repeatable ? " ..." : "")
            parts.append(argument.optional ? "[\(word)]" : word)
        }
        for option in options {
            let word = "--\(option.name)" + (option.value.map { " \($0)" } ?? "")
            parts.append("[\(word)]" + (option.repeatable ? " ..." : ""))
        }
        return parts.joined(separator: " ")
    }

    var help: String {
        var text = "OVERVIEW: \(abstract)\n"
        if let discussion { text += "\n\(discussion)\n" }
        text += "\nUSAGE: \(usage)\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in arguments {
                text += CommandSpec.row("<\(argument.name)>", argument.help)
            }
        }
        text += "\nOPTIONS:\n"
        for option in options + [CommandSpec.helpOption] {
            var names = "--\(option.name)"
            if let short = option.short { names = "-\(short), " + names }
            if let value = option.value { names += " \(value)" }
            text += CommandSpec.row(names, option.help)
        }
        if !subcommands.isEmpty {
            text += path.isEmpty ? "\nCOMMANDS:\n" : "\nSUBCOMMANDS:\n"
            for subcommand in subcommands {
                text += CommandSpec.row(subcommand.path.last ?? "", subcommand.abstract)
            }
            let helpPath = (["slipway", "help"] + path).joined(separator: " ")
            text += "\n  See '\(helpPath) <\(path.isEmpty ? "command" : "subcommand")>' for detailed help.\n"
        }
        return text
    }

    static func row(_ left: String, _ right: String) -> String {
        let indent = "  " + left
        let lines = right.split(separator: "\n", omittingEmptySubsequences: false)
        let pad = String(repeating: " ", count: 28)
        var text: String
        if indent.count < 26 {
            text =
                indent + String(repeating: " ", count: 28 - indent.count) + (lines.first.map(String.init) ?? "") + "\n"
        } else {
            text = indent + "\n" + pad + (lines.first.map(String.init) ?? "") + "\n"
        }
        for line in lines.dropFirst() { text += pad + line + "\n" }
        return text
    }
}
