import SlipwaySpec

/// `--spec`, `--project-root` and `--app`: every command that reads the spec takes all three, with these words.
struct SpecChoice {
    var spec: String?
    var projectRoot: String?
    var app: String?

    var locator: SpecLocator.Options { SpecLocator.Options(spec: spec, projectRoot: projectRoot) }
    var isEmpty: Bool { spec == nil && projectRoot == nil && app == nil }
}

/// The options several commands share, declared once so each word means one thing everywhere.
extension Declaration {
    /// `--spec`, `--project-root` and `--app`.
    static func specChoice(_ key: WritableKeyPath<Options, SpecChoice>) -> [Self] {
        [
            .option(
                key.appending(path: \.spec), "spec", "<path>",
                help: "The XcodeGen spec, relative to the current folder (default: 'spec' in .slipway.yml, else "
                    + "project.yml).", completion: .file),
            .option(
                key.appending(path: \.projectRoot), "project-root", "<path>",
                help: "The folder includes resolve against, as xcodegen --project-root (default: 'projectRoot' in "
                    + ".slipway.yml, else the spec's folder).", completion: .directory),
            .app(key.appending(path: \.app)),
        ]
    }

    /// `--app <name>`: one app of `apps:` in `.slipway.yml`.
    static func app(_ key: WritableKeyPath<Options, String?>) -> Self {
        .option(
            key, "app", "<name>",
            help: "The app of 'apps:' in .slipway.yml to work on (required when there are several).")
    }

    /// `--wait`: only ever the repository's lock, which every command that writes takes.
    static func wait(_ key: WritableKeyPath<Options, Bool>) -> Self {
        .flag(
            key, "wait",
            help: "When another Slipway command holds the repository's lock, wait for it instead of refusing (exit 2).")
    }

    /// `--json`: JSON on standard output, keys sorted.
    static func json(_ key: WritableKeyPath<Options, Bool>, help: String = "Print JSON.") -> Self {
        .flag(key, "json", help: help)
    }

    /// `--dry-run`: show what would happen and change nothing.
    static func dryRun(_ key: WritableKeyPath<Options, Bool>, help: String) -> Self {
        .flag(key, "dry-run", help: help)
    }

    /// `--bundle-id <id>` on `bump` and `release`: the app `--build testflight` asks about.
    static func buildBundleID(_ key: WritableKeyPath<Options, String?>) -> Self {
        .option(
            key, "bundle-id", "<id>",
            help: "The app whose TestFlight builds --build testflight reads (default: the one the spec ships).")
    }
}
