import Foundation
import SlipwayGit
import SlipwayYAML

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        /// Tells resolutions of one cache apart: what depends on the spec files alone (a project model) can be kept
        /// by it.
        package let id: Int
        /// Repository-relative paths the spec includes (recursively), without the spec itself.
        package let files: Set<String>
        /// Repository-relative paths the walk looked at, with what it found there (`nil`: nothing).
        package let probes: [(path: String, object: TreeObject?)]
        /// `files` and the spec itself: made once here, not for each commit that shares the resolution.
        package let specFiles: Set<String>
        /// The probed paths' bytes end to end, and where each ends: `dependsOn` runs for every changed file of
        /// every commit, and comparing bytes in place costs no string retained or hashed.
        private let probeBytes: [UInt8]
        private let probeEnds: [Int]

        init(id: Int, spec: String, files: Set<String>, probes: [(path: String, object: TreeObject?)]) {
            self.id = id
            self.files = files
            self.probes = probes
            specFiles = files.union([spec])
            var bytes: [UInt8] = []
            var ends: [Int] = []
            for probe in probes {
                bytes += probe.path.utf8
                ends.append(bytes.count)
            }
            probeBytes = bytes
            probeEnds = ends
        }

        /// Whether a change to `path` (a file the tree diff lists) can change what the walk finds: whether it is a
        /// probed path, a folder holding one or a path inside a probed folder (either empty counts as the root),
        /// compared as bytes.
        package func dependsOn(_ path: String) -> Bool {
            let slash = UInt8(ascii: "/")
            return SpecPath.withBytes(of: path) { path in
                guard let pathStart = path.baseAddress, !path.isEmpty else { return true }
                return probeBytes.withUnsafeBufferPointer { all in
                    var start = 0
                    for end in probeEnds {
                        defer { start = end }
                        let count = end - start
                        guard count > 0, let probes = all.baseAddress else { return true }
                        guard memcmp(probes + start, pathStart, min(count, path.count)) == 0 else { continue }
                        if count == path.count { return true }
                        if count > path.count ? all[start + path.count] == slash : path[count] == slash { return true }
                    }
                    return false
                }
            }
        }
    }

    let repository: Repository
    let spec: String
    let projectRoot: String?
    let environment: [String: String]
    /// Resolutions by what the root spec's path holds (the first probe of every walk), newest first.
    private var resolutions: [TreeObject?: [Resolution]] = [:]
    private var walks = 0

    /// `trees`: a differ comparing the same commits, whose trees the probes read instead of reading them again.
    /// `parsedFiles`: files the command parsed from the working tree, for a commit that holds the same bytes.
    package init(
        repository: Repository, spec: String, projectRoot: String?, environment: [String: String],
        trees: TreeDiffer? = nil, parsedFiles: ParsedSpecFiles? = nil
    ) {
        self.trees = trees
        blobs = BlobCache(parsedFiles: parsedFiles)
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
            let found = steps.object(at: path, inTree: tree)
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

    /// The spec at `commit` (whose tree is `tree`) with every file it includes, read through this cache's blobs,
    /// parsed files and folder lookups: what `SpecLoader` reads from the commit, without reading or parsing again
    /// the files this cache has read before.
    package func load(commit: OID, tree: OID, policy: SpecIncludePolicy = .missingIncludesSkipped)
        throws(SpecError) -> LoadedSpec
    {
        let files = CommitSpecFiles(repository: repository, commit: commit)
        let log = ProbeLog(repository: repository, tree: tree, blobs: blobs, steps: steps)
        let loader = SpecLoader(
            source: ProbedSpecFiles(files: files, log: log), environment: environment,
            boundary: SpecBoundary(root: files.root, isRepository: true))
        let location = SpecLocation(
            spec: URL(fileURLWithPath: SpecPath.normalize(SpecPath.join(files.root, spec)), isDirectory: false),
            projectRoot: projectRoot.map { URL(fileURLWithPath: SpecPath.normalize(SpecPath.join(files.root, $0))) })
        return try loader.load(location, access: .read, policy: policy)
    }

    /// Follows the includes in the commit's tree, recording every path the walk asks about and what is there.
    private func walk(commit: OID, tree: OID) -> Resolution {
        let log = ProbeLog(repository: repository, tree: tree, blobs: blobs, steps: steps)
        let source = ProbedSpecFiles(files: CommitSpecFiles(repository: repository, commit: commit), log: log)
        // The root spec's path is the first probe, even when the walk never gets to read it.
        _ = log.object(at: spec)
        let files = SpecIncludes.paths(
            spec: spec, projectRoot: projectRoot, environment: environment, source: source)
        walks += 1
        return Resolution(id: walks, spec: spec, files: files, probes: log.probes)
    }

    /// Spec files' bytes by blob id: a new set of spec files mostly shares its files with sets seen before.
    private let blobs: BlobCache
    private let trees: TreeDiffer?
    /// Folder lookups by tree id, shared by all commits.
    private lazy var steps = TreeSteps(repository: repository, trees: trees)

}

/// The repository-relative paths a walk asked about, in order, each with what the tree holds there.
final class ProbeLog {
    let repository: Repository
    let tree: OID
    let blobs: BlobCache
    let steps: TreeSteps
    private(set) var probes: [(path: String, object: TreeObject?)] = []
    private var seen: [String: TreeObject?] = [:]

    init(repository: Repository, tree: OID, blobs: BlobCache, steps: TreeSteps) {
        self.repository = repository
        self.tree = tree
        self.blobs = blobs
        self.steps = steps
    }

    /// What the tree holds at `path`, noted as a probe the first time.
    func object(at path: String) -> TreeObject? {
        if let known = seen[path] { return known }
        let found = steps.object(at: path, inTree: tree)
        seen[path] = .some(found)
        probes.append((path, found))
        return found
    }

    /// The file's bytes, or `nil` when no file is there; read once per blob.
    func contents(at path: String) -> [UInt8]? {
        // A symbolic link is a blob too: its bytes are its target, as `Repository.fileContents` reads it.
        guard let object = object(at: path), object.kind == .file || object.kind == .symbolicLink else { return nil }
        if let bytes = blobs.bytes(of: object.id) { return bytes }
        let bytes = repository.blobContents(object.id)
        blobs.keep(bytes, of: object.id)
        return bytes
    }
}

/// Paths looked up one folder at a time, each step remembered by the folder's tree id: commits mostly share the
/// folders that hold the spec files, so only their root trees differ (libgit2's object cache is off, see
/// `GitLibrary`, and a path lookup would read every tree on the way again).
final class TreeSteps {
    private struct Step: Hashable {
        var tree: OID
        var name: Substring
    }

    let repository: Repository
    let trees: TreeDiffer?
    private var steps: [Step: TreeObject?] = [:]
    /// The folder read last: a commit's probes ask several names of its root tree in a row.
    private var loaded: LoadedTree?

    init(repository: Repository, trees: TreeDiffer?) {
        self.repository = repository
        self.trees = trees
    }

    /// What `path` (repository-relative, normalised) names in the tree `tree`, or `nil`.
    func object(at path: String, inTree tree: OID) -> TreeObject? {
        guard !path.isEmpty else { return TreeObject(kind: .folder, id: tree) }
        var folder = tree
        let names = SpecPath.segments(path, omittingEmpty: false)
        for (index, name) in names.enumerated() {
            let step = Step(tree: folder, name: name)
            let found: TreeObject?
            if index == 0 {
                // Nearly every commit has a root tree of its own: remembering its steps would keep an entry per
                // commit and probe for the whole walk, and the root is the tree read last anyway.
                found = lookUp(String(name), inTree: folder)
            } else if let known = steps[step] {
                found = known
            } else {
                found = lookUp(String(name), inTree: folder)
                steps[step] = .some(found)
            }
            guard let found else { return nil }
            if index == names.count - 1 { return found }
            guard found.kind == .folder else { return nil }
            folder = found.id
        }
        return nil
    }

    /// The entries of the folder `tree`, sorted by name as `CommitSpecFiles.entries` sorts them; `nil` when the
    /// tree cannot be read. Listed once per folder id: a glob over a folder lists it for every walk, and most
    /// walks find the folder as the last one left it.
    func entries(ofTree tree: OID) -> [SpecFolderEntry]? {
        if let known = listings[tree] { return known }
        guard let loaded = trees?.loadedTree(tree) ?? (try? LoadedTree(tree, in: repository)) else { return nil }
        let entries = loaded.entries.map { SpecFolderEntry(name: $0.name, isFolder: $0.kind == .folder) }
            .sorted { $0.name < $1.name }
        // A glob with `**` lists every folder below it; a long history would keep every version of each.
        if listings.count >= Self.listingLimit { listings.removeAll(keepingCapacity: true) }
        listings[tree] = entries
        return entries
    }

    private static let listingLimit = 256
    private var listings: [OID: [SpecFolderEntry]] = [:]

    private func lookUp(_ name: String, inTree folder: OID) -> TreeObject? {
        if loaded?.id != folder { loaded = trees?.loadedTree(folder) ?? (try? LoadedTree(folder, in: repository)) }
        return loaded?.object(named: name)
    }
}

/// Blob contents shared by the walks of one cache, and the spec files parsed from them.
final class BlobCache {
    struct ParsedKey: Hashable {
        var blob: OID
        var path: String
    }

    /// How many blobs and parsed files are kept. A walk needs the versions of the commits around it; keeping every
    /// version a long history ever had held them all to the end of `detect --each` (hundreds on `twoapp`).
    static let limit = 32

    private var bytes: [OID: [UInt8]?] = [:]
    private var bytesOrder: [OID] = []
    /// A spec file changed in one commit leaves the others' blobs as they were: a walk after it parses one file.
    private var parsed: [ParsedKey: YAMLFile] = [:]
    private var parsedOrder: [ParsedKey] = []
    /// Files parsed from the working tree, which a commit's file with the same bytes and name reuses.
    let parsedFiles: ParsedSpecFiles?

    init(parsedFiles: ParsedSpecFiles? = nil) {
        self.parsedFiles = parsedFiles
    }

    func bytes(of blob: OID) -> [UInt8]?? { bytes[blob] }

    func keep(_ contents: [UInt8]?, of blob: OID) {
        bytes[blob] = .some(contents)
        Self.note(blob, in: &bytesOrder, of: &bytes)
    }

    func parsed(_ key: ParsedKey) -> YAMLFile? { parsed[key] }

    func keep(_ file: YAMLFile, for key: ParsedKey) {
        parsed[key] = file
        Self.note(key, in: &parsedOrder, of: &parsed)
    }

    /// Records `key` as the newest, dropping the oldest entries past `limit`.
    private static func note<Key: Hashable, Value>(_ key: Key, in order: inout [Key], of cache: inout [Key: Value]) {
        order.append(key)
        guard order.count > limit else { return }
        cache.removeValue(forKey: order.removeFirst())
    }
}

/// A commit's spec files that note every path they are asked about, and read through the probes.
struct ProbedSpecFiles: SpecFileSource, CommitTreeAddressing {
    let files: CommitSpecFiles
    let log: ProbeLog

    var root: String { files.root }

    func relative(_ path: String) -> String? { files.relative(path) }

    // Outside the repository every answer is "nothing", and the root is never a file: neither needs a probe.
    func contents(of path: String) throws(SpecError) -> [UInt8]? {
        guard let relative = files.relative(path), !relative.isEmpty else { return nil }
        return log.contents(at: relative)
    }

    func isFile(_ path: String) -> Bool {
        guard let relative = files.relative(path), !relative.isEmpty else { return false }
        return log.object(at: relative)?.kind == .file
    }

    // The folder probed is the one listed: its tree id names its entries, read through the walk's tree steps
    // (`files.entries` would look the commit, its root tree and the path up again through libgit2).
    func entries(of folder: String) -> [SpecFolderEntry] {
        guard let relative = files.relative(folder), let object = log.object(at: relative), object.kind == .folder
        else { return [] }
        return log.steps.entries(ofTree: object.id) ?? []
    }

    func identity(of path: String) -> String { files.identity(of: path) }

    func displayPath(of path: String) -> String { files.displayPath(of: path) }

    func parsed(_ path: String, bytes: [UInt8], parse: ([UInt8]) throws(SpecError) -> YAMLFile) throws(SpecError)
        -> YAMLFile
    {
        guard let relative = files.relative(path), let blob = log.object(at: relative)?.id else {
            return try parse(bytes)
        }
        let key = BlobCache.ParsedKey(blob: blob, path: path)
        if let file = log.blobs.parsed(key) { return file }
        let file: YAMLFile
        if let shared = log.blobs.parsedFiles {
            file = try shared.file(shownAs: displayPath(of: path), bytes: bytes, parse: parse)
        } else {
            file = try parse(bytes)
        }
        log.blobs.keep(file, for: key)
        return file
    }
}
