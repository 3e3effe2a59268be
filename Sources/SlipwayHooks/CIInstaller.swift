import Foundation
import SlipwayCore
import SlipwayDetection
import SlipwayHistory

/// `slipway ci install github|xcode-cloud`: writes Slipway's CI files from `ci/` into the repository, byte for byte.
/// A file that exists with other content is kept unless `--force`.
public struct CIInstaller {
    public enum Target: String, CaseIterable, Sendable {
        case github
        case xcodeCloud = "xcode-cloud"
    }

    public struct Request: Sendable {
        public var target: Target
        public var force = false
        /// For Xcode Cloud: the folder holding the Xcode project, where `ci_scripts/` must be; relative to
        /// `currentDirectory` (like every path option) or absolute, and inside the repository either way.
        public var directory: String?
        /// Where the command was started, for a relative `directory`.
        public var currentDirectory: URL?

        public init(target: Target, force: Bool = false, directory: String? = nil, currentDirectory: URL? = nil) {
            self.target = target
            self.force = force
            self.directory = directory
            self.currentDirectory = currentDirectory
        }
    }

    public let workspace: Workspace

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Each bundled file and where it goes.
    public func plan(_ request: Request) throws(Failure) -> [(file: BundledFile, destination: URL)] {
        let root = workspace.root
        switch request.target {
        case .github:
            return BundledFile.under("ci/github").map { ($0, root.appendingPathComponent(".github/workflows/\($0.name)")) }
        case .xcodeCloud:
            let base: URL
            if let directory = request.directory {
                base = try folderInsideRepository(directory, currentDirectory: request.currentDirectory ?? root)
            } else {
                // Xcode Cloud looks for ci_scripts/ beside the project, which XcodeGen writes beside the spec.
                let folder = (workspace.specPath as NSString).deletingLastPathComponent
                base = folder.isEmpty || folder == "." ? root : root.appendingPathComponent(folder, isDirectory: true)
            }
            return BundledFile.under("ci/xcode-cloud/ci_scripts").map { ($0, base.appendingPathComponent("ci_scripts/\($0.name)")) }
        }
    }

    /// `--directory` as an absolute folder: relative to where the command was started, and refused unless it is
    /// the repository root or inside it (after `..` and symbolic links), so files never land outside the repository.
    func folderInsideRepository(_ directory: String, currentDirectory: URL) throws(Failure) -> URL {
        let url = (directory.hasPrefix("/") ? URL(fileURLWithPath: directory, isDirectory: true)
            : URL(fileURLWithPath: directory, isDirectory: true, relativeTo: currentDirectory)).absoluteURL.standardizedFileURL
        let root = DisplayPath.resolvingLinks(workspace.root).path
        let resolved = DisplayPath.resolvingLinks(url).path
        if resolved == root { return workspace.root }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard resolved.hasPrefix(prefix) else {
            throw Failure("--directory \(directory) is \(resolved), outside the repository \(root); nothing was written",
                          hint: "Xcode Cloud only runs ci_scripts/ inside the repository: give the folder holding the Xcode project, relative to the current folder")
        }
        // Spelled from the root as the workspace has it, so messages show it repository-relative.
        return workspace.root.appendingPathComponent(String(resolved.dropFirst(prefix.count)), isDirectory: true)
    }

    public func install(_ request: Request, console: Console) throws -> ExitStatus {
        let plan = try plan(request)
        let root = workspace.root
        let different = plan.filter { FileStatus.exists($0.destination) && !$0.file.isInstalled(at: $0.destination) }
        if !different.isEmpty, !request.force {
            let names = different.map { DisplayPath.of($0.destination, root: root) }.joined(separator: ", ")
            throw Failure("\(names) already \(different.count == 1 ? "exists" : "exist") with other content; nothing was written",
                          hint: "compare with Slipway's version, or replace \(different.count == 1 ? "it" : "them") with 'slipway ci install \(request.target.rawValue) --force'")
        }
        let journal = InstallJournal()
        var rows: [String] = []
        do {
            for (file, destination) in plan {
                let shown = DisplayPath.of(destination, root: root)
                if file.isInstalled(at: destination) {
                    rows.append("unchanged  \(shown)")
                    continue
                }
                let folder = destination.deletingLastPathComponent()
                if !FileStatus.exists(folder) {
                    var topmost = folder
                    while !FileStatus.exists(topmost.deletingLastPathComponent()) { topmost = topmost.deletingLastPathComponent() }
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    journal.record { try? FileManager.default.removeItem(at: topmost) }
                }
                if let old = FileManager.default.contents(atPath: destination.path), let status = FileStatus(destination) {
                    try file.write(to: destination)
                    journal.record { try? BundledFile.writeAtomically(Array(old), mode: status.permissions, to: destination) }
                    rows.append("replaced   \(shown)")
                } else {
                    try file.write(to: destination)
                    journal.record { try? FileManager.default.removeItem(at: destination) }
                    rows.append("created    \(shown)")
                }
            }
        } catch {
            journal.rollBack()
            throw error
        }
        var text = rows.joined(separator: "\n") + "\n"
        switch request.target {
        case .github:
            text += "Commit it: the workflow judges every push, builds and tests major changes on macOS, and releases from the default branch.\n"
        case .xcodeCloud:
            text += "Commit ci_scripts/: Xcode Cloud runs them in every workflow (post-clone, pre- and post-xcodebuild).\n"
        }
        console.out(text)
        return .success
    }
}
