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
    /// The repository root, or the current folder outside a repository: `.slipway.yml` paths are relative to it.
    public let root: URL
    /// The repository when the caller already opened it (see `openRepository()`).
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

    /// Finds the working tree containing `currentDirectory` (or uses the folder itself outside one) and reads
    /// `.slipway.yml` from its root.
    ///
    /// The root is found by looking for `.git` in the folder and its parents, as git's discovery does, rather than by
    /// opening the repository: reading and bumping versions never touch history, and initialising libgit2 costs
    /// more than the whole bump (it loads the system's TLS certificates). `bump auto` opens it when needed.
    public static func open(currentDirectory: URL, environment: [String: String]) throws -> SpecContext {
        let root = workingTreeRoot(containing: currentDirectory) ?? currentDirectory
        let configuration = try Configuration.load(fromRoot: root)
        return SpecContext(currentDirectory: currentDirectory, root: root, repository: nil,
                           configuration: configuration, environment: environment)
    }

    /// The folder holding `.git` (a folder, or a file in a linked worktree or submodule), nearest first.
    static func workingTreeRoot(containing directory: URL) -> URL? {
        var folder = directory.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return folder }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// The repository, opened now if the context was created without it; `nil` outside a repository.
    public func openRepository() throws -> Repository? {
        if let repository { return repository }
        switch Result(catching: { () throws(GitError) -> Repository in try Repository(discoveringFrom: currentDirectory) }) {
        case .success(let found):
            return found
        case .failure(let error):
            guard case .notARepository = error else { throw error }
            return nil
        }
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
            let source = WorkingTreeSpecFiles(currentDirectory: currentDirectory)
            guard let found = SpecPath.defaultSpec(in: root.standardizedFileURL.path, source: source) else {
                throw SpecError(
                    "no XcodeGen spec found: \(displayPath(root.appendingPathComponent(SpecPath.defaultNames[0]))) does not exist",
                    hint: "run Slipway in the repository that holds project.yml, pass --spec <path>, or set 'spec' in \(Configuration.fileName)")
            }
            spec = URL(fileURLWithPath: found)
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
