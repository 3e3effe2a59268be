import SlipwayCore
import SlipwayYAML

/// Reading `stages:` and `artifacts:` from `.slipway.yml`.
extension Configuration {
    static let stageKeys = ["name", "run", "uses", "flags", "workingDirectory", "timeout", "env", "when", "phase"]
    /// The longest `timeout:` accepted: seven days. Anything longer is a typo or "no limit", which leaving the key
    /// out already says; a bound also keeps every duration the reports print within range.
    static let maximumTimeout: Double = 7 * 24 * 60 * 60

    /// `stages:`: an ordered list; `null` (or no key) means "derive the defaults".
    static func readStages(_ node: YAMLNode, _ reader: ConfigReader) throws(YAMLError) -> [Stage]? {
        if node.isNull { return nil }
        guard node.kind == .sequence else {
            throw reader.file.error(
                "'stages' must be a list of stages, found \(node.kindName)", at: node,
                hint: "write each stage as '- name: build' with 'run: <command>' under it")
        }
        var stages: [Stage] = []
        var definedAt: [String: Int] = [:]
        for (index, item) in node.items.enumerated() {
            let stage = try readStage(item, number: index + 1, reader)
            if let line = definedAt[stage.name] {
                let nameNode = item["name"] ?? item
                throw reader.file.error(
                    "a stage named '\(stage.name)' is already defined on line \(line)", at: nameNode,
                    hint: "stage names must be unique: they name the log files and the manifest entries")
            }
            definedAt[stage.name] = item.start.line
            stages.append(stage)
        }
        return stages
    }

    private static func readStage(_ node: YAMLNode, number: Int, _ reader: ConfigReader) throws(YAMLError) -> Stage {
        let path = "stages[\(number)]"
        guard node.kind == .mapping else {
            throw reader.file.error(
                "stage \(number) must be a mapping with 'name' and 'run', found \(node.kindName)", at: node,
                hint: "write it as:\n  - name: build\n    run: swift build")
        }
        var name: String?
        var run: String?
        var flags: (list: [String], node: YAMLNode)?
        var stage = Stage(name: "", command: .shell(""), location: reader.file.location(node.start))
        for (key, value) in try reader.mapping(node, keyPath: path, allowed: stageKeys) {
            let keyPath = "\(path).\(key)"
            switch key {
            case "name": name = try readStageName(value, keyPath: keyPath, reader)
            case "run": run = try readCommandLine(value, keyPath: keyPath, reader)
            case "uses": stage.uses = try readUses(value, keyPath: keyPath, reader)
            case "flags": flags = (try reader.strings(value, keyPath: keyPath), value)
            default: try readStageSetting(key, value, keyPath: keyPath, into: &stage, reader)
            }
        }
        // A `uses:` stage may leave its name out: it is named after the command set.
        guard let name = name ?? stage.uses?.kind.rawValue else {
            throw reader.file.error(
                "stage \(number) has no 'name'", at: node, hint: "add 'name: <stage>' (letters, digits, '.', '_', '-')")
        }
        stage.name = name
        try finishCommand(&stage, run: run, flags: flags, node: node, reader)
        return stage
    }

    /// A stage runs either its own `run:` line or a derived command set (`uses:`, with `flags:` added).
    private static func finishCommand(
        _ stage: inout Stage, run: String?, flags: (list: [String], node: YAMLNode)?, node: YAMLNode,
        _ reader: ConfigReader
    ) throws(YAMLError) {
        if run != nil, stage.uses != nil {
            throw reader.file.error(
                "stage '\(stage.name)' has both 'run' and 'uses'", at: node,
                hint: "keep 'run:' for your own command, or 'uses:' (with 'flags:') for Slipway's derived one")
        }
        if let flags, stage.uses == nil {
            throw reader.file.error(
                "'flags' only goes with 'uses'", at: flags.node,
                hint: "add 'uses: build' (or generate, test), or put the flags in the 'run:' line")
        }
        if stage.uses != nil {
            stage.uses?.flags = flags?.list ?? []
            stage.command = .programs([])
            return
        }
        guard let run else {
            throw reader.file.error(
                "stage '\(stage.name)' has no 'run'", at: node,
                hint: "add 'run: <command line>' (it runs with /bin/sh -c in the repository root), or 'uses: build'")
        }
        stage.command = .shell(run)
    }

    private static func readUses(_ value: YAMLNode, keyPath: String, _ reader: ConfigReader) throws(YAMLError)
        -> StageUses
    {
        let text = try reader.choice(value, keyPath: keyPath, from: DerivedStageKind.allCases.map(\.rawValue))
        return StageUses(kind: DerivedStageKind(rawValue: text) ?? .build, location: reader.file.location(value.start))
    }

    private static func readStageName(_ value: YAMLNode, keyPath: String, _ reader: ConfigReader)
        throws(YAMLError) -> String
    {
        let text = try reader.string(value, keyPath: keyPath)
        guard Stage.isValidName(text) else {
            throw reader.file.error(
                "stage name '\(text)' may only contain letters, digits, '.', '_' and '-', starting with a letter or digit",
                at: value, hint: "the name becomes the log file name, e.g. 'unit-tests'")
        }
        return text
    }

    private static func readCommandLine(_ value: YAMLNode, keyPath: String, _ reader: ConfigReader)
        throws(YAMLError) -> String
    {
        let text = try reader.string(value, keyPath: keyPath)
        guard !text.allSatisfy(\.isWhitespace) else {
            throw reader.file.error(
                "'\(keyPath)' is empty", at: value, hint: "give the command line to run, e.g. 'swift test'")
        }
        try rejectNUL(text, value, keyPath: keyPath, reader)
        return text
    }

    /// `workingDirectory`, `timeout`, `env`, `when` and `phase`.
    private static func readStageSetting(
        _ key: String, _ value: YAMLNode, keyPath: String, into stage: inout Stage, _ reader: ConfigReader
    ) throws(YAMLError) {
        switch key {
        case "workingDirectory":
            let text = try reader.string(value, keyPath: keyPath)
            guard !text.isEmpty else {
                throw reader.file.error(
                    "'\(keyPath)' is empty", at: value,
                    hint: "give a folder relative to the repository root, or leave the key out")
            }
            try rejectNUL(text, value, keyPath: keyPath, reader)
            stage.workingDirectory = text
        case "timeout":
            let seconds = try reader.number(value, keyPath: keyPath)
            guard seconds > 0 else {
                throw reader.file.error(
                    "'\(keyPath)' must be more than 0 seconds, found \(value.scalar)", at: value,
                    hint: "leave it out for no limit")
            }
            guard seconds.isFinite, seconds <= maximumTimeout else {
                throw reader.file.error(
                    "'\(keyPath)' must be at most \(Int(maximumTimeout)) seconds (7 days), found \(value.scalar)",
                    at: value,
                    hint: "give the limit in seconds, e.g. 'timeout: 3600' for an hour, or leave it out for no limit")
            }
            stage.timeout = seconds
        case "env":
            stage.environment = try readEnvironment(value, keyPath: keyPath, reader)
        case "when":
            let text = try reader.choice(value, keyPath: keyPath, from: Stage.When.allCases.map(\.rawValue))
            stage.when = Stage.When(rawValue: text) ?? .always
        case "phase":
            let text = try reader.choice(value, keyPath: keyPath, from: Stage.Phase.allCases.map(\.rawValue))
            stage.phase = Stage.Phase(rawValue: text) ?? .beforeCommit
        default:
            break
        }
    }

    private static func readEnvironment(_ node: YAMLNode, keyPath: String, _ reader: ConfigReader) throws(YAMLError)
        -> [String: String]
    {
        if node.isNull { return [:] }
        guard node.kind == .mapping else {
            throw reader.file.error(
                "'\(keyPath)' must be a mapping of variable names to values, found \(node.kindName)", at: node,
                hint: "write it as 'NAME: value' lines")
        }
        var environment: [String: String] = [:]
        for pair in node.pairs {
            let key = pair.key.scalar
            guard pair.key.kind == .scalar, isVariableName(key) else {
                throw reader.file.error(
                    "'\(key)' is not a valid environment variable name", at: pair.key,
                    hint: "use letters, digits and '_', not starting with a digit")
            }
            guard !key.hasPrefix("SLIPWAY_") else {
                throw reader.file.error(
                    "'\(key)' is set by Slipway itself and cannot be configured", at: pair.key,
                    hint: "choose another name; stages receive SLIPWAY_* values automatically")
            }
            guard environment[key] == nil else {
                throw reader.file.error("'\(key)' is given twice", at: pair.key, hint: "keep one of them")
            }
            guard pair.value.kind == .scalar, !pair.value.isNull else {
                throw reader.file.error(
                    "'\(keyPath).\(key)' must be a string, found \(pair.value.kindName)", at: pair.value,
                    hint: "quote it, e.g. \(key): \"\"")
            }
            try rejectNUL(pair.value.scalar, pair.value, keyPath: "\(keyPath).\(key)", reader)
            environment[key] = pair.value.scalar
        }
        return environment
    }

    /// A NUL character (`"\0"` in a double-quoted YAML string) would silently end the C string the shell or the
    /// environment receives, so the command that ran would not be the one written.
    private static func rejectNUL(_ text: String, _ node: YAMLNode, keyPath: String, _ reader: ConfigReader)
        throws(YAMLError)
    {
        guard text.unicodeScalars.contains("\0") else { return }
        throw reader.file.error(
            "'\(keyPath)' contains a NUL character, which would cut the text short where it is passed on",
            at: node, hint: "remove the \\0 escape from the string")
    }

    /// Whether `name` can be an environment variable's name, as `sh` reads one.
    public static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }

    /// `artifacts:`: globs of files a release produces (a single string is a list of one).
    static func readArtifacts(_ node: YAMLNode, _ reader: ConfigReader) throws(YAMLError) -> [Glob] {
        if node.isNull { return [] }
        let patterns = try reader.strings(node, keyPath: "artifacts")
        for (index, pattern) in patterns.enumerated() where pattern.isEmpty || pattern.hasPrefix("/") {
            let item = node.kind == .sequence ? Array(node.items)[index] : node
            throw reader.file.error(
                "artifact pattern '\(pattern)' must be a non-empty path relative to the repository root",
                at: item, hint: "e.g. build/*.ipa or build/**/*.dSYM.zip")
        }
        return patterns.map(Glob.init)
    }
}
