import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwaySpec
import SlipwayYAML

/// Where a command works: the repository found from the current folder, its root, its `.slipway.yml` and the
/// environment. Every command opens one (`open`), so all of them find the repository, the root and the
/// configuration the same way.
///
/// Outside a repository there is none (`repository` is `nil`) and the current folder stands in for the root: versions
/// can be read and bumped in any folder (a fresh checkout's copy, a CI workspace without `.git`). Commands that judge
/// or write history open with `.repository` and are refused there.
///
/// A bare repository is a repository without a working tree, and that is its one rule: its root is its git folder,
/// and `.slipway.yml` and the spec path are read from HEAD's commit, the tree it would check out. What reads files
/// of a working tree (`version`, `bump`, `doctor`, `run`, `init`) finds none there, and what writes them
/// (`release`, `hooks install`, `ci install`) refuses.
public struct Workspace {
    /// The folder the command was started in: `--spec` and `--project-root` are relative to it, and messages about
    /// spec files name them relative to it, as a compiler names the files it was given.
    public let currentDirectory: URL
    /// The repository root (the working tree, or the git folder of a bare repository), or the current folder
    /// outside a repository: `.slipway.yml` paths are relative to it, and `bump` edits only files inside it.
    public let root: URL
    /// `nil` outside a repository.
    public let repository: Repository?
    public let configuration: Configuration
    /// For `${VAR}` in the spec (XcodeGen expands them from its environment), and what stages inherit.
    public let environment: [String: String]
    /// The spec files this command has parsed: every reader of the working tree's spec shares them.
    package let parsedSpecFiles = ParsedSpecFiles()

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

    /// The workspace of a repository already open, its configuration read as `open` reads it; the current folder is
    /// the repository root unless given.
    public init(repository: Repository, currentDirectory: URL? = nil, environment: [String: String]) throws {
        self.init(
            currentDirectory: currentDirectory ?? repository.rootDirectory, root: repository.rootDirectory,
            repository: repository, configuration: try Workspace.configuration(of: repository),
            environment: environment)
    }

    /// What a command needs to run.
    public enum Needs: Sendable {
        /// Commands that judge or write history (`detect`, `notes`, `run`, `release`, `manifest`, the hooks).
        case repository
        /// Commands that read and bump versions (`version`, `bump`, `doctor`, `init`): any folder will do.
        case anyFolder
    }

    /// Finds the repository containing `directory` (libgit2's discovery, as git finds it) and reads its
    /// configuration. With `.anyFolder`, outside a repository the folder itself is the root. With
    /// `readingConfiguration: false` (`slipway init`, which replaces the file) the defaults are used.
    public static func open(
        from directory: URL, environment: [String: String] = ProcessEnvironment.current, needs: Needs = .repository,
        readingConfiguration: Bool = true
    ) throws -> Workspace {
        let repository: Repository
        do {
            repository = try Repository(discoveringFrom: directory, environment: environment)
        } catch .notARepository where needs == .anyFolder {
            let configuration = readingConfiguration ? try Configuration.load(fromRoot: directory) : Configuration()
            return Workspace(
                currentDirectory: directory, root: directory, repository: nil, configuration: configuration,
                environment: environment)
        }
        return Workspace(
            currentDirectory: currentDirectory(directory, in: repository), root: repository.rootDirectory,
            repository: repository,
            configuration: readingConfiguration ? try configuration(of: repository) : Configuration(),
            environment: environment)
    }

    /// `directory`, or the working tree's top when `directory` is not in it: GIT_WORK_TREE may name a working tree
    /// elsewhere, and git then works from its top.
    private static func currentDirectory(_ directory: URL, in repository: Repository) -> URL {
        let root = RealPath.resolve(repository.rootDirectory.path)
        let here = RealPath.resolve(directory.path)
        let inside = here == root || here.hasPrefix(root == "/" ? "/" : root + "/")
        return inside ? directory : repository.rootDirectory
    }

    /// The repository; outside one, the error discovery gives, for what cannot work without history.
    public func requireRepository() throws(GitError) -> Repository {
        guard let repository else { throw .notARepository(path: currentDirectory.path) }
        return repository
    }

    /// The same workspace with another configuration (one app's, `Configuration.scoped(to:)`).
    public func with(_ configuration: Configuration) -> Workspace {
        Workspace(
            currentDirectory: currentDirectory, root: root, repository: repository, configuration: configuration,
            environment: environment)
    }

    /// The workspace as `--app <name>` (or the only app of `apps:`) sees it; several apps and no name is an error,
    /// unless `everyApp` leaves them unchosen (`version` and `bump` go through each).
    public func selecting(app: String?, everyApp: Bool = false) throws -> Workspace {
        // Chosen already (the command line chose the app, then `--spec`): choosing it again would undo `--spec`.
        if let selected = configuration.selectedApp, app == nil || app == selected.name { return self }
        if app == nil, everyApp, configuration.apps.count > 1 { return self }
        return with(try configuration.selecting(app: app))
    }

    /// The workspace with `--spec`/`--project-root` (relative to the current folder) in place of `spec` and
    /// `projectRoot` in `.slipway.yml`, so every reader of the configuration (detect's commit trees, the derived
    /// stages, a release) finds the spec the command line names. In a working tree the spec must be a file and the
    /// project root a folder, with the errors `locate` gives.
    public func choosing(_ options: SpecLocator.Options) throws(SpecError) -> Workspace {
        guard options.spec != nil || options.projectRoot != nil else { return self }
        let rootPath = SpecPath.canonical(root).path
        let relative = { (url: URL) in
            DisplayPath.of(SpecPath.canonical(url).path, relativeTo: rootPath, outside: .climbing)
        }
        var configuration = self.configuration
        if repository?.isBare == true {
            configuration.spec =
                options.spec.map { relative(SpecPath.absolute($0, from: currentDirectory)) }
                ?? configuration.spec
            configuration.projectRoot =
                options.projectRoot.map {
                    relative(SpecPath.absolute($0, from: currentDirectory))
                } ?? configuration.projectRoot
        } else {
            let location = try locate(options)
            if options.spec != nil { configuration.spec = relative(location.spec) }
            if options.projectRoot != nil { configuration.projectRoot = location.projectRoot.map(relative) }
        }
        return with(configuration)
    }

    /// The repository's `.slipway.yml`: the working tree's, or for a bare repository (which has no working tree)
    /// the one committed at HEAD; defaults when there is none.
    public static func configuration(of repository: Repository) throws -> Configuration {
        guard repository.isBare else { return try Configuration.load(fromRoot: repository.rootDirectory) }
        guard let head = headCommit(of: repository),
            let bytes = try repository.fileContents(at: Configuration.fileName, in: head)
        else {
            return Configuration()
        }
        return try Configuration.parse(try YAMLFile(path: Configuration.fileName, bytes: bytes))
    }

    // MARK: The spec

    /// The XcodeGen spec path relative to the root, found as `slipway version` finds it: `spec` in `.slipway.yml`,
    /// else `project.yml`, `project.yaml` or `project.json` at the root (`project.yml` when none exists). A bare
    /// repository looks in HEAD's tree.
    public var specPath: String {
        let locator = SpecLocator(root: root, configuration: configuration)
        let found: String?
        if let repository, repository.isBare {
            found = Workspace.headCommit(of: repository).flatMap {
                locator.relativeSpecPath(in: CommitSpecFiles(repository: repository, commit: $0))
            }
        } else {
            found = locator.relativeSpecPath(in: WorkingTreeSpecFiles(currentDirectory: root))
        }
        return found ?? SpecPath.defaultNames[0]
    }

    /// Why the spec is not where the build-configuration rule looks, or `nil` when it is: a `spec` in
    /// `.slipway.yml` that does not exist, or none configured and none at the root (with the ones found elsewhere).
    public var specWarning: String? {
        guard repository?.isBare != true else { return nil }
        let url = root.appendingPathComponent(specPath)
        guard !FileManager.default.fileExists(atPath: url.path) else { return nil }
        if let configured = configuration.spec {
            return "the spec \(configured.cQuotedIfNeeded) named in \(Configuration.fileName) does not exist, so no "
                + "change counts as a build-configuration change; fix 'spec' there (or run 'slipway init')"
        }
        let found = SpecCandidates.find(root: root)
        guard !found.isEmpty else { return nil }
        return "no XcodeGen spec at the repository root, so changes to \(found.joined(separator: ", ")) do not count "
            + "as build configuration; run 'slipway init' to write a \(Configuration.fileName) that names the spec"
    }

    /// Finds the spec and the project root in the working tree (see `SpecLocator`).
    public func locate(_ options: SpecLocator.Options = .init()) throws(SpecError) -> SpecLocation {
        try SpecLocator(root: root, configuration: configuration).locate(options, currentDirectory: currentDirectory)
    }

    /// The reader of the working tree's spec files, messages naming them relative to the current folder.
    package var specFiles: SpecLoader<WorkingTreeSpecFiles> {
        SpecLoader(
            root: root, isRepository: repository != nil, currentDirectory: currentDirectory, environment: environment,
            parsedFiles: parsedSpecFiles)
    }

    /// Every version definition of the spec at `location` and the files it includes; the selected app scopes it.
    public func versions(at location: SpecLocation, access: SpecAccess) throws(SpecError) -> VersionInventory {
        try VersionInventory.read(location, files: specFiles, configuration: configuration, access: access)
    }

    /// A path as messages about spec files show it: relative to the current folder.
    public func displayPath(_ url: URL) -> String {
        SpecPath.display(url, from: currentDirectory)
    }

    private static func headCommit(of repository: Repository) -> OID? {
        guard !repository.isEmpty else { return nil }
        return try? repository.resolveCommit("HEAD")
    }
}

extension Workspace {
    /// The environment App Store Connect requests run with: `ship.requestTimeout` and `ship.connectTimeout` from
    /// `.slipway.yml` where the environment does not set `SLIPWAY_HTTP_TIMEOUT` or `SLIPWAY_HTTP_CONNECT_TIMEOUT`.
    public var appStoreConnectEnvironment: [String: String] {
        var environment = environment
        let ship = configuration.ship
        if environment["SLIPWAY_HTTP_TIMEOUT"] == nil, let seconds = ship?.requestTimeout {
            environment["SLIPWAY_HTTP_TIMEOUT"] = String(seconds)
        }
        if environment["SLIPWAY_HTTP_CONNECT_TIMEOUT"] == nil, let seconds = ship?.connectTimeout {
            environment["SLIPWAY_HTTP_CONNECT_TIMEOUT"] = String(seconds)
        }
        return environment
    }
}
