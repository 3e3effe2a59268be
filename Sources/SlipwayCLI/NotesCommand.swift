import SlipwayCore
import SlipwayDetection

/// `slipway notes`: parses its options and hands them to `NotesService`.
enum NotesCommand: SlipwayCommand {
    static let about = CommandSpec.About(
        path: ["notes"],
        abstract: "Print the release notes: the commit subjects since the last release, grouped by type.",
        discussion: """
            Groups follow Conventional Commits: Breaking changes (feat!:, a BREAKING CHANGE footer, [major]) first,
            then Features (feat:), Fixes (fix:) and Other. Release commits, merges, commits tagged [skip deploy]
            (detect.skipTags) and commits by bots (notes.excludeAuthors) are left out, and message tags such as
            [deploy] are taken out of the subjects. Text and Markdown stop at --max-bytes (TestFlight's limit for
            "What to Test") with a last line "and N more"; JSON lists everything.
            """)

    struct Options: CommandOptions {
        var range: String?
        var json = false
        var format = ReleaseNotes.Format.text
        var maxBytes = ReleaseNotes.defaultMaxBytes
        var project = SpecChoice()

        static var declarations: [Declaration<Self>] {
            [
                .argument(
                    \.range, "range",
                    help: "a..b, or a revision for all its history (default: since the last release tag)."),
                .json(\.json, help: "Print JSON: every entry, by group."),
                .option(
                    \.format, "format", "<format>", help: "text or markdown.", completion: .words(["text", "markdown"])),
                .option(\.maxBytes, "max-bytes", "<n>", help: "The most bytes text or Markdown may take, at least 40."),
            ] + Declaration.specChoice(\.project)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
        var format = options.format
        if options.json {
            guard format == .text else {
                throw UsageError(message: "--json and --format \(format.rawValue) are two formats: use one", spec: spec)
            }
            format = .json
        } else if format == .json {
            context.deprecated("'--format json'", use: "'--json'")
        }
        guard options.maxBytes >= 40 else {
            throw UsageError(message: "--max-bytes '\(options.maxBytes)' is not a number of at least 40", spec: spec)
        }
        return try NotesService(workspace: try context.workspace(options.project)).run(
            range: options.range, format: format, maxBytes: options.maxBytes, console: context.console)
    }
}

extension ReleaseNotes.Format: OptionChoice {}
