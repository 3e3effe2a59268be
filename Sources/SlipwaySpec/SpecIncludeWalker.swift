import SlipwayCore
import SlipwayYAML

/// Follows a spec's `include:` entries recursively, resolving each path exactly as XcodeGen does. The one include
/// follower: `version`/`bump`/`run` walk the working tree through `SpecLoader`, `detect` a commit's tree through
/// `SpecIncludes`.
///
/// XcodeGen keeps a base path and a relative path per file. The root spec starts with the project root (or its own
/// folder) as base and an empty relative path. An include with `relativePaths: true` (the default) moves the base to
/// base + relative and takes the include's folder as its relative path, so it and its own includes resolve against
/// the including file's folder; `relativePaths: false` keeps the base and empties the relative path, so they resolve
/// against the base (the project root).
struct SpecIncludeWalker<Source: SpecFileSource> {
    /// One file reached, root first, in the order XcodeGen reads them.
    struct Visit {
        /// The file's identity in the source (its real path on disk).
        var path: String
        /// The parsed file; `nil` when it is missing or unreadable and the policy tolerates that.
        var file: YAMLFile?
        /// Where the `include:` entry that brought this file in is written; `nil` for the root spec.
        var includedFrom: SourceLocation?
        /// The index of the including file's visit; `nil` for the root spec.
        var parent: Int?
        /// The folder XcodeGen puts before the paths written in this file (`sources`, `configFiles`, `info.path`…),
        /// relative to the root spec's base: `relativePaths: true` includes move it to their own folder.
        var pathPrefix: String = ""
    }

    let source: Source
    /// For `${VAR}` in include paths, which XcodeGen expands from the environment.
    let environment: [String: String]
    let policy: SpecIncludePolicy
    /// The folder whose files are the spec's own, and what becomes of a file outside it.
    let boundary: SpecBoundary
    let access: SpecAccess

    /// Every file the spec at `spec` reads, each once, root first.
    func walk(spec: String, projectRoot: String?) throws(SpecError) -> [Visit] {
        var state = State(rootBase: SpecPath.normalize(projectRoot ?? SpecPath.parent(spec)))
        let base = projectRoot ?? SpecPath.parent(spec)
        try visit(spec, base: base, relative: "", origin: nil, state: &state)
        return state.visits
    }

    private struct State {
        var rootBase: String
        var visits: [Visit] = []
        var seen = Set<String>()
    }

    /// The `include:` entry a file was reached through, for the visit and for the error when it points nowhere.
    private struct Origin {
        var include: SpecInclude
        var file: YAMLFile
        /// The folder XcodeGen resolved the entry against.
        var folder: String
        /// The including file's visit.
        var index: Int
    }

    private func visit(_ path: String, base: String, relative: String, origin: Origin?, state: inout State)
        throws(SpecError)
    {
        let identity = source.identity(of: path)
        // A file included twice (or a cycle of includes) is one file: read and edited once.
        guard state.seen.insert(identity).inserted else { return }
        // Judged before the file is read: a file outside the boundary is never opened, by readers and writers
        // alike (it may be a device, a FIFO or someone else's secret). A best-effort reader goes on without it.
        let inside = boundary.contains(identity)
        if !inside {
            if policy.toleratesUnreadableFiles { return }
            throw boundary.refusal(
                source.displayPath(of: identity), include: origin?.include, in: origin?.file,
                throughLink: origin != nil && SpecPath.normalize(path) != identity, access: access)
        }
        let index = state.visits.count
        state.visits.append(
            Visit(
                path: identity, file: nil, includedFrom: origin.map { $0.file.location($0.include.node.valueStart) },
                parent: origin?.index, pathPrefix: Self.prefix(base: base, relative: relative, root: state.rootBase)))
        let file: YAMLFile
        do {
            guard let bytes = try read(identity, origin: origin) else { return }
            file = try parse(bytes, path: identity, quotesSource: inside)
        } catch {
            if policy.toleratesUnreadableFiles { return }
            throw error
        }
        state.visits[index].file = file
        let includes = SpecInclude.entries(
            file.root?["include"], basePath: base, environment: environment, source: source)
        for include in includes where include.enable {
            let nextBase = include.relativePaths ? SpecPath.join(base, relative) : base
            let nextRelative = include.relativePaths ? SpecPath.parent(include.path) : ""
            let target = SpecPath.normalize(SpecPath.join(nextBase, include.path))
            let origin = Origin(include: include, file: file, folder: SpecPath.normalize(nextBase), index: index)
            try visit(target, base: nextBase, relative: nextRelative, origin: origin, state: &state)
        }
    }

    /// XcodeGen's `resolvingPaths`: a file's paths are prefixed by its base and relative path, less the root's base.
    private static func prefix(base: String, relative: String, root: String) -> String {
        let prefix = DisplayPath.of(SpecPath.join(base, relative), relativeTo: root, outside: .climbing)
        return prefix == "." ? "" : prefix
    }

    /// The file's bytes; `nil` for a missing file the policy tolerates. Read first, then tell "missing" from
    /// "there": one lookup per file, which `detect --each` repeats often.
    private func read(_ identity: String, origin: Origin?) throws(SpecError) -> [UInt8]? {
        if let bytes = try source.contents(of: identity) { return bytes }
        // A missing file is still a spec path: a change that deletes it while the spec names it touches the spec.
        if let origin, !policy.toleratesMissingIncludes {
            throw SpecError(
                "include '\(origin.include.node.scalar)' points nowhere: \(source.displayPath(of: identity)) "
                    + "does not exist",
                at: origin.include.node, in: origin.file,
                hint: "XcodeGen resolves this include against \(source.displayPath(of: origin.folder))/; fix the "
                    + "path or remove the entry")
        }
        if origin == nil, !policy.toleratesUnreadableFiles {
            throw SpecError(
                "cannot read \(source.displayPath(of: identity))", hint: "check that the file exists and is readable")
        }
        return nil
    }

    /// Parses one spec file, which must be a mapping of spec keys.
    private func parse(_ bytes: [UInt8], path: String, quotesSource: Bool) throws(SpecError) -> YAMLFile {
        // Named only when parsed or refused: `detect --each` finds most files parsed already.
        let file = try source.parsed(path, bytes: bytes) { [source] bytes throws(SpecError) in
            try Self.parse(bytes, displayPath: source.displayPath(of: path), quotesSource: quotesSource)
        }
        if let root = file.root, root.kind != .mapping {
            let display = source.displayPath(of: path)
            throw SpecError(
                "\(display) must be a mapping of spec keys (name:, settings:, targets:), found \(root.kindName)",
                at: root, in: file, hint: "an XcodeGen spec starts with keys such as 'name: MyApp'")
        }
        return file
    }

    /// Parses bytes as a spec file; a file that is not UTF-8 text is refused before libyaml sees it, so every
    /// position reported and every edit made is a byte offset into the file as it is. Without `quotesSource`
    /// (a file outside the boundary), errors give positions and problems, never the file's text.
    static func parse(_ bytes: [UInt8], displayPath: String, quotesSource: Bool) throws(SpecError) -> YAMLFile {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.contains(0) {
            throw SpecError(
                "\(displayPath) is not UTF-8 text", hint: "save the spec as UTF-8 (with or without a byte-order mark)")
        }
        do {
            return try YAMLFile(path: displayPath, bytes: bytes, quotesSource: quotesSource)
        } catch {
            throw SpecError(error)
        }
    }
}

/// What a reader of the spec can live without while following `include:`.
package struct SpecIncludePolicy: Sendable {
    /// An include that points nowhere is kept as a path without contents instead of failing.
    var toleratesMissingIncludes: Bool
    /// A file that cannot be read or parsed is kept as a path without contents (and without includes).
    var toleratesUnreadableFiles: Bool

    /// `version` and `bump`: every problem is an error, as XcodeGen fails on it.
    static let strict = SpecIncludePolicy(toleratesMissingIncludes: false, toleratesUnreadableFiles: false)
    /// Default stages: a missing include only means less to derive from (its path may come from the stage's
    /// environment); a malformed file is still an error.
    package static let missingIncludesSkipped = SpecIncludePolicy(
        toleratesMissingIncludes: true, toleratesUnreadableFiles: false)
    /// `detect`: judging a commit never fails on its spec; every path reached still counts.
    static let bestEffort = SpecIncludePolicy(toleratesMissingIncludes: true, toleratesUnreadableFiles: true)
}
