import Foundation
import SlipwayCore

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
        /// For Xcode Cloud: the folder (repository-relative) holding the Xcode project, where `ci_scripts/` must be.
        public var directory: String?

        public init(target: Target, force: Bool = false, directory: String? = nil) {
            self.target = target
            self.force = force
            self.directory = directory
        }
    }

    public let workspace: Workspace

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Each bundled file and where it goes.
    public func plan(_ request: Request) -> [(file: BundledFile, destination: URL)] {
        let root = workspace.root
        switch request.target {
        case .github:
            return BundledFile.under("ci/github").map { ($0, root.appendingPathComponent(".github/workflows/\($0.name)")) }
        case .xcodeCloud:
            // Xcode Cloud looks for ci_scripts/ beside the project, which XcodeGen writes beside the spec.
            let folder = request.directory ?? (workspace.specPath as NSString).deletingLastPathComponent
            let base = folder.isEmpty || folder == "." ? root : root.appendingPathComponent(folder, isDirectory: true)
            return BundledFile.under("ci/xcode-cloud/ci_scripts").map { ($0, base.appendingPathComponent("ci_scripts/\($0.name)")) }
        }
    }

    public func install(_ request: Request, console: Console) throws -> ExitStatus {
        let plan = plan(request)
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
