import Foundation
import SlipwayGit

/// The spec files a commit's spec pulls in through `include:`, followed recursively: a thin adapter that runs the
/// Spec module's include resolution (`SpecIncludeWalker`, the same as `slipway version`'s) on a commit's tree.
///
/// Paths resolve exactly as XcodeGen resolves them: against the including file's folder or the project root
/// (`projectRoot` in `.slipway.yml`), honouring `relativePaths`, `enable`, `${VAR}` and glob patterns. A file that is
/// missing, unreadable or malformed contributes its own path and nothing more, so judging a commit never fails on
/// its spec. Paths are repository-relative; files outside the repository are left out.
enum SpecIncludes {
    /// Resolution settings come from the repository's `.slipway.yml` (as `Workspace` reads it) and the process
    /// environment, as for `slipway version`.
    static func paths(spec: String, in repository: Repository, at commit: OID) -> Set<String> {
        paths(spec: spec, projectRoot: projectRoots.projectRoot(of: repository), environment: environment,
              in: repository, at: commit)
    }

    /// `spec` and `projectRoot` are relative to the repository root.
    static func paths(spec: String, projectRoot: String?, environment: [String: String], in repository: Repository,
                      at commit: OID) -> Set<String> {
        let source = CommitSpecFiles(repository: repository, commit: commit)
        let walker = SpecIncludeWalker(source: source, environment: environment, policy: .bestEffort)
        let root = source.root
        let specFile = SpecPath.normalize(SpecPath.join(root, spec))
        let visits = (try? walker.walk(spec: specFile, projectRoot: projectRoot.map { SpecPath.normalize(SpecPath.join(root, $0)) })) ?? []
        var found = Set<String>()
        // The root spec is the caller's own path; only what it pulls in is returned.
        for visit in visits.dropFirst() {
            if let path = source.relative(visit.path), !path.isEmpty { found.insert(path) }
        }
        return found
    }

    /// `detect --each` resolves includes once per commit that touches the spec: building the environment dictionary
    /// and parsing `.slipway.yml` each time cost about as much as the walk itself (perf, on a history that edits the
    /// spec in every commit), so both are read once.
    private static let environment = ProcessInfo.processInfo.environment
    private static let projectRoots = ProjectRootCache()

    /// `projectRoot` from each repository's `.slipway.yml`, kept while the file is unchanged (same inode, size and
    /// modification time; for a bare repository, which reads it from HEAD, the same HEAD).
    private final class ProjectRootCache: @unchecked Sendable {
        /// What identifies one version of the file: device, inode, size and modification time in nanoseconds; for
        /// a bare repository, HEAD (its first 8 bytes are plenty to tell commits apart here).
        private typealias Stamp = [Int64]

        private let lock = NSLock()
        private var entries: [String: (stamp: Stamp, projectRoot: String?)] = [:]

        func projectRoot(of repository: Repository) -> String? {
            let key = repository.gitDirectory.path
            let stamp = Self.stamp(of: repository)
            lock.lock()
            defer { lock.unlock() }
            if let entry = entries[key], entry.stamp == stamp { return entry.projectRoot }
            let projectRoot = (try? Workspace.configuration(of: repository))?.projectRoot
            entries[key] = (stamp, projectRoot)
            return projectRoot
        }

        private static func stamp(of repository: Repository) -> Stamp {
            if repository.isBare {
                guard !repository.isEmpty, let head = try? repository.resolveCommit("HEAD") else { return [] }
                return [Int64(bitPattern: UInt64(head.description.prefix(16), radix: 16) ?? 0)]
            }
            var info = stat()
            let path = SpecPath.join(repository.rootDirectory.path, Configuration.fileName)
            guard stat(path, &info) == 0 else { return [] }
            #if canImport(Darwin)
            let modified = info.st_mtimespec
            #else
            let modified = info.st_mtim
            #endif
            return [
                Int64(truncatingIfNeeded: info.st_dev), Int64(truncatingIfNeeded: info.st_ino), Int64(truncatingIfNeeded: info.st_size),
                Int64(truncatingIfNeeded: modified.tv_sec), Int64(truncatingIfNeeded: modified.tv_nsec),
            ]
        }
    }

    /// Folds `.` and `..` segments so paths compare with the repository's own (`""` for the root).
    static func normalize(_ path: String) -> String {
        let normalized = SpecPath.normalize(path)
        return normalized == "." ? "" : normalized
    }
}
