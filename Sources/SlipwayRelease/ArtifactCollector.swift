import Foundation
import SlipwayCore
import SlipwayCrypto
import SlipwayGit

/// Finds the files artifact globs name under the repository root and records each one's size and SHA-256.
/// A file that leads outside the repository (a symbolic link to one elsewhere) is refused, naming the artifact.
public struct ArtifactCollector {
    public let root: URL
    let boundary: RepositoryBoundary

    public init(repository: Repository) {
        boundary = RepositoryBoundary(repository: repository)
        root = boundary.root
    }

    /// Every file matching any of `patterns` (repository-relative globs), sorted by path, each listed once.
    /// A pattern that matches nothing is an error: a release without the file it promised is not a release.
    public func collect(_ patterns: [String]) throws -> [ReleaseManifest.Artifact] {
        try paths(matching: patterns).map(artifact)
    }

    /// Refuses, before a release changes anything, a pattern that leaves the repository and a file already there
    /// that matches one but leads outside it. Matching nothing yet is fine: the stages may make the files.
    func requireInside(_ patterns: [String]) throws {
        for pattern in patterns {
            for path in try files(matching: try ArtifactCollector.validated(pattern)) {
                _ = try boundary.artifact(path)
            }
        }
    }

    /// The repository-relative paths `patterns` match, sorted bytewise.
    public func paths(matching patterns: [String]) throws -> [String] {
        var found = Set<String>()
        for pattern in patterns {
            let cleaned = try ArtifactCollector.validated(pattern)
            let matches = try files(matching: cleaned)
            guard !matches.isEmpty else {
                throw Failure(
                    "no file matches the artifact pattern '\(pattern)'",
                    hint:
                        "patterns are relative to the repository root (\(root.path)); check that the stage producing it ran"
                )
            }
            found.formUnion(matches)
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Hashes one file in fixed-size chunks, so memory stays flat for any size.
    public func artifact(_ path: String) throws -> ReleaseManifest.Artifact {
        let url = try boundary.artifact(path)
        do {
            let digest = try SHA256Hasher.hashFile(at: url.path)
            return ReleaseManifest.Artifact(path: path, size: digest.size, sha256: digest.hex)
        } catch {
            throw Failure("cannot read the artifact \(path)", hint: "check that \(url.path) exists and is readable")
        }
    }

    /// Refuses absolute patterns and `..`: artifacts are recorded by repository-relative paths.
    static func validated(_ pattern: String) throws -> String {
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !pattern.hasPrefix("/"), !segments.isEmpty, !segments.contains("..") else {
            throw Failure(
                "the artifact pattern '\(pattern)' must be relative to the repository root and stay inside it",
                hint: "write it like build/*.ipa or **/*.dSYM.zip")
        }
        return segments.joined(separator: "/")
    }

    private func files(matching pattern: String) throws -> [String] {
        let glob = Glob(pattern)
        let segments = pattern.split(separator: "/").map(String.init)
        // Walk only below the part of the pattern with no wildcard in it.
        let literal = segments.prefix { !$0.contains(where: { "*?[\\".contains($0) }) }
        if literal.count == segments.count {
            let url = root.appendingPathComponent(pattern)
            return ArtifactCollector.isRegularFile(url) ? [pattern] : []
        }
        let prefix = literal.joined(separator: "/")
        let start = prefix.isEmpty ? root : root.appendingPathComponent(prefix, isDirectory: true)
        // Paths come back relative to `start`, so symbolic links in the root's own path never matter.
        guard let walker = FileManager.default.enumerator(atPath: start.path) else { return [] }
        var result: [String] = []
        while let item = walker.nextObject() as? String {
            let type = walker.fileAttributes?[.type] as? FileAttributeType
            if type == .typeDirectory {
                if (item as NSString).lastPathComponent == ".git" { walker.skipDescendants() }
                continue
            }
            let relative = prefix.isEmpty ? item : prefix + "/" + item
            guard glob.matches(relative) else { continue }
            if type == .typeRegular
                || (type == .typeSymbolicLink && ArtifactCollector.isRegularFile(root.appendingPathComponent(relative)))
            {
                result.append(relative)
            }
        }
        return result
    }

    /// A regular file, or a symbolic link to one.
    static func isRegularFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
