import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayCrypto

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a manifest, the `checksums.txt` beside it, and optionally an in-toto statement, each atomically.
public struct ManifestWriter {
    /// The files one write produced.
    public struct Written: Sendable {
        public var manifest: URL
        public var checksums: URL
        public var inToto: URL?
    }

    public let root: URL
    public let environment: [String: String]

    public init(root: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.root = root
        self.environment = environment
    }

    /// Where `release.manifest` puts the manifest of `manifest` (placeholders filled from its versions and commit).
    public func defaultURL(_ template: ReleaseTemplate, for manifest: ReleaseManifest) -> URL {
        let values = [
            "version": ManifestWriter.pathSafe(manifest.version.marketing ?? "unversioned"),
            "build": ManifestWriter.pathSafe(manifest.version.build ?? "0"),
            "commit": manifest.git.commit.short,
        ]
        return root.appendingPathComponent(template.render(values))
    }

    /// Writes `manifest.json` (or the given name) and `checksums.txt` in its folder, creating the folder; with
    /// `inToto`, also `provenance.intoto.json`. A folder `.slipway` that Slipway creates gets a `.gitignore` of `*`,
    /// so its manifests and logs never show up as untracked files.
    public func write(_ manifest: ReleaseManifest, to url: URL, inToto: Bool) throws -> Written {
        let folder = url.deletingLastPathComponent()
        try createFolder(folder)
        let manifestBytes = Array(manifest.json.pretty().utf8)
        let checksums = folder.appendingPathComponent(ChecksumFile.fileName)
        var statementURL: URL?
        var statementBytes: [UInt8]?
        if inToto {
            // Built before anything is written, so a statement that cannot be made leaves no files behind.
            let digest = try SHA256Hasher.hexDigest(of: manifestBytes)
            let statement = try InTotoStatement.json(manifest, manifestDigest: digest, environment: environment)
            statementBytes = Array(statement.pretty().utf8)
            statementURL = folder.appendingPathComponent(InTotoStatement.fileName)
        }
        try ManifestWriter.writeAtomically(manifestBytes, to: url)
        try ManifestWriter.writeAtomically(Array(ChecksumFile.text(manifest.artifacts).utf8), to: checksums)
        if let statementURL, let statementBytes {
            try ManifestWriter.writeAtomically(statementBytes, to: statementURL)
        }
        return Written(manifest: url, checksums: checksums, inToto: statementURL)
    }

    private func createFolder(_ folder: URL) throws {
        let slipwayFolder = root.appendingPathComponent(".slipway", isDirectory: true)
        let standardFolder = folder.standardizedFileURL.path
        let insideSlipway =
            standardFolder == slipwayFolder.standardizedFileURL.path
            || standardFolder.hasPrefix(slipwayFolder.standardizedFileURL.path + "/")
        let createsSlipway = insideSlipway && !FileManager.default.fileExists(atPath: slipwayFolder.path)
        let base = root.standardizedFileURL.path
        let shown = standardFolder.hasPrefix(base + "/") ? String(standardFolder.dropFirst(base.count + 1)) : nil
        try FileSystem.createFolder(folder.path, shownAs: shown)
        if createsSlipway {
            try ManifestWriter.writeAtomically(
                Array("# Written by slipway: its manifests and logs are not source.\n*\n".utf8),
                to: slipwayFolder.appendingPathComponent(".gitignore"))
        }
    }

    /// Writes to a temporary file in the same folder, then renames it over `url`, keeping an existing file's mode.
    static func writeAtomically(_ bytes: [UInt8], to url: URL) throws {
        try AtomicFileWriter.replace(url.path, with: bytes)
    }

    /// A version as one path component: no `/`, no leading dot.
    static func pathSafe(_ text: String) -> String {
        var result = text.map { $0 == "/" || $0 == "\\" || $0.isWhitespace ? "-" : String($0) }.joined()
        while result.hasPrefix(".") { result.removeFirst() }
        return result.isEmpty ? "unversioned" : result
    }
}
