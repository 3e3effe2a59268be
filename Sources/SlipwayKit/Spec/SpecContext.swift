import Foundation
import SlipwayCore
import SlipwayGit

/// Where a spec command runs: the repository and its `.slipway.yml` when there is one, else the current folder.
///
/// Versions can be read and bumped in any folder (a fresh checkout's copy, a CI workspace without `.git`); only
/// `bump auto` needs history.
public struct SpecContext {
    public let currentDirectory: URL
    /// The repository root, or the current folder outside a repository: `.slipway.yml` paths are relative to it.
    public let root: URL
    public let repository: Repository?
    public let configuration: Configuration
    /// For `${VAR}` in `include:` paths, which XcodeGen expands from the environment.
    public let environment: [String: String]

    public init(currentDirectory: URL, root: URL, repository: Repository?, configuration: Configuration, environment: [String: String]) {
        self.currentDirectory = currentDirectory
        self.root = root
        self.repository = repository
        self.configuration = configuration
        self.environment = environment
    }

    /// Uses an already opened workspace (as `slipway release` does).
    public init(workspace: Workspace, currentDirectory: URL, environment: [String: String]) {
        self.init(currentDirectory: currentDirectory, root: workspace.root, repository: workspace.repository,
                  configuration: workspace.configuration, environment: environment)
    }

    /// Opens the repository containing `currentDirectory` if there is one, and reads `.slipway.yml` from its root.
    public static func open(currentDirectory: URL, environment: [String: String]) throws -> SpecContext {
        let repository: Repository?
        switch Result(catching: { () throws(GitError) -> Repository in try Repository(discoveringFrom: currentDirectory) }) {
        case .success(let found):
            repository = found
        case .failure(let error):
            // Outside a repository the current folder stands in for the root; any other git failure is real.
            guard case .notARepository = error else { throw error }
            repository = nil
        }
        let root = repository?.rootDirectory ?? currentDirectory
        let configuration = try Configuration.load(fromRoot: root)
        return SpecContext(currentDirectory: currentDirectory, root: root, repository: repository,
                           configuration: configuration, environment: environment)
    }

    /// Command-line choices that take precedence over `.slipway.yml`; both are relative to the current folder.
    public struct Options: Sendable {
        public var spec: String?
        public var projectRoot: String?

        public init(spec: String? = nil, projectRoot: String? = nil) {
            self.spec = spec
            self.projectRoot = projectRoot
        }
    }

    static let defaultSpecNames = ["project.yml", "project.yaml", "project.json"]

    /// Finds the spec and the project root: `--spec`, else `spec:` in `.slipway.yml`, else `project.yml`,
    /// `project.yaml` or `project.json` at the root.
    public func locate(_ options: Options) throws(SpecError) -> SpecLocation {
        let spec: URL
        if let given = options.spec {
            spec = SpecPath.absolute(given, from: currentDirectory)
            try requireFile(spec, hint: "--spec is relative to the current folder")
        } else if let configured = configuration.spec {
            spec = SpecPath.absolute(configured, from: root)
            try requireFile(spec, hint: "'spec' in \(Configuration.fileName) is relative to the repository root")
        } else {
            let candidates = SpecContext.defaultSpecNames.map { root.appendingPathComponent($0) }
            guard let found = candidates.first(where: { SpecPath.isFile($0) }) else {
                throw SpecError(
                    "no XcodeGen spec found: \(displayPath(candidates[0])) does not exist",
                    hint: "run Slipway in the repository that holds project.yml, pass --spec <path>, or set 'spec' in \(Configuration.fileName)")
            }
            spec = found
        }
        var projectRoot: URL?
        if let given = options.projectRoot {
            projectRoot = SpecPath.absolute(given, from: currentDirectory)
        } else if let configured = configuration.projectRoot {
            projectRoot = SpecPath.absolute(configured, from: root)
        }
        if let projectRoot, !SpecPath.isDirectory(projectRoot) {
            throw SpecError("the project root \(displayPath(projectRoot)) is not a folder",
                            hint: "--project-root is relative to the current folder, 'projectRoot' in \(Configuration.fileName) to the repository root")
        }
        return SpecLocation(spec: SpecPath.canonical(spec), projectRoot: projectRoot.map(SpecPath.canonical))
    }

    private func requireFile(_ url: URL, hint: String) throws(SpecError) {
        guard SpecPath.isFile(url) else {
            throw SpecError("no XcodeGen spec at \(displayPath(url))", hint: hint)
        }
    }

    /// A path as messages show it: relative to the current folder, like a compiler prints the files it was given.
    public func displayPath(_ url: URL) -> String {
        SpecPath.relative(SpecPath.canonical(url).path, from: SpecPath.canonical(currentDirectory).path)
    }
}

/// The spec file and the folder XcodeGen would use as `--project-root` (`nil`: the spec's own folder).
public struct SpecLocation: Sendable, Equatable {
    public var spec: URL
    public var projectRoot: URL?

    public init(spec: URL, projectRoot: URL? = nil) {
        self.spec = spec
        self.projectRoot = projectRoot
    }
}
