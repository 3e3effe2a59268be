import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayCrypto
import SlipwayGit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a manifest, the `checksums.txt` beside it, and optionally an in-toto statement, each atomically.
///
/// Every file goes where its path really leads, and only inside the working tree (`RepositoryBoundary`): never
/// into `.git`, never onto a file git tracks. `destination` judges a path without writing, so a release refuses a
/// bad `release.manifest` before it changes anything.
public struct ManifestWriter {
    /// The files one write produced.
    public struct Written: Sendable {
        public var manifest: URL
        public var checksums: URL
        public var inToto: URL?
    }

    public let root: URL
    public let environment: [String: String]
    let boundary: RepositoryBoundary

    public init(repository: Repository, environment: [String: String] = ProcessEnvironment.current) {
        boundary = RepositoryBoundary(repository: repository)
        root = boundary.root
        self.environment = environment
    }

    /// Where `release.manifest` puts the manifest of `manifest` (placeholders filled from its versions and commit).
    public func defaultURL(_ template: ReleaseTemplate, for manifest: ReleaseManifest) -> URL {
        let values = [
            "version": ManifestWriter.pathSafe(manifest.version.marketing ?? "unversioned"),
            "build": manifest.version.build.map(ManifestWriter.pathSafe) ?? "",
            "commit": manifest.git.commit.short,
        ]
        // No build number: the folder is the marketing version alone (`1.0.0/`, not `1.0.0+0/`).
        return root.appendingPathComponent(template.renderOmittingEmpty(values))
    }

    /// The real paths a write to `url` would create or replace, each judged by `RepositoryBoundary`; throws
    /// (exit 2) naming the first one that may not be written.
    public func destination(_ url: URL, inToto: Bool) throws -> Written {
        let manifest = try boundary.writableFile(url, role: "the manifest")
        let folder = manifest.deletingLastPathComponent()
        let suffix = ManifestWriter.suffix(of: manifest.lastPathComponent)
        let checksumsName = ManifestWriter.numbered(ChecksumFile.fileName, suffix)
        let checksums = try boundary.writableFile(folder.appendingPathComponent(checksumsName), role: checksumsName)
        var statement: URL?
        if inToto {
            let name = ManifestWriter.numbered(InTotoStatement.fileName, suffix)
            statement = try boundary.writableFile(folder.appendingPathComponent(name), role: name)
        }
        return Written(manifest: manifest, checksums: checksums, inToto: statement)
    }

    /// Writes `manifest.json` (or the given name) and, when there are artifacts, `checksums.txt` in its folder,
    /// creating the folder; with
    /// `inToto`, also `provenance.intoto.json`. A folder `.slipway` that Slipway creates gets a `.gitignore` of `*`,
    /// so its manifests and logs never show up as untracked files.
    public func write(_ manifest: ReleaseManifest, to url: URL, inToto: Bool) throws -> Written {
        let written = try destination(url, inToto: inToto)
        try createFolder(written.manifest.deletingLastPathComponent())
        let manifestBytes = Array(manifest.json.pretty().utf8)
        var statementBytes: [UInt8]?
        if inToto {
            // Built before anything is written, so a statement that cannot be made leaves no files behind.
            let digest = try SHA256Hasher.hexDigest(of: manifestBytes)
            let statement = try InTotoStatement.json(manifest, manifestDigest: digest, environment: environment)
            statementBytes = Array(statement.pretty().utf8)
        }
        try ManifestWriter.writeAtomically(manifestBytes, to: written.manifest)
        // No artifacts, no checksums.txt: an empty one makes `shasum -a 256 -c` fail ("no properly formatted lines").
        if !manifest.artifacts.isEmpty {
            try ManifestWriter.writeAtomically(Array(ChecksumFile.text(manifest.artifacts).utf8), to: written.checksums)
        }
        if let statementURL = written.inToto, let statementBytes {
            try ManifestWriter.writeAtomically(statementBytes, to: statementURL)
        }
        return written
    }

    /// Creates `folder` (a real path inside the working tree) and, when it creates `.slipway`, its `.gitignore`.
    private func createFolder(_ folder: URL) throws {
        let slipwayFolder = URL(fileURLWithPath: boundary.realRoot).appendingPathComponent(".slipway")
        let insideSlipway = RealPath.relative(folder.path, inside: slipwayFolder.path) != nil
        let createsSlipway = insideSlipway && !FileManager.default.fileExists(atPath: slipwayFolder.path)
        // Messages name the folder relative to the repository root when it is inside it.
        let shown = DisplayPath.of(folder.path, relativeTo: boundary.realRoot)
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

    /// `url`, or when a manifest is there already (a release recorded this commit), the first free
    /// `manifest-<n>.json` beside it: a record is written once, never over.
    public static func besideExisting(_ url: URL) -> URL {
        guard FileManager.default.fileExists(atPath: url.path) else { return url }
        let folder = url.deletingLastPathComponent()
        let stem = url.deletingPathExtension().lastPathComponent
        let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        var number = 2
        while FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(stem)-\(number)\(suffix)").path) {
            number += 1
        }
        return folder.appendingPathComponent("\(stem)-\(number)\(suffix)")
    }

    /// `-<n>` of `manifest-<n>.json`, so its checksums and statement are numbered alike; empty otherwise.
    static func suffix(of name: String) -> String {
        guard name.hasPrefix("manifest-"), name.hasSuffix(".json") else { return "" }
        let number = name.dropFirst("manifest-".count).dropLast(".json".count)
        return !number.isEmpty && number.allSatisfy(\.isNumber) ? "-\(number)" : ""
    }

    /// `checksums.txt` → `checksums-2.txt`, `provenance.intoto.json` → `provenance-2.intoto.json`.
    static func numbered(_ name: String, _ suffix: String) -> String {
        guard !suffix.isEmpty, let dot = name.firstIndex(of: ".") else { return name }
        return String(name[..<dot]) + suffix + String(name[dot...])
    }

    /// A version as one path component: no `/`, no leading dot.
    static func pathSafe(_ text: String) -> String {
        var result = text.map { $0 == "/" || $0 == "\\" || $0.isWhitespace ? "-" : String($0) }.joined()
        while result.hasPrefix(".") { result.removeFirst() }
        return result.isEmpty ? "unversioned" : result
    }
}
