import Foundation
import SlipwayCore
import SlipwayYAML

/// Reads a spec and follows its `include:` entries recursively, resolving each path exactly as XcodeGen does.
///
/// XcodeGen keeps a base path and a relative path per file. The root spec starts with the project root (or its own
/// folder) as base and an empty relative path. An include with `relativePaths: true` (the default) moves the base to
/// base + relative and takes the include's folder as its relative path, so it and its own includes resolve against
/// the including file's folder; `relativePaths: false` keeps the base and empties the relative path, so they resolve
/// against the base (the project root).
struct SpecLoader {
    let context: SpecContext

    func load(_ location: SpecLocation) throws(SpecError) -> LoadedSpec {
        var state = State()
        let base = location.projectRoot?.path ?? SpecPath.parent(location.spec.path)
        try visit(path: location.spec.path, base: base, relative: "", includedFrom: nil, state: &state)
        return LoadedSpec(location: location, documents: state.documents)
    }

    private struct State {
        var documents: [SpecDocument] = []
        var seen = Set<String>()
    }

    private func visit(path: String, base: String, relative: String, includedFrom: SourceLocation?, state: inout State) throws(SpecError) {
        let url = SpecPath.canonical(URL(fileURLWithPath: path))
        // A file included twice (or a cycle of includes) is one file: read and edited once.
        guard state.seen.insert(url.path).inserted else { return }
        let display = context.displayPath(url)
        let file = try SpecLoader.parse(url, displayPath: display)
        let root = file.root
        if let root, root.kind != .mapping {
            throw SpecError("\(display) must be a mapping of spec keys (name:, settings:, targets:), found \(root.kindName)",
                            at: root, in: file, hint: "an XcodeGen spec starts with keys such as 'name: MyApp'")
        }
        state.documents.append(SpecDocument(url: url, displayPath: display, file: file, includedFrom: includedFrom))
        let includes = SpecInclude.entries(root?["include"], basePath: base, environment: context.environment)
        for include in includes where include.enable {
            let nextBase = include.relativePaths ? SpecPath.join(base, relative) : base
            let nextRelative = include.relativePaths ? SpecPath.parent(include.path) : ""
            let target = SpecPath.normalize(SpecPath.join(nextBase, include.path))
            guard SpecPath.isFile(URL(fileURLWithPath: target)) else {
                let folder = context.displayPath(URL(fileURLWithPath: SpecPath.normalize(nextBase)))
                throw SpecError(
                    "include '\(include.node.scalar)' points nowhere: \(context.displayPath(URL(fileURLWithPath: target))) does not exist",
                    at: include.node, in: file,
                    hint: "XcodeGen resolves this include against \(folder)/; fix the path or remove the entry")
            }
            try visit(path: target, base: nextBase, relative: nextRelative, includedFrom: file.location(include.node.valueStart), state: &state)
        }
    }

    /// Reads and parses one spec file; a file that is not UTF-8 text is refused before libyaml sees it, so every
    /// position reported and every edit made is a byte offset into the file as it is.
    static func parse(_ url: URL, displayPath: String) throws(SpecError) -> YAMLFile {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw SpecError("cannot read \(displayPath)", hint: "check that the file exists and is readable")
        }
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.contains(0) {
            throw SpecError("\(displayPath) is not UTF-8 text", hint: "save the spec as UTF-8 (with or without a byte-order mark)")
        }
        do {
            return try YAMLFile(path: displayPath, bytes: bytes)
        } catch {
            throw SpecError(error)
        }
    }
}
