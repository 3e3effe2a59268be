/// What `--help`, usage errors and the completions say about one command: its words, its sentence, and its options
/// and arguments as its `CommandOptions` declare them.
struct CommandSpec: Sendable {
    /// What a command writes about itself; the options come from its `Options` type.
    struct About: Sendable {
        /// The words after `slipway` (`["hooks", "install"]`).
        var path: [String]
        /// One sentence, shown as OVERVIEW and in the command list.
        var abstract: String
        var discussion: String?

        init(path: [String], abstract: String, discussion: String? = nil) {
            self.path = path
            self.abstract = abstract
            self.discussion = discussion
        }
    }

    var about: About
    /// Arguments and options in their declared order; `defaults` holds the defaults `--help` shows, by name.
    var declared: [OptionInfo] = []
    var defaults: [String: String] = [:]
    var subcommands: [CommandSpec] = []
    /// A command with subcommands that also runs on its own (`release`, beside `release continue`).
    var runsItself = false

    var path: [String] { about.path }
    var abstract: String { about.abstract }
    var name: String { path.joined(separator: " ") }
    var arguments: [OptionInfo] { declared.filter { $0.kind == .argument } }
    var options: [OptionInfo] { declared.filter { $0.kind != .argument } }

    static let helpOption = OptionInfo(kind: .flag, name: "help", short: "h", help: "Show help information.")

    /// `slipway notes [<range>] [--json] ...`: every argument and option, in declared order.
    var usage: String { usageWords.joined(separator: " ") }

    /// The usage line's words, a bracketed option with its value being one word.
    var usageWords: [String] {
        var parts = ["slipway"] + path
        if !subcommands.isEmpty, !runsItself {
            parts.append(path.isEmpty ? "<command> [<options>]" : "<subcommand>")
            return parts
        }
        for argument in arguments {
            let word = "<\(argument.name)>" + (argument.repeatable ? " ..." : "")
            parts.append(argument.required ? word : "[\(word)]")
        }
        return parts
            + options.map {
                "[--\($0.name)" + ($0.placeholder.map { " \($0)" } ?? "") + "]" + ($0.repeatable ? " ..." : "")
            }
    }

    /// The usage wrapped at 100 columns, continuation lines under the command's first word.
    func wrappedUsage(prefix: String) -> String {
        let indent = String(repeating: " ", count: prefix.count + 8)
        var lines: [String] = []
        var line = prefix
        for word in usageWords {
            if line.count + 1 + word.count > 100, line.count > indent.count, line != prefix {
                lines.append(line)
                line = indent + word
            } else {
                line += (line == prefix ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    var help: String {
        var text = "OVERVIEW: \(abstract)\n"
        if let discussion = about.discussion { text += "\n\(discussion)\n" }
        text += "\n" + wrappedUsage(prefix: "USAGE: ") + "\n"
        if runsItself {
            for subcommand in subcommands { text += subcommand.wrappedUsage(prefix: "       ") + "\n" }
        }
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
            if let placeholder = option.placeholder { names += " \(placeholder)" }
            var help = option.help
            if let value = defaults[option.name] { help += " (default: \(value))" }
            text += CommandSpec.row(names, help)
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

    /// The name column is 28 wide; help is wrapped at 80 columns, on spaces.
    static let width = 80
    static let nameColumn = 28

    static func row(_ left: String, _ right: String) -> String {
        let indent = "  " + left
        let pad = String(repeating: " ", count: nameColumn)
        let lines = wrap(right, width: width - nameColumn)
        var text: String
        if indent.count < nameColumn - 2 {
            text = indent + String(repeating: " ", count: nameColumn - indent.count) + (lines.first ?? "") + "\n"
        } else {
            text = indent + "\n" + pad + (lines.first ?? "") + "\n"
        }
        for line in lines.dropFirst() { text += pad + line + "\n" }
        return text
    }

    /// Words joined into lines of at most `width` characters (a longer word gets a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
