import SlipwayCore

/// A file a derived stage writes before its programs run, with bytes decided when the stage was planned, so the
/// dry run shows it and the release journal holds it.
public struct StageFile: Sendable, Equatable, Codable {
    /// Relative to the repository root.
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// A secret a stage's programs read from a file (the App Store Connect `.p8` key). The plan holds only where it
/// comes from: when the stage runs, the runner takes `pathVariable`'s file as it is, or writes `textVariable`'s text
/// to a private temporary file (0600 in a 0700 folder, removed after), and puts that path where `placeholder`
/// stands in the argv. The key's text is never in the plan, a log, a manifest or an error.
public struct StageSecretFile: Sendable, Equatable, Codable {
    /// The argv element the path replaces; it is also what the dry run and the logs show.
    public var placeholder: String
    /// Names the environment variables are looked up under, first found wins.
    public var pathVariables: [String]
    public var textVariables: [String]
    /// The temporary file's name (`AuthKey_<id>.p8`, the name altool and xcodebuild look for).
    public var fileName: String

    public init(placeholder: String, pathVariables: [String], textVariables: [String], fileName: String) {
        self.placeholder = placeholder
        self.pathVariables = pathVariables
        self.textVariables = textVariables
        self.fileName = fileName
    }
}

extension Stage {
    private enum CodingKeys: String, CodingKey {
        case name, command, workingDirectory, timeout, environment, when, phase, files, secretFiles, location, uses
    }

    // Written by hand so a journal from before `phase`, `files` and `secretFiles` still reads (every new key is
    // optional here: add it to both functions).
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try values.decode(String.self, forKey: .name),
            command: try values.decode(Command.self, forKey: .command),
            workingDirectory: try values.decodeIfPresent(String.self, forKey: .workingDirectory),
            timeout: try values.decodeIfPresent(Double.self, forKey: .timeout),
            environment: try values.decodeIfPresent([String: String].self, forKey: .environment) ?? [:],
            when: try values.decodeIfPresent(When.self, forKey: .when) ?? .always,
            phase: try values.decodeIfPresent(Phase.self, forKey: .phase) ?? .beforeCommit,
            location: try values.decodeIfPresent(SourceLocation.self, forKey: .location))
        files = try values.decodeIfPresent([StageFile].self, forKey: .files) ?? []
        secretFiles = try values.decodeIfPresent([StageSecretFile].self, forKey: .secretFiles) ?? []
        uses = try values.decodeIfPresent(StageUses.self, forKey: .uses)
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(name, forKey: .name)
        try values.encode(command, forKey: .command)
        try values.encodeIfPresent(workingDirectory, forKey: .workingDirectory)
        try values.encodeIfPresent(timeout, forKey: .timeout)
        try values.encode(environment, forKey: .environment)
        try values.encode(when, forKey: .when)
        try values.encode(phase, forKey: .phase)
        if !files.isEmpty { try values.encode(files, forKey: .files) }
        if !secretFiles.isEmpty { try values.encode(secretFiles, forKey: .secretFiles) }
        try values.encodeIfPresent(location, forKey: .location)
        try values.encodeIfPresent(uses, forKey: .uses)
    }
}
