import SlipwayCore

/// A usage mistake: printed with the usage line and a pointer to `--help`, exit 64.
struct UsageError: SlipwayError {
    var message: String
    var spec: CommandSpec?
    var exitStatus: ExitStatus { .usage }

    var rendered: String {
        var text = "Error: \(message)\n"
        if let spec {
            text += "Usage: \(spec.usage)\n  See 'slipway \(spec.name) --help' for more information."
        } else {
            text += "Usage: slipway <command> [<options>]\n  See 'slipway --help' for more information."
        }
        return text
    }
}

/// The command line after parsing against a `CommandSpec`.
struct ParsedArguments {
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var positionals: [String] = []
    var wantsHelp = false

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Parses `words` (the arguments after the command's own name).
    static func parse(_ words: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                result.positionals.append(word)
            } else if word == "--" {
                onlyPositionals = true
            } else if word == "--help" || word == "-h" {
                result.wantsHelp = true
            } else {
                try result.readOption(word, words: words, index: &index, spec: spec)
            }
        }
        if !result.wantsHelp { try result.checkPositionals(spec) }
        return result
    }

    /// One `--name`, `--name=value`, `--name value` or `-x`; `index` moves past a value taken from the next word.
    private mutating func readOption(_ word: String, words: [String], index: inout Int, spec: CommandSpec)
        throws(UsageError)
    {
        var name: String
        var inlineValue: String?
        if word.hasPrefix("--") {
            name = String(word.dropFirst(2))
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
        } else {
            guard word.count == 2, let letter = word.last, let match = spec.options.first(where: { $0.short == letter })
            else {
                throw UsageError(message: "unknown option '\(word)'", spec: spec)
            }
            name = match.name
        }
        guard let definition = spec.options.first(where: { $0.name == name }) else {
            throw UsageError(message: "unknown option '--\(name)'", spec: spec)
        }
        if definition.value == nil {
            if inlineValue != nil {
                throw UsageError(message: "option '--\(name)' takes no value", spec: spec)
            }
            flags.insert(name)
            return
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else {
            guard index < words.count else {
                throw UsageError(message: "option '--\(name)' needs a value \(definition.value ?? "")", spec: spec)
            }
            value = words[index]
            index += 1
        }
        if !definition.repeatable, values[name] != nil {
            throw UsageError(message: "option '--\(name)' is given more than once", spec: spec)
        }
        values[name, default: []].append(value)
    }

    /// As many positional arguments as the command takes, and every required one.
    private func checkPositionals(_ spec: CommandSpec) throws(UsageError) {
        let maximum = spec.arguments.contains { $0.repeatable } ? Int.max : spec.arguments.count
        if positionals.count > maximum {
            throw UsageError(message: "unexpected argument '\(positionals[maximum])'", spec: spec)
        }
        let required = spec.arguments.filter { !$0.optional }
        if positionals.count < required.count {
            throw UsageError(message: "missing argument <\(required[positionals.count].name)>", spec: spec)
        }
    }
}
