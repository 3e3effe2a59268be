import Foundation
import SlipwayCore

/// `.slipway/` at the repository root: stage logs (and, later, manifests) go here, and git ignores it.
public struct OutputFolder: Sendable {
    public static let name = ".slipway"
    public let url: URL

    public init(root: URL) {
        url = root.appendingPathComponent(OutputFolder.name, isDirectory: true)
    }

    public var logs: URL { url.appendingPathComponent("logs", isDirectory: true) }

    public func log(forStage name: String) -> URL {
        logs.appendingPathComponent(name + ".log")
    }

    /// Creates the folder with a `.gitignore` of `*`, so nothing in it is ever committed by accident, in any repository.
    public func prepare() throws(Failure) {
        // A `.slipway` that is a symbolic link would take the logs wherever it points: Slipway writes only inside
        // the repository.
        let root = RealPath.resolve(url.deletingLastPathComponent().path)
        let real = RealPath.resolve(url.path)
        guard let inside = RealPath.relative(real, inside: root), !inside.isEmpty else {
            throw Failure(
                "the output folder \(OutputFolder.name) leads to \(real), outside the repository \(root)",
                hint: "Slipway writes its logs and manifests only inside the repository; remove the link "
                    + "(rm \(OutputFolder.name)) and Slipway creates the folder itself")
        }
        do throws(FileSystemError) {
            try FileSystem.createFolder(logs.path, shownAs: "\(OutputFolder.name)/logs")
        } catch {
            throw Failure(error.message)
        }
        let ignore = url.appendingPathComponent(".gitignore")
        guard !FileManager.default.fileExists(atPath: ignore.path) else { return }
        // Written to a temporary name and renamed, so a crash never leaves a half-written file.
        let temporary = url.appendingPathComponent(".gitignore.\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data("# Written by slipway: logs and manifests of local runs.\n*\n".utf8).write(to: temporary)
            try FileManager.default.moveItem(at: temporary, to: ignore)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            // Another run may have written it meanwhile; only a missing file is a problem.
            guard FileManager.default.fileExists(atPath: ignore.path) else {
                throw Failure("cannot write \(OutputFolder.name)/.gitignore: \(FileSystem.reason(error))")
            }
        }
    }
}
