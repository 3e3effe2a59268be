import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayYAML

/// The repository a command works on and its `.slipway.yml`, found from the current folder.
public struct Workspace {
    public let repository: Repository
    public let configuration: Configuration
    /// The repository root (the working tree, or the git folder of a bare repository).
    public let root: URL

    public init(repository: Repository, configuration: Configuration) {
        self.repository = repository
        self.configuration = configuration
        root = repository.rootDirectory
    }

    /// Opens the repository containing `directory` and reads its configuration.
    public static func open(from directory: URL) throws -> Workspace {
        let repository = try Repository(discoveringFrom: directory)
        guard repository.isBare else {
            return Workspace(repository: repository, configuration: try Configuration.load(fromRoot: repository.rootDirectory))
        }
        // A bare repository has no working tree: the configuration is the one committed at HEAD.
        guard !repository.isEmpty, let head = try? repository.resolveCommit("HEAD"),
            let bytes = try repository.fileContents(at: Configuration.fileName, in: head)
        else { return Workspace(repository: repository, configuration: Configuration()) }
        let file = try YAMLFile(path: Configuration.fileName, bytes: bytes)
        return Workspace(repository: repository, configuration: try Configuration.parse(file))
    }

    /// The XcodeGen spec path relative to the repository root.
    public var specPath: String {
        configuration.spec ?? "project.yml"
    }
}
