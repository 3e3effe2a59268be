import Foundation
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwayWorkspace

/// `slipway ci install github|xcode-cloud`: writes Slipway's CI files from `ci/` into the repository, byte for byte.
/// A file that exists with other content is kept unless `--force`. Like `hooks install`, it first makes a plan
/// (`planInstall`), then prints it (`--dry-run`) or hands its changes to one `InstallExecutor`.
public struct CIInstaller {
    public enum Target: String, CaseIterable, Sendable {
        case github
        case xcodeCloud = "xcode-cloud"
    }

    public struct Request: Sendable {
        public var target: Target
        public var force = false
        /// For Xcode Cloud: the folder holding the Xcode project, where `ci_scripts/` must be; relative to the
        /// current folder (like every path option) or absolute, and inside the repository either way.
        public var directory: String?
        /// Print the plan and change nothing.
        public var dryRun = false
        /// Wait for another writer to release the repository's lock instead of refusing (`--wait`).
        public var waitForLock = false
        /// Where CI gets Slipway (`--source`, `--ref`); `nil` keeps what the installed files name.
        public var source: CISource?

        public init(target: Target, force: Bool = false, directory: String? = nil, dryRun: Bool = false) {
            self.target = target
            self.force = force
            self.directory = directory
            self.dryRun = dryRun
        }
    }

    public let workspace: Workspace
    let repository: Repository

    public init(workspace: Workspace) throws(GitError) {
        self.workspace = workspace
        repository = try workspace.requireRepository()
    }

    /// Each bundled file and where it goes.
    public func destinations(_ request: Request) throws(Failure) -> [(file: BundledFile, destination: URL)] {
        let root = workspace.root
        switch request.target {
        case .github:
            return BundledFile.under("ci/github").map {
                ($0, root.appendingPathComponent(".github/workflows/\($0.name)"))
            }
        case .xcodeCloud:
            let base: URL
            if let directory = request.directory {
                base = try folderInsideRepository(directory, currentDirectory: workspace.currentDirectory)
            } else {
                // Xcode Cloud looks for ci_scripts/ beside the project, which XcodeGen writes beside the spec.
                let folder = (workspace.specPath as NSString).deletingLastPathComponent
                base = folder.isEmpty || folder == "." ? root : root.appendingPathComponent(folder, isDirectory: true)
            }
            return BundledFile.under("ci/xcode-cloud/ci_scripts").map {
                ($0, base.appendingPathComponent("ci_scripts/\($0.name)"))
            }
        }
    }

    /// `--directory` as an absolute folder: relative to where the command was started, and refused unless it is
    /// the repository root or inside it (after `..` and symbolic links), so files never land outside the repository.
    func folderInsideRepository(_ directory: String, currentDirectory: URL) throws(Failure) -> URL {
        let given =
            directory.hasPrefix("/")
            ? URL(fileURLWithPath: directory, isDirectory: true)
            : URL(fileURLWithPath: directory, isDirectory: true, relativeTo: currentDirectory)
        let root = RealPath.resolve(workspace.root.path)
        let resolved = RealPath.resolve(RealPath.folded(given.absoluteURL.path))
        guard let inside = RealPath.relative(resolved, inside: root) else {
            throw Failure(
                "--directory \(directory) is \(resolved), outside the repository \(root); nothing was written",
                hint: "Xcode Cloud only runs ci_scripts/ inside the repository: give the folder holding the Xcode "
                    + "project, relative to the current folder")
        }
        if inside.isEmpty { return workspace.root }
        // Spelled from the root as the workspace has it, so messages show it repository-relative.
        return workspace.root.appendingPathComponent(inside, isDirectory: true)
    }
}
