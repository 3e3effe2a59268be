import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit

/// Where a spec command runs: the repository and its `.slipway.yml` when there is one, else the current folder.
///
/// Versions can be read and bumped in any folder (a fresh checkout's copy, a CI workspace without `.git`); only
/// `bump auto` needs history.
public struct SpecContext {
    public let currentDirectory: URL
    /// The repository root, or the current folder outside a repository: `.slipway.yml` paths are relative to it,
    /// and `bump` edits only files inside it (`SpecBoundary`).
    public let root: URL
    /// The repository when the caller already opened it (see `openRepository()`).
    public let repository: Repository?
    public let configuration: Configuration
    /// For `${VAR}` in `include:` paths, which XcodeGen expands from the environment.
    public let environment: [String: String]

    public init(
        currentDirectory: URL, root: URL, repository: Repository?, configuration: Configuration,
        environment: [String: String]
    ) {
        self.currentDirectory = currentDirectory
        self.root = root
        self.repository = repository
        self.configuration = configuration
        self.environment = environment
    }

    /// Finds the working tree containing `currentDirectory` (or uses the folder itself outside one, or in a bare
    /// repository, which has no working tree to read a spec from) and reads `.slipway.yml` from its root.
    /// With `readingConfiguration: false` (`slipway init`, which replaces the file) the defaults are used.
    public static func open(currentDirectory: URL, environment: [String: String], readingConfiguration: Bool = true)
        throws -> SpecContext
    {
        let found = try discoverRepository(from: currentDirectory)
        let repository = found?.isBare == true ? nil : found
        let root = repository?.rootDirectory ?? currentDirectory
        let configuration = readingConfiguration ? try Configuration.load(fromRoot: root) : Configuration()
        return SpecContext(
            currentDirectory: currentDirectory, root: root, repository: repository, configuration: configuration,
            environment: environment)
    }

    /// The repository containing `directory`, found by libgit2 as git finds it; `nil` outside a repository.
    static func discoverRepository(from directory: URL) throws(GitError) -> Repository? {
        do {
            return try Repository(discoveringFrom: directory)
        } catch .notARepository {
            return nil
        }
    }

    /// The repository of the context; `nil` outside a repository.
    public func openRepository() throws -> Repository? {
        if let repository { return repository }
        return try SpecContext.discoverRepository(from: currentDirectory)
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

    /// Finds the spec and the project root (see `SpecLocator`).
    public func locate(_ options: Options) throws(SpecError) -> SpecLocation {
        try SpecLocator(root: root, configuration: configuration).locate(options, currentDirectory: currentDirectory)
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
