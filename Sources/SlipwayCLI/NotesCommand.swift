import SlipwayCore
import SlipwayDetection

/// `slipway notes`: parses its options and hands them to `NotesService`.
enum NotesCommand: SlipwayCommand {
    static let spec = CommandSpec(
        path: ["notes"],
        abstract: "Print the release notes: the commit subjects since the last release, grouped by type.",
        discussion: """
            Groups follow Conventional Commits: Breaking changes (feat!:, a BREAKING CHANGE footer, [major]) first,
            then Features (feat:), Fixes (fix:) and Other. Release commits, merges and commits tagged [skip deploy]
            (detect.skipTags) are left out. Text and Markdown stop at --max-bytes (4000, TestFlight's limit for
            "What to Test") with a last line "and N more"; JSON lists everything.
            """,
        arguments: [
            .init(
                name: "range", help: "a..b, or a revision for all its history\n(default: since the last release tag).")
        ],
        options: [
            .init(name: "format", value: "<format>", help: "text (default), markdown or json."),
            .init(name: "max-bytes", value: "<n>", help: "The most bytes text or Markdown may take (default: 4000)."),
            CommandSpec.appOption,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let word = arguments.value("format") ?? "text"
        guard let format = ReleaseNotes.Format(rawValue: word) else {
            throw UsageError(message: "unknown format '\(word)': text, markdown or json", spec: spec)
        }
        var maxBytes = ReleaseNotes.defaultMaxBytes
        if let text = arguments.value("max-bytes") {
            guard let value = Int(text), value >= 40 else {
                throw UsageError(message: "--max-bytes '\(text)' is not a number of at least 40", spec: spec)
            }
            maxBytes = value
        }
        return try NotesService(workspace: try context.workspace(app: arguments.value("app"))).run(
            range: arguments.positionals.first, format: format, maxBytes: maxBytes, console: context.console)
    }
}
