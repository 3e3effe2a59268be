import SlipwayGit

/// The spec files of many commits (what `SpecIncludes.paths` gives), each spec resolved once per set of spec
/// files: a commit whose spec files are the same objects as those of any commit seen before reuses that result.
///
/// Following includes reads the tree at a handful of paths (each file read, each folder a glob listed, each
/// include that points nowhere). Their answers are the key: a walk that gets the same answers at those paths reads
/// the same bytes and folders, so it gives the same files. Checking them at another commit reads only the trees on
/// those paths and no blob, while a walk reads and parses every spec file (`detect --each` on merge-heavy
/// histories, where a commit's parent is rarely the commit judged next, spent most of its time there).
package final class SpecIncludeCache {
    /// One resolved spec: its files, and the paths whose answers decided them.
    package struct Resolution {
        /// Repository-relative paths the spec includes (recursively), without the spec itself.
        package var files: Set<String>
        /// Repository-relative paths the walk looked at, with what it found there (`nil`: nothing).
        package var probes: [(path: String, object: TreeObject?)]

        /// Whether a change to `path` (a file the tree diff lists) can change what the walk finds.
        package func dependsOn(_ path: String) -> Bool {
            probes.contains { SpecIncludeCache.overlaps($0.path, path) }
        }
    }

    let repository: Repository
    let spec: String
    let projectRoot: String?
    let environment: [String: String]
    /// Resolutions by what the root spec's path holds (the first probe of every walk), newest first.
    private var resolutions: [TreeObject?: [Resolution]] = [:]

    package init(repository: Repository, spec: String, projectRoot: String?, environment: [String: String]) {
        self.repository = repository
        self.spec = SpecIncludes.normalize(spec)
        self.projectRoot = projectRoot
        self.environment = environment
    }

    /// The spec's files in the tree `tree` of `commit`: a resolution seen before when every probe agrees.
    package func resolve(commit: OID, tree: OID) -> Resolution {
        var answers: [String: TreeObject?] = [:]
        func answer(_ path: String) -> TreeObject? {
            if let known = answers[path] { return known }
            let found = try? repository.object(at: path, inTree: tree)
            answers[path] = .some(found)
            return found
        }
        let root = answer(spec)
        for resolution in resolutions[root] ?? []
        where resolution.probes.allSatisfy({ answer($0.path) == $0.object }) {
            return resolution
        }
        let resolution = walk(commit: commit, tree: tree)
        resolutions[resolution.probes.first?.object, default: []].insert(resolution, at: 0)
        return resolution
    }

    /// Follows the includes in the commit's tree, recording every path the walk asks about.
    private func walk(commit: OID, tree: OID) -> Resolution {
        let log = ProbeLog()
        let source = ProbedSpecFiles(files: CommitSpecFiles(repository: repository, commit: commit), log: log)
        // The root spec's path is the first probe, even when the walk never gets to read it.
        log.record(spec)
        let files = SpecIncludes.paths(
            spec: spec, projectRoot: projectRoot, environment: environment, source: source)
        var seen = Set<String>()
        var probes: [(path: String, object: TreeObject?)] = []
        for path in log.paths where seen.insert(path).inserted {
            probes.append((path, try? repository.object(at: path, inTree: tree)))
        }
        return Resolution(files: files, probes: probes)
    }

    /// Whether one path is the other, or a folder holding it.
    static func overlaps(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        if a.isEmpty || b.isEmpty { return true }
        return b.hasPrefix(a) && b.utf8.dropFirst(a.utf8.count).first == UInt8(ascii: "/")
            || a.hasPrefix(b) && a.utf8.dropFirst(b.utf8.count).first == UInt8(ascii: "/")
    }
}

/// The repository-relative paths a walk asked about, in order.
final class ProbeLog {
    private(set) var paths: [String] = []

    func record(_ path: String) {
        paths.append(path)
    }
}

/// A commit's spec files that note every path they are asked about.
struct ProbedSpecFiles: SpecFileSource, CommitTreeAddressing {
    let files: CommitSpecFiles
    let log: ProbeLog

    var root: String { files.root }

    func relative(_ path: String) -> String? { files.relative(path) }

    func contents(of path: String) throws(SpecError) -> [UInt8]? {
        note(path)
        return try files.contents(of: path)
    }

    func isFile(_ path: String) -> Bool {
        note(path)
        return files.isFile(path)
    }

    func entries(of folder: String) -> [SpecFolderEntry] {
        note(folder, folder: true)
        return files.entries(of: folder)
    }

    func identity(of path: String) -> String { files.identity(of: path) }

    func displayPath(of path: String) -> String { files.displayPath(of: path) }

    /// Outside the repository every answer is "nothing", and the root is never a file: neither needs a probe.
    private func note(_ path: String, folder: Bool = false) {
        if let relative = files.relative(path), folder || !relative.isEmpty { log.record(relative) }
    }
}
