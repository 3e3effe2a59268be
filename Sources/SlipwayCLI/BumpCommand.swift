import SlipwayCore
import SlipwayKit

/// `slipway bump`: parses its options and hands them to `BumpService`.
enum BumpCommand: SlipwayCommand {
    static let spec = CommandSpec(
        path: ["bump"],
        abstract: "Bump the marketing version and build number in project.yml, editing nothing but the numbers.",
        discussion: """
            build: build number + 1. patch, minor, major: the semantic bump of the marketing version (1.4.2 ->
            1.4.3, 1.5.0, 2.0.0) and the build number + 1. auto: the level detect suggests for the commits since
            the latest release tag. Every definition changes together (all files or none); references such as
            $(MARKETING_VERSION) are left alone. Refuses (exit 1) when the definitions disagree.
            """,
        arguments: [.init(name: "level", help: "build, patch, minor, major or auto (optional with --set or --build).")],
        options: [
            .init(name: "set", value: "<version>", help: "Set the marketing version everywhere (also brings disagreeing\ndefinitions back into step)."),
            .init(name: "build", value: "<n>", help: "Set the build number everywhere (e.g. $GITHUB_RUN_NUMBER)."),
            .init(name: "dry-run", value: nil, help: "Print the unified diff of what would change; write nothing."),
            .init(name: "json", value: nil, help: "Print JSON: old and new values and every edited position."),
            .init(name: "spec", value: "<path>", help: "The XcodeGen spec, relative to the current folder\n(default: 'spec' in .slipway.yml, else project.yml)."),
            .init(name: "project-root", value: "<path>", help: "The folder includes resolve against, as xcodegen --project-root\n(default: 'projectRoot' in .slipway.yml, else the spec's folder)."),
        ])

    static let levels = ["build", "patch", "minor", "major", "auto"]

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let setValue = arguments.value("set")
        let buildValue = arguments.value("build")
        if let setValue, let problem = BumpRequest.problem(withSetValue: setValue) {
            throw UsageError(message: "--set '\(setValue)': \(problem)", spec: spec)
        }
        if let buildValue, !BumpRequest.isBuildNumber(buildValue) {
            throw UsageError(message: "--build '\(buildValue)' is not a build number (digits, optionally dotted: 118, 2024.11.3)", spec: spec)
        }
        var marketing: BumpRequest.Marketing? = setValue.map { .set($0) }
        var build: BumpRequest.Build? = buildValue.map { .set($0) }
        switch arguments.positionals.first {
        case nil:
            guard setValue != nil || buildValue != nil else {
                throw UsageError(message: "missing argument <level>: one of \(levels.joined(separator: ", ")), or --set / --build", spec: spec)
            }
        case "build":
            guard buildValue == nil else {
                throw UsageError(message: "'build' increments the build number and --build sets it: use one of them", spec: spec)
            }
            build = .increment
        case "auto":
            guard setValue == nil else {
                throw UsageError(message: "'auto' chooses the marketing version and --set gives it: use one of them", spec: spec)
            }
            marketing = .auto
            if build == nil { build = .incrementIfDefined }
        case let word?:
            guard let level = BumpLevel(rawValue: word) else {
                throw UsageError(message: "unknown level '\(word)': use one of \(levels.joined(separator: ", "))", spec: spec)
            }
            guard setValue == nil else {
                throw UsageError(message: "'\(word)' bumps the marketing version and --set gives it: use one of them", spec: spec)
            }
            marketing = .bump(level)
            if build == nil { build = .incrementIfDefined }
        }
        let request = BumpRequest(
            marketing: marketing, build: build,
            options: SpecContext.Options(spec: arguments.value("spec"), projectRoot: arguments.value("project-root")))
        return try BumpService(context: try context.specContext())
            .run(request, dryRun: arguments.flag("dry-run"), json: arguments.flag("json"), console: context.console)
    }
}
