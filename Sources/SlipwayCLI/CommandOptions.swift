import SlipwayConfig

/// A command's options and arguments, declared once: a struct whose stored properties hold the parsed values (their
/// initial values are the defaults) and one declaration for each, which names it, says what its value is and
/// documents it. The parser fills the properties through the declarations' key paths; `--help` and
/// `slipway completions` read the same declarations. A command reads `options.maxBytes`, never a name in a string,
/// so a misspelling does not compile.
///
/// To add an option, add the property (with its default) and its declaration; the value's type decides how the
/// word is read (`Int`, `Double`, `String`, an enum of `OptionChoice`), and a default other than `nil`, `false` or
/// `[]` shows in `--help`:
///
///     struct Options: CommandOptions {
///         var maxBytes = 4000
///         var json = false
///         static var declarations: [Declaration<Self>] {
///             [.option(\.maxBytes, "max-bytes", "<n>", help: "The most bytes the text may take."), .json(\.json)]
///         }
///     }
protocol CommandOptions {
    init()
    static var declarations: [Declaration<Self>] { get }
}

/// For a command that takes nothing but `--help` (and the groups, whose words are subcommands).
struct NoOptions: CommandOptions {
    static var declarations: [Declaration<Self>] { [] }
}

/// One option or argument of `Options`: what `--help` and the completions show (`info`) and how a word is stored.
struct Declaration<Options> {
    var info: OptionInfo
    /// Stores one word (`""` for a flag); throws the reason a word is not a value of the declared type.
    var assign: (inout Options, String) throws(InvalidValue) -> Void
    /// The default as `--help` shows it, read from `Options()`; `nil` when there is none to show.
    var defaultText: (Options) -> String?

    /// `--name` alone sets `key` to true.
    static func flag(
        _ key: WritableKeyPath<Options, Bool>, _ name: String, short: Character? = nil, help: String,
        deprecated: [String] = []
    ) -> Self {
        Declaration(
            info: OptionInfo(kind: .flag, name: name, short: short, help: help, deprecatedNames: deprecated),
            assign: { options, _ in options[keyPath: key] = true }, defaultText: { _ in nil })
    }

    /// `--name <value>`, given at most once; `nil` when not given.
    static func option<Value: OptionValue>(
        _ key: WritableKeyPath<Options, Value?>, _ name: String, _ placeholder: String, help: String,
        completion: OptionInfo.Completion? = nil, deprecated: [String] = []
    ) -> Self {
        Declaration(
            info: OptionInfo(
                kind: .option, name: name, placeholder: placeholder, help: help,
                completion: completion ?? Value.completion, deprecatedNames: deprecated),
            assign: { options, word throws(InvalidValue) in options[keyPath: key] = try Value.read(word) },
            defaultText: { _ in nil })
    }

    /// `--name <value>`, given at most once, with the property's initial value as the default `--help` shows.
    static func option<Value: OptionValue>(
        _ key: WritableKeyPath<Options, Value>, _ name: String, _ placeholder: String, help: String,
        completion: OptionInfo.Completion? = nil, deprecated: [String] = []
    ) -> Self {
        Declaration(
            info: OptionInfo(
                kind: .option, name: name, placeholder: placeholder, help: help,
                completion: completion ?? Value.completion, deprecatedNames: deprecated),
            assign: { options, word throws(InvalidValue) in options[keyPath: key] = try Value.read(word) },
            defaultText: { options in options[keyPath: key].optionText })
    }

    /// `--name <value> ...`: every value in order.
    static func option<Value: OptionValue>(
        _ key: WritableKeyPath<Options, [Value]>, _ name: String, _ placeholder: String, help: String,
        completion: OptionInfo.Completion? = nil, deprecated: [String] = []
    ) -> Self {
        Declaration(
            info: OptionInfo(
                kind: .option, name: name, placeholder: placeholder, help: help, repeatable: true,
                completion: completion ?? Value.completion, deprecatedNames: deprecated),
            assign: { options, word throws(InvalidValue) in options[keyPath: key].append(try Value.read(word)) },
            defaultText: { _ in nil })
    }

    /// An optional positional argument.
    static func argument<Value: OptionValue>(
        _ key: WritableKeyPath<Options, Value?>, _ name: String, help: String, completion: OptionInfo.Completion? = nil
    ) -> Self {
        Declaration(
            info: OptionInfo(kind: .argument, name: name, help: help, completion: completion ?? Value.completion),
            assign: { options, word throws(InvalidValue) in options[keyPath: key] = try Value.read(word) },
            defaultText: { _ in nil })
    }

    /// A positional argument that must be given.
    static func argument<Value: OptionValue>(
        _ key: WritableKeyPath<Options, Value>, _ name: String, help: String, completion: OptionInfo.Completion? = nil
    ) -> Self {
        Declaration(
            info: OptionInfo(
                kind: .argument, name: name, help: help, required: true, completion: completion ?? Value.completion),
            assign: { options, word throws(InvalidValue) in options[keyPath: key] = try Value.read(word) },
            defaultText: { _ in nil })
    }

    /// Positional arguments, as many as given.
    static func argument<Value: OptionValue>(
        _ key: WritableKeyPath<Options, [Value]>, _ name: String, help: String,
        completion: OptionInfo.Completion? = nil
    ) -> Self {
        Declaration(
            info: OptionInfo(
                kind: .argument, name: name, help: help, repeatable: true, completion: completion ?? Value.completion),
            assign: { options, word throws(InvalidValue) in options[keyPath: key].append(try Value.read(word)) },
            defaultText: { _ in nil })
    }
}

/// What help, usage lines, the parser's messages and the completions know of one option or argument.
struct OptionInfo: Sendable {
    enum Kind: Sendable { case flag, option, argument }

    /// What a shell may offer for the value.
    enum Completion: Sendable, Equatable {
        case none
        case file
        case directory
        case words([String])
    }

    var kind: Kind
    /// The long name without dashes (`max-bytes`), or an argument's name (`level`).
    var name: String
    var short: Character?
    /// The value's placeholder (`<n>`); `nil` for flags and arguments.
    var placeholder: String?
    var help: String
    var repeatable = false
    var required = false
    var completion: Completion = .none
    /// Old spellings still read for one release, each with a deprecation line on stderr; never shown in help.
    var deprecatedNames: [String] = []

    init(
        kind: Kind, name: String, short: Character? = nil, placeholder: String? = nil, help: String,
        repeatable: Bool = false, required: Bool = false, completion: Completion = .none,
        deprecatedNames: [String] = []
    ) {
        self.kind = kind
        self.name = name
        self.short = short
        self.placeholder = placeholder
        self.help = help
        self.repeatable = repeatable
        self.required = required
        self.completion = completion
        self.deprecatedNames = deprecatedNames
    }
}

/// Why a word is not a value of an option's type; the parser adds which option.
struct InvalidValue: Error {
    /// "is not a whole number".
    var reason: String
    /// The words it could have been, for a value that is one of a few.
    var choices: [String] = []

    /// `--max-bytes 'x' is not a whole number`; `--format must be one of text, markdown, not 'x'`.
    func message(subject: String, value: String) -> String {
        guard !choices.isEmpty else { return "\(subject) '\(value)' \(reason)" }
        let near = ConfigReader.nearest(value, in: choices).map { "; did you mean '\($0)'?" } ?? ""
        return "\(subject) must be one of \(choices.joined(separator: ", ")), not '\(value)'\(near)"
    }
}

/// A type an option's value can have: how a word becomes one, and how a default is shown.
protocol OptionValue {
    static func read(_ word: String) throws(InvalidValue) -> Self
    var optionText: String { get }
    static var completion: OptionInfo.Completion { get }
}

extension OptionValue {
    static var completion: OptionInfo.Completion { .none }
}

extension String: OptionValue {
    static func read(_ word: String) throws(InvalidValue) -> String { word }
    var optionText: String { self }
}

extension Int: OptionValue {
    static func read(_ word: String) throws(InvalidValue) -> Int {
        guard let value = Int(word) else { throw InvalidValue(reason: "is not a whole number") }
        return value
    }
    var optionText: String { String(self) }
}

extension Double: OptionValue {
    static func read(_ word: String) throws(InvalidValue) -> Double {
        guard let value = Double(word), value.isFinite else { throw InvalidValue(reason: "is not a number") }
        return value
    }
    var optionText: String { Int(exactly: self).map(String.init) ?? String(self) }
}

/// A length of time in seconds, zero or more.
struct Seconds: OptionValue, Equatable {
    var value: Double

    static func read(_ word: String) throws(InvalidValue) -> Seconds {
        guard let value = Double(word), value.isFinite, value >= 0 else {
            throw InvalidValue(reason: "is not a number of seconds")
        }
        return Seconds(value: value)
    }
    var optionText: String { Int(exactly: value).map(String.init) ?? String(value) }
}

/// An option whose value is one of a few words (`--format text|markdown`): completions offer them, and another word
/// is an error that lists them and suggests the nearest.
protocol OptionChoice: OptionValue, CaseIterable, RawRepresentable where RawValue == String {}

extension OptionChoice {
    static func read(_ word: String) throws(InvalidValue) -> Self {
        guard let value = Self(rawValue: word) else {
            throw InvalidValue(reason: "is not a choice", choices: allCases.map(\.rawValue))
        }
        return value
    }
    var optionText: String { rawValue }
    static var completion: OptionInfo.Completion { .words(allCases.map(\.rawValue)) }
}
