import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwaySpec
import SlipwayYAML

/// The repository a command works on and its `.slipway.yml`, found from the current folder.
public struct Workspace {
    public let repository: Repository
    public let configuration: Configuration
    /// The repository root (the working tree, or the git folder of a bare repository).
    public let root: URL
    /// The XcodeGen spec path relative to the repository root, found as `slipway version` finds it: `spec` in
    /// `.slipway.yml`, else `project.yml`, `project.yaml` or `project.json` at the root (`project.yml` when none
    /// exists). A bare repository looks in HEAD's tree.
    public let specPath: String

    public init(repository: Repository, configuration: Configuration) {
        self.repository = repository
        self.configuration = configuration
        root = repository.rootDirectory
        specPath = Workspace.specPath(configuration: configuration, repository: repository)
    }

    /// Why the spec is not where the build-configuration rule looks, or `nil` when it is: a `spec` in
    /// `.slipway.yml` that does not exist, or none configured and none at the root (with the ones found elsewhere).
    public var specWarning: String? {
        guard !repository.isBare else { return nil }
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

    /// Opens the repository containing `directory` and reads its configuration.
    public static func open(from directory: URL) throws -> Workspace {
        let repository = try Repository(discoveringFrom: directory)
        return Workspace(repository: repository, configuration: try configuration(of: repository))
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

    static func specPath(configuration: Configuration, repository: Repository) -> String {
        let locator = SpecLocator(root: repository.rootDirectory, configuration: configuration)
        let found: String?
        if repository.isBare {
            found = headCommit(of: repository).flatMap {
                locator.relativeSpecPath(in: CommitSpecFiles(repository: repository, commit: $0))
            }
        } else {
            found = locator.relativeSpecPath(in: WorkingTreeSpecFiles(currentDirectory: repository.rootDirectory))
        }
        return found ?? SpecPath.defaultNames[0]
    }

    private static func headCommit(of repository: Repository) -> OID? {
        guard !repository.isEmpty else { return nil }
        return try? repository.resolveCommit("HEAD")
    }
}
