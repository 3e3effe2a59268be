import Foundation
import SlipwayCore
import SlipwayYAML

/// Everything `.slipway.yml` can say. Every key has a default, so the tool works with no file at all.
public struct Configuration: Sendable {
    public static let fileName = ".slipway.yml"

    public var detect = DetectConfig()
    public var release = ReleaseConfig()
    /// `notes:`: the authors whose commits the release notes leave out.
    public var notes = NotesConfig()
    public var hooks = HooksConfig()
    public var doctor = DoctorConfig()
    /// The XcodeGen spec, relative to the repository root.
    public var spec: String?
    /// XcodeGen's `--project-root`, relative to the repository root.
    public var projectRoot: String?
    /// `stages:`, in order; `nil` when the key is absent, so defaults are derived from the project.
    public var stages: [Stage]?
    /// `run:`: how the derived stages build and test.
    public var run = RunConfig()
    /// `artifacts:`, globs of the files a release produces, relative to the repository root.
    public var artifacts: [Glob] = []
    /// `apps:`: the apps the repository releases on their own; empty means one app, described by the keys above.
    public var apps: [AppConfig] = []
    /// `ship:`: how archive, export and upload are derived; `nil` when the section is absent.
    public var ship: ShipConfig?
    /// `version:`: the version scheme, a marketing version the apps share, a build number CI owns.
    public var version = VersionConfig()
    /// The app a command works on (`--app`, or the only one), once `selecting(app:)` chose it.
    public var selectedApp: AppConfig?
    /// Where the file was read from, or `nil` when defaults are used.
    public var source: String?

    public init() {}

    /// The top-level keys and the reader of each section; later capabilities add theirs here.
    static let topLevelKeys = [
        "detect", "spec", "projectRoot", "stages", "run", "artifacts", "release", "hooks", "apps", "doctor", "ship",
        "notes", "version",
    ]

    /// Reads `.slipway.yml` from `root` (defaults when it does not exist).
    public static func load(fromRoot root: URL) throws(YAMLError) -> Configuration {
        let url = root.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return Configuration() }
        // A .slipway.yml linked out of the repository is not opened: it may be a device, a FIFO or someone else's.
        let real = RealPath.resolve(url.path)
        guard RealPath.relative(real, inside: RealPath.resolve(root.path)) != nil else {
            throw YAMLError(
                "\(fileName) is a symbolic link to \(real.cQuotedIfNeeded), outside the repository",
                location: SourceLocation(file: fileName, line: 1, column: 1),
                hint: "Slipway reads its configuration only inside the repository; replace the link with the file")
        }
        return try parse(try YAMLFile.read(url, displayPath: fileName))
    }

    /// Reads every key, recording each mistake and going on, then throws once for all of them (each at its
    /// `file:line:column`), as a compiler reports every error in a file.
    public static func parse(_ file: YAMLFile) throws(YAMLError) -> Configuration {
        var configuration = Configuration()
        configuration.source = file.path
        guard let root = file.root, !root.isNull else { return configuration }
        let reader = ConfigReader(file: file)
        var marks = TagMarks()
        do {
            for (key, node) in try reader.mapping(root, keyPath: "", allowed: topLevelKeys, readOn: true) {
                reader.collecting { () throws(YAMLError) in
                    try configuration.read(key, node, reader, marks: &marks)
                }
            }
        } catch {
            reader.problems.list.append(error)
        }
        reader.collecting { () throws(YAMLError) in try configuration.checkTags(reader, marks: marks) }
        if let error = reader.problems.combined(file: file.path) { throw error }
        return configuration
    }

    /// Where the tag template and the tag pattern were written, for the error when they do not fit together.
    struct TagMarks {
        var tag: YAMLNode?
        var pattern: YAMLNode?
        /// Each entry of `apps:`.
        var apps: [YAMLNode] = []
    }

    private mutating func read(_ key: String, _ node: YAMLNode, _ reader: ConfigReader, marks: inout TagMarks)
        throws(YAMLError)
    {
        switch key {
        case "detect":
            detect = try Configuration.readDetect(node, reader)
            marks.pattern = node.kind == .mapping ? node["releaseTagPattern"] : nil
        case "spec": spec = try Configuration.readPath(node, reader, key: key, example: "ios/project.yml")
        case "projectRoot": projectRoot = try Configuration.readPath(node, reader, key: key, example: ".")
        case "stages": stages = try Configuration.readStages(node, reader)
        case "run": run = try Configuration.readRun(node, reader)
        case "artifacts": artifacts = try Configuration.readArtifacts(node, reader)
        case "release":
            release = try Configuration.readRelease(node, reader)
            marks.tag = node.kind == .mapping ? node["tag"] : nil
        case "hooks": hooks = try HooksConfig.read(node, reader)
        case "doctor": doctor = try DoctorConfig.read(node, reader)
        case "ship": ship = try ShipConfig.read(node, reader)
        case "notes": notes = try NotesConfig.read(node, reader)
        case "version": version = try VersionConfig.read(node, reader)
        case "apps":
            apps = try Configuration.readApps(node, reader)
            marks.apps = node.kind == .sequence ? Array(node.items) : []
        default: break
        }
    }

    /// `spec` or `projectRoot`: a path relative to the repository root. An empty one would silently name the root
    /// folder itself, so it is refused here, where its position is known.
    static func readPath(_ node: YAMLNode, _ reader: ConfigReader, key: String, example: String)
        throws(YAMLError) -> String
    {
        let path = try reader.string(node, keyPath: key)
        guard !path.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw reader.file.error(
                "'\(key)' must not be empty", at: node,
                hint:
                    "give a path relative to the repository root (for example \(example)), or remove the key for the default"
            )
        }
        return path
    }

    private static func readDetect(_ node: YAMLNode, _ reader: ConfigReader) throws(YAMLError) -> DetectConfig {
        var config = DetectConfig()
        if node.isNull { return config }
        for (key, value) in try reader.mapping(node, keyPath: "detect", allowed: DetectConfig.keys) {
            let path = "detect.\(key)"
            config.given.insert(key)
            reader.collecting { () throws(YAMLError) in
                switch key {
                case "tags": config.tags = try reader.strings(value, keyPath: path)
                case "skipTags": config.skipTags = try reader.strings(value, keyPath: path)
                case "swiftFileThreshold": config.swiftFileThreshold = try reader.int(value, keyPath: path, minimum: 0)
                case "sharedPaths": config.sharedPaths = try reader.strings(value, keyPath: path).map(Glob.init)
                case "buildConfigPaths":
                    config.buildConfigPaths = try reader.strings(value, keyPath: path).map(Glob.init)
                case "releaseTagPattern": config.releaseTagPattern = Glob(try reader.string(value, keyPath: path))
                case "buildConfig":
                    config.buildConfig =
                        try DetectConfig.BuildConfigMode(
                            rawValue: reader.choice(value, keyPath: path, from: DetectConfig.BuildConfigMode.names)
                        ) ?? .semantic
                case "versionOnly":
                    config.versionOnly =
                        try DetectConfig.VersionOnlyMode(
                            rawValue: reader.choice(value, keyPath: path, from: DetectConfig.VersionOnlyMode.names)
                        ) ?? .ignore
                case "sharedCode":
                    config.sharedCode =
                        try DetectConfig.SharedCodeMode(
                            rawValue: reader.choice(value, keyPath: path, from: DetectConfig.SharedCodeMode.names)
                        ) ?? .reach
                default: break
                }
            }
        }
        return config
    }

    private static func readRun(_ node: YAMLNode, _ reader: ConfigReader) throws(YAMLError) -> RunConfig {
        var config = RunConfig()
        if node.isNull { return config }
        for (key, value) in try reader.mapping(node, keyPath: "run", allowed: RunConfig.keys) {
            let path = "run.\(key)"
            switch key {
            case "uiTests": config.uiTests = try reader.bool(value, keyPath: path)
            case "codeSigning": config.codeSigning = try reader.bool(value, keyPath: path)
            case "testDestinations":
                for (platform, destination) in try reader.mapping(value, keyPath: path, allowed: RunConfig.platforms) {
                    config.testDestinations[platform] = try reader.string(destination, keyPath: "\(path).\(platform)")
                }
            default: break
            }
        }
        return config
    }

    private static func readRelease(_ node: YAMLNode, _ reader: ConfigReader) throws(YAMLError) -> ReleaseConfig {
        var config = ReleaseConfig()
        if node.isNull { return config }
        for (key, value) in try reader.mapping(node, keyPath: "release", allowed: ReleaseConfig.keys) {
            let path = "release.\(key)"
            config.given.insert(key)
            reader.collecting { () throws(YAMLError) in
                switch key {
                case "manifest":
                    config.manifest = try reader.template(
                        value, keyPath: path, placeholders: ReleaseConfig.manifestPlaceholders)
                    let segments = config.manifest.text.split(separator: "/", omittingEmptySubsequences: false)
                    guard !config.manifest.text.hasPrefix("/"), !config.manifest.text.hasSuffix("/"),
                        !segments.contains("..")
                    else {
                        throw reader.file.error(
                            "'\(path)' must be a file path inside the repository, relative to its root", at: value,
                            hint: "for example .slipway/releases/{version}+{build}/manifest.json")
                    }
                case "inToto": config.inToto = try reader.bool(value, keyPath: path)
                case "commitMessage":
                    config.commitMessage = try reader.template(
                        value, keyPath: path, placeholders: ReleaseConfig.commitMessagePlaceholders)
                case "tag":
                    config.tag = try reader.template(value, keyPath: path, placeholders: ReleaseConfig.tagPlaceholders)
                case "push": config.push = try reader.bool(value, keyPath: path)
                default: break
                }
            }
        }
        return config
    }
}
