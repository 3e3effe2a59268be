import SlipwayConfig
import SlipwayCore

/// A usage mistake: printed with the usage line and a pointer to `--help`, exit 64.
struct UsageError: SlipwayError {
    var message: String
    var spec: CommandSpec?
    var exitStatus: ExitStatus { .usage }

    var rendered: String {
        var text = "Error: \(message)\n"
        if let spec {
            text += spec.wrappedUsage(prefix: "Usage: ") + "\n"
            text += "  See 'slipway \(spec.name) --help' for more information."
        } else {
            text += "Usage: slipway <command> [<options>]\n  See 'slipway --help' for more information."
        }
        return text
    }
}

/// A command line read into a command's `Options`.
struct ParsedCommand<Options> {
    var options: Options
    var wantsHelp = false
    /// One line for each old spelling used (`--build-number`), for standard error.
    var deprecations: [String] = []
}

/// Reads the words after a command's name into its `Options`, through the declarations: `--name value`,
/// `--name=value`, `-x`, flags, positionals in order, `--` before words that only look like options.
struct OptionParser<Options: CommandOptions> {
    let spec: CommandSpec
    let declarations = Options.declarations
    private var result = ParsedCommand(options: Options())
    private var given: Set<String> = []

    init(spec: CommandSpec) {
        self.spec = spec
    }

    static func parse(_ words: [String], spec: CommandSpec) throws(UsageError) -> ParsedCommand<Options> {
        var parser = OptionParser(spec: spec)
        var positionals: [String] = []
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
            } else if word == "--" {
                onlyPositionals = true
            } else if word == "--help" || word == "-h" {
                parser.result.wantsHelp = true
            } else {
                try parser.readOption(word, words: words, index: &index)
            }
        }
        if !parser.result.wantsHelp { try parser.readPositionals(positionals) }
        return parser.result
    }

    /// One `--name`, `--name=value`, `--name value` or `-x`; `index` moves past a value taken from the next word.
    private mutating func readOption(_ word: String, words: [String], index: inout Int) throws(UsageError) {
        let options = declarations.filter { $0.info.kind != .argument }
        var name: String
        var inlineValue: String?
        if word.hasPrefix("--") {
            name = String(word.dropFirst(2))
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
        } else {
            guard word.count == 2, let letter = word.last, let match = options.first(where: { $0.info.short == letter })
            else {
                throw UsageError(message: "unknown option '\(word)'", spec: spec)
            }
            name = match.info.name
        }
        guard let declaration = options.first(where: { $0.info.name == name || $0.info.deprecatedNames.contains(name) })
        else {
            let names = options.map(\.info.name) + ["help"]
            let near = ConfigReader.nearest(name, in: names).map { "; did you mean '--\($0)'?" } ?? ""
            throw UsageError(message: "unknown option '--\(name)'\(near)", spec: spec)
        }
        let info = declaration.info
        if name != info.name {
            result.deprecations.append(
                "'--\(name)' is deprecated: use '--\(info.name)' (the old spelling goes away in the next release)")
        }
        var value = ""
        if info.kind == .flag {
            if inlineValue != nil { throw UsageError(message: "option '--\(name)' takes no value", spec: spec) }
        } else if let inlineValue {
            value = inlineValue
        } else {
            guard index < words.count else {
                throw UsageError(message: "option '--\(name)' needs a value \(info.placeholder ?? "")", spec: spec)
            }
            value = words[index]
            index += 1
        }
        if info.kind == .option, !info.repeatable, given.contains(info.name) {
            throw UsageError(message: "option '--\(info.name)' is given more than once", spec: spec)
        }
        given.insert(info.name)
        do {
            try declaration.assign(&result.options, value)
        } catch {
            throw UsageError(message: error.message(subject: "--\(name)", value: value), spec: spec)
        }
    }

    /// Each positional into the next argument; a repeatable one takes the rest. Every required one must be there.
    private mutating func readPositionals(_ words: [String]) throws(UsageError) {
        let arguments = declarations.filter { $0.info.kind == .argument }
        var remaining = words[...]
        for argument in arguments {
            guard let word = remaining.first else {
                if argument.info.required {
                    throw UsageError(message: "missing argument <\(argument.info.name)>", spec: spec)
                }
                continue
            }
            let taken = argument.info.repeatable ? Array(remaining) : [word]
            remaining = remaining.dropFirst(taken.count)
            for word in taken {
                do {
                    try argument.assign(&result.options, word)
                } catch {
                    throw UsageError(
                        message: error.message(subject: "<\(argument.info.name)>", value: word), spec: spec)
                }
            }
        }
        if let extra = remaining.first {
            throw UsageError(message: "unexpected argument '\(extra)'", spec: spec)
        }
    }
}
